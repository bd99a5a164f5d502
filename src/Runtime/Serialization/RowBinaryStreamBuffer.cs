using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The bytes of a stream of rows not parsed yet, in one pooled array (<see cref="StreamBufferPool"/>): whole rows are parsed where they lie, and a
/// row cut by the end of what has arrived moves to the front when more room is needed. The array grows only as
/// bytes arrive (a length read from the data never sizes it), so memory stays bounded by the bytes given.
/// </summary>
/// <remarks>
/// A stream that fails after delivering bytes does not lose them: the failure is kept (<see cref="ThrowIfFailed"/>)
/// until the rows before it have been parsed, so every whole row reaches the caller before the error.
/// </remarks>
internal sealed class RowBinaryStreamBuffer : IDisposable
{
    private const int InitialSize = 128 * 1024;

    /// <summary>The least free space offered to a read: fewer, larger reads.</summary>
    private const int MinimumReadSize = 32 * 1024;

    /// <summary>
    /// The array grows to this, doubling, while reads fill all the room they are offered (the stream delivers faster
    /// than the rows are parsed). Every block of data ends in a row cut short, read once in vain (its strings made and
    /// dropped) and again whole after the next read: fewer, larger blocks waste less (<c>hits</c> with every string
    /// distinct: 1.2 MB a read of 100,000 rows in blocks of 128 KiB).
    /// </summary>
    private const int LargestReadSize = 1024 * 1024;

    private readonly Stream _stream;
    private byte[] _buffer;
    private int _start;
    private int _end;
    private bool _filledRoom;
    private ExceptionDispatchInfo? _failure;

    public RowBinaryStreamBuffer(Stream stream)
    {
        _stream = stream;
        _buffer = StreamBufferPool.Rent(InitialSize);
    }

    /// <summary>The bytes not consumed yet.</summary>
    public ReadOnlySequence<byte> Data => new(_buffer, _start, _end - _start);

    /// <summary>True once the stream has ended (or failed): nothing more will arrive.</summary>
    public bool IsCompleted { get; private set; }

    /// <summary>True when the stream failed rather than ended.</summary>
    public bool Failed => _failure is not null;

    /// <summary>Marks <paramref name="count"/> bytes from the start of <see cref="Data"/> as parsed.</summary>
    public void Consume(long count)
    {
        _start += (int)count;
        if (_start == _end)
        {
            _start = 0;
            _end = 0;
        }
    }

    /// <summary>
    /// Reads until <paramref name="preferred"/> unparsed bytes are held, or at least <paramref name="minimum"/> when
    /// the stream made a read wait (it paused: the rows so far should not wait for whatever comes next), or the
    /// stream ends or fails. With both 0, one read. A cut row is parsed again from its start, so retrying at every
    /// small read would cost the square of the row's size; see <see cref="RowBinaryStreamParser{T, TDecoder}"/>.
    /// With <paramref name="stopAtPreferred"/>, no read asks for more than <paramref name="preferred"/> still needs (at
    /// least <see cref="MinimumReadSize"/>): for a Native reader, which moves whatever it read past a block to the front
    /// of the array once the block is read (a stream that fills every read's room, from memory or read ahead, moved 43 MB
    /// of a 65 MB `hits` read so).
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    public async ValueTask FillAsync(long minimum, long preferred, CancellationToken cancellationToken, bool stopAtPreferred = false)
    {
        while (!IsCompleted)
        {
            MakeRoom();
            int read;
            bool waited;
            try
            {
                Memory<byte> room = _buffer.AsMemory(_end);
                long wanted = preferred - (_end - _start);
                if (stopAtPreferred && wanted > 0)
                {
                    room = room[..(int)Math.Min(room.Length, Math.Max(wanted, MinimumReadSize))];
                }
                ValueTask<int> pending = _stream.ReadAsync(room, cancellationToken);
                waited = !pending.IsCompleted;
                read = await pending.ConfigureAwait(false);
                _filledRoom = read == room.Length;
            }
            catch (Exception e) when (!(e is OperationCanceledException && cancellationToken.IsCancellationRequested))
            {
                _failure = ExceptionDispatchInfo.Capture(e);
                IsCompleted = true;
                return;
            }
            if (read == 0)
            {
                IsCompleted = true;
                return;
            }
            _end += read;
            long held = _end - _start;
            if (held >= preferred || (waited && held >= minimum))
            {
                return;
            }
        }
    }

    /// <summary>
    /// Moves the bytes not consumed yet to the front of the array now, while they are few (a Native reader, after a
    /// block: what it read of the next), instead of when the array's end is reached, by then most of a block.
    /// </summary>
    public void MoveToFront()
    {
        if (_start > 0)
        {
            MoveHeldTo(_buffer);
        }
    }

    /// <summary>Throws the stream's failure, once what arrived before it has been parsed.</summary>
    public void ThrowIfFailed() => _failure?.Throw();

    /// <summary>
    /// Moves a cut row to the front, or grows the array (doubling) when the row fills most of it or the last read
    /// filled all its room (up to <see cref="LargestReadSize"/>).
    /// </summary>
    private void MakeRoom()
    {
        bool grow = _filledRoom && _buffer.Length < LargestReadSize;
        if (_buffer.Length - _end >= MinimumReadSize && !grow)
        {
            return;
        }
        int held = _end - _start;
        if (held > Array.MaxLength - MinimumReadSize)
        {
            throw new RowBinaryException($"A row of more than {Array.MaxLength - MinimumReadSize} bytes cannot be read from a stream: it does not fit in one .NET array.", offset: 0);
        }
        byte[] target = _buffer;
        if (grow || _buffer.Length - held < MinimumReadSize * 2)
        {
            long size = Math.Min(Math.Max((long)_buffer.Length * 2, held + (MinimumReadSize * 2L)), Array.MaxLength);
            target = StreamBufferPool.Rent((int)size);
        }
        MoveHeldTo(target);
    }

    /// <summary>Copies the bytes not consumed yet to the start of <paramref name="target"/> (the array itself, or a larger one that replaces it).</summary>
    private void MoveHeldTo(byte[] target)
    {
        int held = _end - _start;
        Buffer.BlockCopy(_buffer, _start, target, 0, held);
        if (!ReferenceEquals(target, _buffer))
        {
            StreamBufferPool.Return(_buffer);
            _buffer = target;
        }
        _start = 0;
        _end = held;
    }

    public void Dispose()
    {
        if (_buffer.Length > 0)
        {
            StreamBufferPool.Return(_buffer);
            _buffer = [];
        }
    }
}
