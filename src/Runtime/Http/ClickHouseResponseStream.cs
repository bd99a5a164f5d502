using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// A result body that never lets ClickHouse error text reach the reader as data. The last
/// <see cref="TailWindow"/> bytes are held back: bytes are released only once that many more have arrived, or
/// at the end of the body after the held-back tail was checked for error text (see <see cref="ClickHouseErrorText"/>).
/// When the body ends with a server error (or breaks off), the data before it is released and the next read throws
/// a <see cref="ClickHouseServerException"/> (or the IO error, with context).
/// </summary>
/// <remarks>
/// The held-back bytes live in a ring buffer, so holding them back costs memory, not copying. Error texts are a
/// few hundred bytes; the window is large because some (with long query text) run to tens of kilobytes. With an
/// exception tag (servers 25.11 and later) the frame is recognised as it arrives, wherever it starts, and only a
/// few dozen bytes are held back. The ring starts small, pooled, and doubles (up to twice the window) only when it
/// is full or a read filled all the room it was offered: an INSERT acknowledgement or a small answer never rents
/// the half MiB a large body reads through, and no request rents from the large object heap unless its body is large.
/// </remarks>
internal sealed class ClickHouseResponseStream : Stream
{
    /// <summary>How many bytes at the end of the body are held back until the body is known to end with data.</summary>
    internal const int TailWindow = 256 * 1024;

    private const int BufferSize = 2 * TailWindow;

    /// <summary>
    /// How much of a body left before its end is read on, while reads complete at once, to find that its end has
    /// already arrived (a small answer read only in part): then the query is over, not abandoned.
    /// </summary>
    private const int FinishLimit = 64 * 1024;

    /// <summary>
    /// Bytes received before the rest of a body is read ahead, on a thread of its own (<see cref="ReadAheadStream"/>),
    /// while the reader parses: the answers of small queries stay on one thread and rent nothing more. Only a compressed
    /// body, or one that arrives faster than it is parsed, is read ahead: when the server is what the reader waits for
    /// (ClickHouse on the same cores), reading ahead only takes the body in smaller pieces (a Native read of a million rows
    /// from 18.16 took 360 ms instead of 280).
    /// </summary>
    internal const int ReadAheadAfter = 1024 * 1024;

    /// <summary>The ring's first size: most answers (acknowledgements, errors, small results) fit.</summary>
    internal const int InitialBufferSize = 64 * 1024;

    /// <summary>A tag is a short token; a longer header is not one this reader relies on.</summary>
    private const int MaxTagLength = 128;

    /// <summary>The body; past <see cref="ReadAheadAfter"/> bytes (of a compressed body, or one that arrives faster than it is parsed), a <see cref="ReadAheadStream"/> over it.</summary>
    private Stream _inner;
    private readonly HttpResponseMessage _response;
    private readonly RequestTelemetry _telemetry;
    private readonly byte[] _tag;
    private readonly string? _queryId;
    private readonly bool _compressed;

    /// <summary>
    /// <see cref="TailWindow"/>, or with an exception tag only what could be the start of a tagged frame cut by the
    /// end of a read: servers that send a tag (25.11 and later) write errors only as tagged frames, which
    /// <see cref="ScanForTaggedFrame"/> finds as they arrive, so the rest can go to the reader at once.
    /// </summary>
    private readonly int _holdBack;
    private byte[]? _ring;

    /// <summary>The last read filled all the room it was offered: more was waiting, so a larger ring means fewer reads.</summary>
    private bool _filledRoom;

    /// <summary>Offsets in the body: bytes before <see cref="_released"/> were handed out, before <see cref="_received"/> arrived.</summary>
    private long _released;
    private long _received;

    /// <summary>Where error text starts in the body, once known: no byte from there on is released.</summary>
    private long _errorAt = -1;

    /// <summary>Thrown once every byte before <see cref="_errorAt"/> has been released.</summary>
    private Exception? _failure;
    private bool _completed;

