using System.Buffers.Binary;
using ClickHouse.RowBinary.Tests.Serialization.Rows;

namespace ClickHouse.RowBinary.Tests.Serialization.Streams;

/// <summary>
/// A read-only stream that produces the RowBinary bytes of <see cref="TickRows.Create"/>(0..count) as it is read,
/// encoded here by hand (not by the code under test), holding one row at a time: a stream of any length with
/// constant memory. Reads complete synchronously; <see cref="RowsStarted"/> says how far the reader has pulled.
/// </summary>
internal sealed class GeneratedTickStream(long rowCount) : Stream
{
    private readonly byte[] _row = new byte[32];
    private int _rowLength;
    private int _rowPosition;

    public long RowsStarted { get; private set; }

    public long BytesRead { get; private set; }

    /// <summary>The encoding of one row: id UInt64, at DateTime, value Nullable(Float64), status Enum8, label String.</summary>
    public static int Encode(Tick tick, Span<byte> destination)
    {
        int length = 0;
        BinaryPrimitives.WriteUInt64LittleEndian(destination, tick.Id);
        length += 8;
        BinaryPrimitives.WriteUInt32LittleEndian(destination[length..], (uint)((tick.At - DateTime.UnixEpoch).Ticks / TimeSpan.TicksPerSecond));
        length += 4;
        if (tick.Value is double value)
        {
            destination[length++] = 0;
            BinaryPrimitives.WriteDoubleLittleEndian(destination[length..], value);
            length += 8;
        }
        else
        {
            destination[length++] = 1;
        }
        destination[length++] = (byte)tick.Status;
        if (tick.Label is { Length: > 0 })
        {
            throw new ArgumentException("Generated ticks have empty labels.", nameof(tick));
        }
        destination[length++] = 0;
        return length;
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        int written = 0;
        while (written < buffer.Length)
        {
            if (_rowPosition == _rowLength)
            {
                if (RowsStarted == rowCount)
                {
                    break;
                }
                _rowLength = Encode(TickRows.Create(RowsStarted), _row);
                _rowPosition = 0;
                RowsStarted++;
            }
            int chunk = Math.Min(buffer.Length - written, _rowLength - _rowPosition);
            _row.AsSpan(_rowPosition, chunk).CopyTo(buffer[written..]);
            _rowPosition += chunk;
            written += chunk;
        }
        BytesRead += written;
        return written;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(Read(buffer.Span));
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
