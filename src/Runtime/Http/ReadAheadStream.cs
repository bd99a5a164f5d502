using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads a response body ahead of its reader, on a thread of its own, so that the transport (socket reads,
/// decompression) runs beside the parsing of the rows instead of between its steps. <see cref="ClickHouseResponseStream"/>
/// puts one over a body once the body has proved large, and is compressed or arrives faster than it is parsed: a small
/// answer never starts a second thread, never rents a chunk.
/// </summary>
/// <remarks>
/// At most <see cref="DefaultChunks"/> (or the chunks given) of <see cref="ChunkSize"/> bytes each are read ahead: memory is bounded per body,
/// whatever its size. Reads must not overlap (as for any stream). A failure of the inner stream reaches the reader at
/// the point of the body where it happened, after every byte read before it. Cancelling a read stops the wait, not the
/// reading ahead; disposing stops that, and returns the chunks once the reading ahead has ended.
/// </remarks>
internal sealed class ReadAheadStream : Stream
{
    internal const int ChunkSize = 128 * 1024;

    /// <summary>The chunks read ahead of a body by default: 512 KiB, enough for a reader that parses as bytes arrive.</summary>
    public const int DefaultChunks = 4;

    /// <summary>
    /// The chunks read ahead of a Native body: 4 MiB. A Native reader waits for a whole block before it builds a row, so
    /// while it builds one block's rows the next block must be able to arrive; with 512 KiB the transfer stalled under
    /// every block (<c>hits</c> streamed from the replay server in blocks of 8,192 rows, 4 MB each: 79 to 87 ms a read,
    /// 70 to 78 ms with 4 MiB, RowBinary 53 to 61 ms). Chunks of 128 KiB hand bytes over sooner than fewer larger ones
    /// (4 of 1 MiB: 75 to 80 ms).
    /// </summary>
    public const int NativeChunks = 32;

    private readonly Stream _inner;

    private readonly Channel<Chunk> _filled;
    private readonly Channel<byte[]> _free;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _reading;
    private Chunk _current;
    private int _offset;
    private bool _ended;
    private bool _disposed;

    /// <summary>Starts reading <paramref name="inner"/> ahead, at most <paramref name="chunks"/> chunks; it is disposed with this stream.</summary>
    public ReadAheadStream(Stream inner, int chunks = DefaultChunks)
    {
        _inner = inner;
        // Chunks read and not yet handed over, in body order, the last saying how the body ended; and chunks handed over.
        _filled = Channel.CreateUnbounded<Chunk>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
        // The reading side also hands back the chunk a failed read was given: two writers.
        _free = Channel.CreateUnbounded<byte[]>(new UnboundedChannelOptions { SingleReader = true });
        for (int i = 0; i < chunks; i++)
        {
            _free.Writer.TryWrite(ArrayPool<byte>.Shared.Rent(ChunkSize));
        }
        _reading = Task.Run(ReadAheadAsync);
    }

    /// <summary>A chunk of the body: <see cref="Count"/> bytes of <see cref="Buffer"/>; no bytes at the end, with <see cref="Failure"/> when it broke off.</summary>
    private readonly record struct Chunk(byte[]? Buffer, int Count, ExceptionDispatchInfo? Failure);

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (buffer.IsEmpty)
        {
            return 0;
        }
        int copied;
        while ((copied = CopyReady(buffer)) == 0 && !_ended)
        {
            ValueTask<bool> waiting = _filled.Reader.WaitToReadAsync();
            if (!(waiting.IsCompleted ? waiting.Result : waiting.AsTask().GetAwaiter().GetResult()))
            {
                throw NoEnd();
            }
        }
        return copied;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (buffer.IsEmpty)
        {
            return new ValueTask<int>(0);
        }
        int copied = CopyReady(buffer.Span);
        return copied > 0 || _ended ? new ValueTask<int>(copied) : WaitAndCopyAsync(buffer, cancellationToken);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> WaitAndCopyAsync(Memory<byte> buffer, CancellationToken cancellationToken)
    {
        int copied;
        do
        {
            if (!await _filled.Reader.WaitToReadAsync(cancellationToken).ConfigureAwait(false))
            {
                throw NoEnd();
            }
        }
        while ((copied = CopyReady(buffer.Span)) == 0 && !_ended);
        return copied;
    }

    private static InvalidOperationException NoEnd() => new("The reading ahead ended without saying how the body ended.");

    /// <summary>The reading side: fills free chunks from the body in order, and ends with a chunk that says how the body ended.</summary>
    private async Task ReadAheadAsync()
    {
        CancellationToken stop = _stop.Token;
        ChannelWriter<Chunk> filled = _filled.Writer;
        try
        {
            while (true)
            {
                byte[] chunk = await _free.Reader.ReadAsync(stop).ConfigureAwait(false);
                int read;
                try
                {
                    read = await _inner.ReadAsync(chunk.AsMemory(0, ChunkSize), stop).ConfigureAwait(false);
                }
                catch
                {
                    _free.Writer.TryWrite(chunk);
                    throw;
                }
                filled.TryWrite(new Chunk(chunk, read, null));
                if (read == 0)
                {
                    return;
                }
            }
        }
        catch (Exception e) when (!stop.IsCancellationRequested)
        {
            filled.TryWrite(new Chunk(null, 0, ExceptionDispatchInfo.Capture(e)));
        }
        catch (Exception)
        {
            // Disposed: nobody reads on.
        }
        finally
        {
            filled.TryComplete();
        }
    }

    /// <summary>
    /// Copies out as much of the chunks read as fits, in order, handing each emptied chunk back at once; 0 when none is
    /// ready. At the end of the body, ends; a failure is thrown once every byte before it was copied out.
    /// </summary>
    private int CopyReady(Span<byte> destination)
    {
        int copied = 0;
        while (copied < destination.Length && !_ended)
        {
            if (_current.Buffer is null)
            {
                if (!_filled.Reader.TryPeek(out Chunk next) || (next.Failure is not null && copied > 0))
                {
                    break;
                }
                _filled.Reader.TryRead(out _);
                if (next.Failure is { } failure)
                {
                    _ended = true;
                    failure.Throw();
                }
                if (next.Count == 0)
                {
                    _ended = true;
                    _free.Writer.TryWrite(next.Buffer!);
                    break;
                }
                _current = next;
                _offset = 0;
            }
            int count = Math.Min(destination.Length - copied, _current.Count - _offset);
            _current.Buffer.AsSpan(_offset, count).CopyTo(destination.Slice(copied));
            _offset += count;
            copied += count;
            if (_offset == _current.Count)
            {
                _free.Writer.TryWrite(_current.Buffer!);
                _current = default;
            }
        }
        return copied;
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _disposed = true;
            _stop.Cancel();
            // The reading side ends promptly once cancelled (it never throws); its chunk must not go back to the pool while it reads into it.
            _reading.GetAwaiter().GetResult();
            ReturnChunks();
            _inner.Dispose();
        }
        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        if (!_disposed)
        {
            _disposed = true;
            await _stop.CancelAsync().ConfigureAwait(false);
            await _reading.ConfigureAwait(false);
            ReturnChunks();
            await _inner.DisposeAsync().ConfigureAwait(false);
        }
        GC.SuppressFinalize(this);
    }

    private void ReturnChunks()
    {
        if (_current.Buffer is { } current)
        {
            ArrayPool<byte>.Shared.Return(current);
            _current = default;
        }
        while (_filled.Reader.TryRead(out Chunk chunk))
        {
            if (chunk.Buffer is { } buffer)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
        while (_free.Reader.TryRead(out byte[]? buffer))
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
        _stop.Dispose();
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
