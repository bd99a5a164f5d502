using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>What the client needs to know about an INSERT body whatever its row type.</summary>
internal interface IRowBinaryContent
{
    /// <summary>
    /// What stopped the rows from being written, when something did. HttpClient reports it wrapped in an
    /// HttpRequestException; the client rethrows it as it was, so that the caller sees the column and row at fault.
    /// </summary>
    Exception? WriteFailure { get; }
}

/// <summary>The types a Native INSERT's blocks name: a table's own, in the row type's order, or null for the row type's.</summary>
internal sealed record NativeBlockTypes(IReadOnlyList<string>? TableTypes);

/// <summary>
/// An INSERT body written row by row straight into the request stream (chunked, never buffered whole), always framed
/// in a compressed stream (<see cref="CompressionStreams.FrameInsert"/>). The body is complete only once the
/// compressor's end mark is written, which happens only after the last row: when anything fails before (the caller
/// cancels, the rows throw, a value cannot be written, the time runs out), the request is aborted without the end mark,
/// and no server takes what it received for a complete INSERT: gzip, deflate and Brotli decoders refuse a stream
/// without its end mark; ClickHouse's zstd and lz4 decoders take a cut stream, but every server that reads them refuses a
/// chunked body without its terminating chunk, which an aborted request never sends. A Native INSERT is written block
/// by block in the same framing.
/// </summary>
internal sealed class RowBinaryContent<T> : HttpContent, IRowBinaryContent where T : IClickHouseRow<T>
{
    private readonly IEnumerable<T>? _rows;
    private readonly IAsyncEnumerable<T>? _asyncRows;
    private readonly RowBinaryFormat _format;
    private readonly ReadOnlyMemory<byte> _header;
    private readonly ClickHouseCompression _compression;
    private readonly IProgress<ClickHouseInsertProgress>? _progress;
    private readonly NativeBlockTypes? _native;
    private long _rowsCounted;
    private long _rowsSent;
    private long _bytesSent;
    private CountingWriteStream? _counter;
    private ClickHouseInsertProgress _reported;

    /// <param name="rows">The rows, when they come as an <see cref="IEnumerable{T}"/>.</param>
    /// <param name="asyncRows">The rows, when they come as an <see cref="IAsyncEnumerable{T}"/>.</param>
    /// <param name="format">How the rows are written: RowBinary or RowBinaryWithDefaults.</param>
    /// <param name="header">Bytes sent before the rows (a RowBinaryWithNamesAndTypes header), or none.</param>
    /// <param name="compression">The request's compression.</param>
    /// <param name="progress">Told the rows and bytes sent.</param>
    /// <param name="native">Send Native blocks naming these types instead of RowBinary rows; null for RowBinary.</param>
    public RowBinaryContent(IEnumerable<T>? rows, IAsyncEnumerable<T>? asyncRows, RowBinaryFormat format, ReadOnlyMemory<byte> header,
        ClickHouseCompression compression, IProgress<ClickHouseInsertProgress>? progress = null, NativeBlockTypes? native = null)
    {
        _native = native;
        _header = header;
        _progress = progress;
        _rows = rows;
        _asyncRows = asyncRows;
        _format = format;
        _compression = compression;
        Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        Headers.ContentEncoding.Add(FramedInsertBody.ContentEncoding(compression));
    }

    /// <summary>The rows written by the last send.</summary>
    public long RowsWritten => _rowsCounted;

    /// <summary>The rows of the last send handed on towards the network: at most this many can have reached the server.</summary>
    public long RowsSent => Interlocked.Read(ref _rowsSent);

    /// <summary>The bytes (before compression) written with <see cref="RowsSent"/>.</summary>
    public long BytesSent => Interlocked.Read(ref _bytesSent);

    /// <summary>The RowBinary (or Native) bytes written by the last send, before compression.</summary>
    public long BytesWritten { get; private set; }

    /// <summary>Whether the last send wrote the whole body, end mark included: the server may then commit all of it.</summary>
    public bool BodyComplete { get; private set; }

    public Exception? WriteFailure { get; private set; }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        => SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        _rowsCounted = 0;
        Interlocked.Exchange(ref _rowsSent, 0);
        Interlocked.Exchange(ref _bytesSent, 0);
        BodyComplete = false;
        WriteFailure = null;
        var body = new FramedInsertBody(stream, _compression);
        var counter = new CountingWriteStream(body.Stream);
        _counter = counter;
        _reported = default;
        try
        {
            if (!_header.IsEmpty)
            {
                await counter.WriteAsync(_header, cancellationToken).ConfigureAwait(false);
            }
            if (_native is not null)
            {
                await (_rows is not null
                    ? NativeSerializer.WriteAsync(counter, CountRows(_rows), _native.TableTypes, Sent, cancellationToken)
                    : NativeSerializer.WriteAsync(counter, CountRowsAsync(_asyncRows!, cancellationToken), _native.TableTypes, Sent, cancellationToken))
                    .ConfigureAwait(false);
            }
            else if (_rows is not null)
            {
                await RowBinarySerializer.WriteAsync(counter, CountRows(_rows), _format, Sent, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                await RowBinarySerializer.WriteAsync(counter, CountRowsAsync(_asyncRows!, cancellationToken), _format, Sent, cancellationToken).ConfigureAwait(false);
            }
            Sent(_rowsCounted);
            await body.CompleteAsync().ConfigureAwait(false);
            BodyComplete = true;
        }
        catch (Exception e)
        {
            WriteFailure = e;
            body.Abort();
            throw;
        }
        finally
        {
            BytesWritten = counter.BytesWritten;
        }
    }

    private void Sent(long rows)
    {
        Interlocked.Exchange(ref _bytesSent, _counter!.BytesWritten);
        Interlocked.Exchange(ref _rowsSent, rows);
        if (_progress is not null)
        {
            Report(rows);
        }
    }

    private void Report(long rows)
    {
        var progress = new ClickHouseInsertProgress(rows, _counter!.BytesWritten);
        if (progress != _reported)
        {
            _reported = progress;
            _progress!.Report(progress);
        }
    }

    private IEnumerable<T> CountRows(IEnumerable<T> rows)
    {
        if (rows is ICollection<T> collection)
        {
            // Arrays and lists go to the serializer as they are (it may have a faster path for them).
            _rowsCounted = collection.Count;
            return rows;
        }
        return Counted(rows);
    }

    private IEnumerable<T> Counted(IEnumerable<T> rows)
    {
        foreach (T row in rows)
        {
            _rowsCounted++;
            yield return row;
        }
    }

    private async IAsyncEnumerable<T> CountRowsAsync(IAsyncEnumerable<T> rows, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (T row in rows.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            _rowsCounted++;
            yield return row;
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
