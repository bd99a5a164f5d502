using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// An INSERT body in any input format, copied from the caller's stream into the request as it is sent (chunked),
/// counting the bytes and reporting them as progress. Framed as typed inserts are (<see cref="FramedInsertBody"/>):
/// when the caller's stream fails or the request is cancelled before the stream's end, the request is aborted before
/// the body is complete, and the server commits no block it had not finished.
/// </summary>
internal sealed class RawInsertContent : HttpContent, IRowBinaryContent
{
    private const int ChunkSize = 128 * 1024;

    private readonly Stream _source;
    private readonly ClickHouseCompression _compression;
    private readonly IProgress<ClickHouseInsertProgress>? _progress;

    public RawInsertContent(Stream source, ClickHouseCompression compression, IProgress<ClickHouseInsertProgress>? progress)
    {
        _source = source;
        _compression = compression;
        _progress = progress;
        Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        Headers.ContentEncoding.Add(FramedInsertBody.ContentEncoding(compression));
    }

    /// <summary>The bytes of the body sent by the last send, before compression.</summary>
    public long BytesWritten { get; private set; }

    public Exception? WriteFailure { get; private set; }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        => SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        WriteFailure = null;
        BytesWritten = 0;
        var body = new FramedInsertBody(stream, _compression);
        byte[] buffer = new byte[ChunkSize];
        try
        {
            int read;
            while ((read = await _source.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
            {
                await body.Stream.WriteAsync(buffer.AsMemory(0, read), cancellationToken).ConfigureAwait(false);
                BytesWritten += read;
                _progress?.Report(new ClickHouseInsertProgress(0, BytesWritten));
            }
            await body.CompleteAsync().ConfigureAwait(false);
        }
        catch (Exception e)
        {
            WriteFailure = e;
            body.Abort();
            throw;
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