    /// <param name="inner">The (decompressed) body.</param>
    /// <param name="response">The HTTP response: this stream owns it, and disposes it.</param>
    /// <param name="telemetry">The request's telemetry: told what was read, and ended when this stream is disposed.</param>
    /// <param name="exceptionTag">The <c>X-ClickHouse-Exception-Tag</c> header, when the server sent one.</param>
    /// <param name="queryId">The query id, for error messages.</param>
    public ClickHouseResponseStream(Stream inner, HttpResponseMessage response, RequestTelemetry telemetry, string? exceptionTag, string? queryId)
    {
        _inner = inner;
        _response = response;
        _telemetry = telemetry;
        _tag = exceptionTag is { Length: > 0 and <= MaxTagLength } && Ascii.IsValid(exceptionTag) ? Encoding.ASCII.GetBytes(exceptionTag) : [];
        _queryId = queryId;
        _compressed = response.Content.Headers.ContentEncoding.Count > 0;
        _holdBack = _tag.Length > 0 ? ClickHouseErrorText.MaxTaggedFrameOpening(_tag.Length) + 2 : TailWindow;
        _ring = ArrayPool<byte>.Shared.Rent(InitialBufferSize);
    }

    /// <summary>
    /// Called when the stream is disposed before the body ended (the caller cancelled, or stopped reading): the query may
    /// still be running on the server. Not called when the body ended, with data or with the server's error.
    /// </summary>
    internal Action? Abandoned { get; set; }

    /// <summary>Whether the rest of the body is read ahead (<see cref="ReadAheadAfter"/>).</summary>
    internal bool ReadingAhead => _inner is ReadAheadStream;

    /// <summary>
    /// How many chunks the reading ahead may hold (<see cref="ReadAheadStream.DefaultChunks"/>; a Native reader, which
    /// waits for whole blocks, sets <see cref="ReadAheadStream.NativeChunks"/>).
    /// </summary>
    internal int ReadAheadChunks { get; set; } = ReadAheadStream.DefaultChunks;

    /// <summary>Bytes of the body handed to the reader so far.</summary>
    internal long BytesDelivered => _released;

    /// <summary>The server error or broken body this stream found, if any.</summary>
    internal Exception? Failure => _failure;

    /// <summary>A header of the response; null when it has none of that name.</summary>
    internal string? ResponseHeader(string name)
        => _response.Headers.TryGetValues(name, out IEnumerable<string>? values) ? values.FirstOrDefault() : null;

    /// <summary>A typed read produced <paramref name="rows"/> rows from this body: told to the request's telemetry.</summary>
    internal void RowsRead(long rows) => _telemetry.Read(rows, _released);

    /// <summary>Reading this body failed with <paramref name="failure"/> (the request fails with it).</summary>
    internal void Failed(Exception failure) => _telemetry.Failed(failure);

    /// <summary>
    /// The body is dropped for a new attempt elsewhere (a streamed read that broke off before its first row): the request
    /// failed, and its progress is not reported further.
    /// </summary>
    internal void Dropped(Exception failure) => _telemetry.Dropped(failure);

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => _released;
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        if (buffer.IsEmpty)
        {
            return 0;
        }
        while (true)
        {
            int released = Release(buffer);
            if (released > 0 || _completed)
            {
                return released;
            }
            int read;
            Memory<byte> room = FreeSpace();
            try
            {
                read = _inner.Read(room.Span);
            }
            catch (Exception e) when (e is IOException or HttpRequestException)
            {
                Fail(e);
                continue;
            }
            _filledRoom = IsFilled(read, room.Length);
            Received(read);
        }
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (buffer.IsEmpty)
        {
            return 0;
        }
        while (true)
        {
            int released = Release(buffer.Span);
            if (released > 0 || _completed)
            {
                return released;
            }
            // A read that filled all its room found more waiting: the body comes faster than it is parsed. A compressed
            // body is read ahead whatever its pace: its decompression is work the other core can take.
            if (!ReadingAhead && _received >= ReadAheadAfter && (_filledRoom || _compressed))
            {
                _inner = new ReadAheadStream(_inner, ReadAheadChunks);
            }
            int read;
            Memory<byte> room = FreeSpace();
            try
            {
                read = await _inner.ReadAsync(room, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is IOException or HttpRequestException && !cancellationToken.IsCancellationRequested)
            {
                Fail(e);
                continue;
            }
            _filledRoom = IsFilled(read, room.Length);
            Received(read);
        }
    }

