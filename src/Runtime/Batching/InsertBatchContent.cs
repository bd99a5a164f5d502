using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>The body of one attempt to send a batch: its framed bytes (<see cref="InsertBatch.FramedAsync"/>), with their length.</summary>
internal sealed class InsertBatchContent : HttpContent
{
    private readonly PooledSegmentStream _framed;

    public InsertBatchContent(PooledSegmentStream framed, ClickHouseCompression compression)
    {
        _framed = framed;
        Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        Headers.ContentEncoding.Add(CompressionStreams.Name(CompressionStreams.InsertFraming(compression))!);
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        => SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
        => _framed.CopyToAsync(stream, cancellationToken);

    protected override bool TryComputeLength(out long length)
    {
        length = _framed.Length;
        return true;
    }
}
