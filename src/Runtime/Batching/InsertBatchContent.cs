using System.IO;
using System.IO.Compression;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The body of one attempt to send a batch. It always travels inside a compressed stream with an end mark (gzip
/// stored blocks when no compression is asked for: a CRC and a copy, no compression work), because ClickHouse
/// commits the rows of a plain body that a dropped connection cut at a row boundary: a cut gzip stream fails to
/// decompress, so an attempt is all or nothing and a retry cannot duplicate part of a batch.
/// </summary>
internal sealed class InsertBatchContent : HttpContent
{
    private readonly InsertBatch _batch;
    private readonly ClickHouseCompression _compression;

    public InsertBatchContent(InsertBatch batch, ClickHouseCompression compression)
    {
        _batch = batch;
        _compression = compression == ClickHouseCompression.None ? ClickHouseCompression.GZip : compression;
        Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        Headers.ContentEncoding.Add(ClickHouseContentCoding.Name(_compression)!);
        IsStoredGZip = compression == ClickHouseCompression.None;
    }

    private bool IsStoredGZip { get; }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        => SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        Stream framed = IsStoredGZip
            ? new GZipStream(stream, CompressionLevel.NoCompression, leaveOpen: true)
            : ClickHouseContentCoding.Compress(stream, _compression);
        await using (framed.ConfigureAwait(false))
        {
            await _batch.WriteToAsync(framed, cancellationToken).ConfigureAwait(false);
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