    /// <summary>
    /// Copies out what may be released: all but the held-back tail while the body goes on, all of it once the body
    /// ended with data, and never error text. Throws the failure once only error text (or nothing) is left.
    /// </summary>
    private int Release(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_ring is null, this);
        long limit = _errorAt >= 0 ? _errorAt : _completed ? _received : _received - _holdBack;
        long releasable = limit - _released;
        if (releasable <= 0)
        {
            return _failure is null ? 0 : throw _failure;
        }
        int count = (int)Math.Min(releasable, destination.Length);
        CopyOut(_released, destination.Slice(0, count));
        _released += count;
        _telemetry.Delivered(_released);
        return count;
    }

    /// <summary>The largest contiguous free region of the ring, after the bytes received; grows the ring first when it is full or the last read filled its room.</summary>
    private Memory<byte> FreeSpace()
    {
        byte[] ring = _ring!;
        bool full = _received - _released == ring.Length;
        if ((full || _filledRoom) && ring.Length < BufferSize)
        {
            ring = Grow();
        }
        else if (full)
        {
            // Only an error frame holds this much back: stop reading and report what arrived.
            Fail(null);
            throw _failure!;
        }
        int start = (int)(_received % ring.Length);
        int end = (int)(_released % ring.Length);
        return ring.AsMemory(start, end > start ? end - start : ring.Length - start);
    }

    private void Received(int count)
    {
        if (count > 0)
        {
            _received += count;
            if (_tag.Length > 0 && _errorAt < 0)
            {
                ScanForTaggedFrame(count);
            }
        }
        else if (!FindError(innerException: null))
        {
            _completed = true;
        }
    }

    /// <summary>The body broke off: the server's error if it wrote one before, else the IO error with context.</summary>
    private void Fail(Exception? ioError)
    {
        if (!FindError(ioError))
        {
            _errorAt = _received;
            _failure = new IOException(
                $"The ClickHouse response broke off after {_received} bytes{(_queryId is null ? "" : $" [query id {_queryId}]")} with no error message from the server: {ioError?.Message}",
                ioError);
        }
    }

    /// <summary>Looks for error text at the end of what arrived; when found, records where it starts and the exception to throw there.</summary>
    private bool FindError(Exception? innerException)
    {
        long from = _errorAt >= 0 ? _errorAt : _released;
        int length = (int)(_received - from);
        if (length == 0)
        {
            return false;
        }
        byte[] tail = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            CopyOut(from, tail.AsSpan(0, length));
            string? message = ClickHouseErrorText.FindInTail(tail.AsSpan(0, length), _tag, out int start);
            if (message is null)
            {
                return false;
            }
            _errorAt = from + start;
            _failure = new ClickHouseServerException(ClickHouseErrorText.ParseCode(message), message, HttpStatusCode.OK, _queryId, innerException);
            return true;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(tail);
        }
    }

    /// <summary>
    /// Looks for a tagged error frame in the <paramref name="count"/> bytes just received, plus enough bytes before
    /// them to catch a frame opening split across reads. New bytes never wrap around the ring (they were read into
    /// one contiguous free region); only the older overlap can, and that is copied into a small seam buffer.
    /// </summary>
    private void ScanForTaggedFrame(int count)
    {
        byte[] ring = _ring!;
        int overlap = ClickHouseErrorText.MaxTaggedFrameOpening(_tag.Length) - 1;
        long from = Math.Max(_released, _received - count - overlap);
        int start = (int)(from % ring.Length);
        int length = (int)(_received - from);
        if (start + length <= ring.Length)
        {
            SetErrorFrame(from, ClickHouseErrorText.FindTaggedFrame(ring.AsSpan(start, length), _tag));
            return;
        }
        int beforeWrap = ring.Length - start;
        int afterWrap = length - beforeWrap;
        Span<byte> seam = stackalloc byte[beforeWrap + Math.Min(afterWrap, overlap)];
        CopyOut(from, seam);
        SetErrorFrame(from, ClickHouseErrorText.FindTaggedFrame(seam, _tag));
        if (_errorAt < 0)
        {
            SetErrorFrame(from + beforeWrap, ClickHouseErrorText.FindTaggedFrame(ring.AsSpan(0, afterWrap), _tag));
        }
    }

    /// <summary>Holds back a tagged frame found at <paramref name="from"/> + <paramref name="index"/>, with the line break before it.</summary>
    private void SetErrorFrame(long from, int index)
    {
        if (index < 0)
        {
            return;
        }
        long frame = from + index;
        Span<byte> before = stackalloc byte[2];
        int available = (int)Math.Min(2, frame - _released);
        CopyOut(frame - available, before.Slice(2 - available));
        _errorAt = available == 2 && before[0] == (byte)'\r' && before[1] == (byte)'\n' ? frame - 2
            : available >= 1 && before[1] == (byte)'\n' ? frame - 1
            : frame;
    }

    /// <summary>A read that filled a room of at least a quarter of the ring: a small room (before the ring wraps) says nothing.</summary>
    private bool IsFilled(int read, int room) => read == room && room >= _ring!.Length / 4;

    /// <summary>Doubles the ring, keeping every byte not released yet where its body offset maps in the larger ring.</summary>
    private byte[] Grow()
    {
        // The shared pool hands out exactly the power of two asked for: the ring's length is its modulus.
        byte[] larger = ArrayPool<byte>.Shared.Rent(Math.Min(_ring!.Length * 2, BufferSize));
        int length = larger.Length;
        int held = (int)(_received - _released);
        int start = (int)(_released % length);
        int first = Math.Min(held, length - start);
        CopyOut(_released, larger.AsSpan(start, first));
        CopyOut(_released + first, larger.AsSpan(0, held - first));
        ArrayPool<byte>.Shared.Return(_ring);
        _ring = larger;
        _filledRoom = false;
        return larger;
    }

    /// <summary>Copies the body bytes from offset <paramref name="from"/> out of the ring.</summary>
    private void CopyOut(long from, Span<byte> destination)
    {
        byte[] ring = _ring!;
        int start = (int)(from % ring.Length);
        int first = Math.Min(destination.Length, ring.Length - start);
        ring.AsSpan(start, first).CopyTo(destination);
        ring.AsSpan(0, destination.Length - first).CopyTo(destination.Slice(first));
    }

    /// <summary>Whether the body was left before its end, with the query perhaps still running.</summary>
    private bool LeftBeforeEnd => !_completed && _failure is not ClickHouseServerException;

    /// <summary>
    /// Whether the rest of a body left before its end had already arrived: reads on, discarding, while reads complete
    /// at once, up to <see cref="FinishLimit"/>. A read that has to wait is cancelled (which ends the connection) and
    /// awaited here, so that none is left writing into buffers that the disposal returns, and its failure is observed.
    /// </summary>
    private async ValueTask<bool> EndArrivedAsync()
    {
        if (_failure is not null)
        {
            return false;
        }
        byte[] scratch = ArrayPool<byte>.Shared.Rent(16 * 1024);
        using var waiting = new CancellationTokenSource();
        try
        {
            for (int budget = FinishLimit; budget > 0;)
            {
                ValueTask<int> read = _inner.ReadAsync(scratch.AsMemory(0, Math.Min(scratch.Length, budget)), waiting.Token);
                if (!read.IsCompleted)
                {
                    await waiting.CancelAsync().ConfigureAwait(false);
                    try
                    {
                        await read.ConfigureAwait(false);
                    }
                    catch (Exception)
                    {
                        // Cancelled as intended, or broken: either way the body did not end here.
                    }
                    return false;
                }
                int count = await read.ConfigureAwait(false);
                if (count == 0)
                {
                    return true;
                }
                budget -= count;
            }
            return false;
        }
        catch (Exception)
        {
            // The body broke off or was disposed under us: its end did not arrive.
            return false;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>Whether disposing now leaves a query that may still run: the body was left before its end, and its end is not here yet.</summary>
    private async ValueTask<bool> AbandonsQueryAsync()
        => LeftBeforeEnd && Abandoned is not null && !await EndArrivedAsync().ConfigureAwait(false);

    protected override void Dispose(bool disposing)
    {
        if (disposing && _ring is not null)
        {
            ValueTask<bool> abandons = AbandonsQueryAsync();
            // Completes at once unless a read had to wait, which its cancellation ends promptly.
            if (abandons.IsCompleted ? abandons.Result : abandons.AsTask().GetAwaiter().GetResult())
            {
                Abandoned!.Invoke();
            }
            ArrayPool<byte>.Shared.Return(_ring);
            _ring = null;
            _inner.Dispose();
            EndRequest();
        }
        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        if (_ring is not null)
        {
            if (await AbandonsQueryAsync().ConfigureAwait(false))
            {
                Abandoned!.Invoke();
            }
            ArrayPool<byte>.Shared.Return(_ring);
            _ring = null;
            await _inner.DisposeAsync().ConfigureAwait(false);
            EndRequest();
        }
        GC.SuppressFinalize(this);
    }

    /// <summary>Disposes the response and ends the request's telemetry with what this body read.</summary>
    private void EndRequest()
    {
        _response.Dispose();
        _telemetry.BodyEnded(_released, _failure);
        _telemetry.Dispose();
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
