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
/// through a compressing stream when asked, counting the bytes and reporting them as progress.
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
        if (ClickHouseContentCoding.Name(compression) is { } coding)
        {
            Headers.ContentEncoding.Add(coding);
        }
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
        Stream? compressor = _compression == ClickHouseCompression.None ? null : ClickHouseContentCoding.Compress(stream, _compression);
        Stream target = compressor ?? stream;
        byte[] buffer = new byte[ChunkSize];
        try
        {
            int read;
            while ((read = await _source.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
            {
                await target.WriteAsync(buffer.AsMemory(0, read), cancellationToken).ConfigureAwait(false);
                BytesWritten += read;
                _progress?.Report(new ClickHouseInsertProgress(0, BytesWritten));
            }
            if (compressor is not null)
            {
                // Disposing writes the compressed stream's final block.
                await compressor.DisposeAsync().ConfigureAwait(false);
            }
        }
        catch (Exception e)
        {
            WriteFailure = e;
            try
            {
                compressor?.Dispose();
            }
            catch (Exception release) when (release is IOException or ObjectDisposedException or InvalidOperationException)
            {
                // The request is failing already; the compressor's last block has nowhere to go.
            }
            throw;
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
