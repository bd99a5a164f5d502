using System;
using System.Buffers;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>
/// An INSERT body streamed as it is sent, the way a careful engineer does it without a library: encode a batch of
/// rows into a buffer, write the buffer to the request stream, repeat. Memory stays bounded for any count; the
/// buffer is the caller's, reused across requests.
/// </summary>
public sealed class BatchedRowsContent(WebVisit[] rows, ArrayBufferWriter<byte> buffer, BatchedRowsContent.EncodeBatch encode) : HttpContent
{
    public const int RowsPerBatch = 16 * 1024;

    /// <summary>Appends the rows in the format of the INSERT to the output.</summary>
    public delegate void EncodeBatch(IBufferWriter<byte> output, ReadOnlySpan<WebVisit> rows);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
    {
        for (int start = 0; start < rows.Length; start += RowsPerBatch)
        {
            buffer.ResetWrittenCount();
            encode(buffer, rows.AsSpan(start, Math.Min(RowsPerBatch, rows.Length - start)));
            await stream.WriteAsync(buffer.WrittenMemory).ConfigureAwait(false);
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false; // chunked: the size is not known before the rows are encoded
    }
}
