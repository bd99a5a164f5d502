using System;
using System.Buffers;
using System.Buffers.Binary;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Frames what is written as a zlib stream (the <c>deflate</c> content coding) of stored, uncompressed blocks, without
/// zlib: one copy and a vectorized Adler-32, where zlib's own stored blocks cost two copies and a write every 8 KiB.
/// Disposing writes the end mark (a final empty block and the checksum) into the destination, which stays open: a
/// stream that stops before its end mark fails to decompress on every server.
/// </summary>
internal sealed class StoredZLibStream : Stream
{
    /// <summary>What goes to the destination in one write: the data and its blocks' headers.</summary>
    private const int BufferSize = 256 * 1024;

    private const int MaxBlock = ushort.MaxValue;
    private const int BlockHeaderSize = 5;

    /// <summary>A final block (BFINAL set, stored, empty) and the four bytes of the checksum.</summary>
    private const int EndSize = BlockHeaderSize + sizeof(uint);

    private readonly Stream _destination;
    private byte[]? _buffer = ArrayPool<byte>.Shared.Rent(BufferSize);
    private int _buffered;
    private uint _adler = 1;

    public StoredZLibStream(Stream destination)
    {
        _destination = destination;
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: no dictionary, CMF·256 + FLG a multiple of 31.
        _buffer[0] = 0x78;
        _buffer[1] = 0x01;
        _buffered = 2;
    }

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> data)
    {
        _adler = Adler32.Update(_adler, data);
        while (!(data = AppendBlocks(data)).IsEmpty)
        {
            WritePending();
        }
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> data, CancellationToken cancellationToken = default)
    {
        _adler = Adler32.Update(_adler, data.Span);
        while (!(data = data.Slice(data.Length - AppendBlocks(data.Span).Length)).IsEmpty)
        {
            await WritePendingAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    public override void Flush()
    {
        WritePending();
        _destination.Flush();
    }

    public override async Task FlushAsync(CancellationToken cancellationToken)
    {
        await WritePendingAsync(cancellationToken).ConfigureAwait(false);
        await _destination.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing && _buffer is not null)
        {
            if (!AppendEnd())
            {
                WritePending();
                AppendEnd();
            }
            WritePending();
            Release();
        }
        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        if (_buffer is not null)
        {
            if (!AppendEnd())
            {
                await WritePendingAsync(default).ConfigureAwait(false);
                AppendEnd();
            }
            await WritePendingAsync(default).ConfigureAwait(false);
            Release();
        }
        await base.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>Copies as many stored blocks of <paramref name="data"/> as the buffer holds; returns what did not fit.</summary>
    private ReadOnlySpan<byte> AppendBlocks(ReadOnlySpan<byte> data)
    {
        byte[] buffer = _buffer ?? throw new ObjectDisposedException(nameof(StoredZLibStream));
        while (!data.IsEmpty && buffer.Length - _buffered > BlockHeaderSize)
        {
            int length = Math.Min(Math.Min(data.Length, MaxBlock), buffer.Length - _buffered - BlockHeaderSize);
            Span<byte> block = buffer.AsSpan(_buffered);
            block[0] = 0x00; // BFINAL clear, BTYPE 00: stored
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(1), (ushort)length);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(3), (ushort)~length);
            data.Slice(0, length).CopyTo(block.Slice(BlockHeaderSize));
            _buffered += BlockHeaderSize + length;
            data = data.Slice(length);
        }
        return data;
    }

    /// <summary>Appends the end mark when it fits in the buffer.</summary>
    private bool AppendEnd()
    {
        Span<byte> end = _buffer.AsSpan(_buffered);
        if (end.Length < EndSize)
        {
            return false;
        }
        end[0] = 0x01; // BFINAL set, BTYPE 00: stored
        BinaryPrimitives.WriteUInt16LittleEndian(end.Slice(1), 0);
        BinaryPrimitives.WriteUInt16LittleEndian(end.Slice(3), 0xFFFF);
        BinaryPrimitives.WriteUInt32BigEndian(end.Slice(BlockHeaderSize), _adler);
        _buffered += EndSize;
        return true;
    }

    private void WritePending()
    {
        if (_buffered > 0)
        {
            _destination.Write(_buffer.AsSpan(0, _buffered));
            _buffered = 0;
        }
    }

    private async ValueTask WritePendingAsync(CancellationToken cancellationToken)
    {
        if (_buffered > 0)
        {
            await _destination.WriteAsync(_buffer.AsMemory(0, _buffered), cancellationToken).ConfigureAwait(false);
            _buffered = 0;
        }
    }

    private void Release()
    {
        ArrayPool<byte>.Shared.Return(_buffer!);
        _buffer = null;
    }
}
