using System;
using System.IO;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// A streamed INSERT body on its way into the request stream, framed as <see cref="CompressionStreams.FrameInsert"/>
/// does: what is written to <see cref="Stream"/> goes out inside a compressed stream whose end mark, the sign of a
/// complete INSERT for every server, is written by <see cref="CompleteAsync"/> only. <see cref="Abort"/>, on any failure
/// before, makes sure the end mark never reaches the network (nor, since the request is aborted, the chunked terminator).
/// </summary>
internal sealed class FramedInsertBody
{
    private readonly AbortableWriteStream _wire;

    /// <param name="request">The request stream, which stays open.</param>
    /// <param name="compression">The client's request compression.</param>
    public FramedInsertBody(Stream request, ClickHouseCompression compression)
    {
        _wire = new AbortableWriteStream(request);
        Stream = CompressionStreams.FrameInsert(_wire, compression);
    }

    /// <summary>The <c>Content-Encoding</c> of a body framed for <paramref name="compression"/>.</summary>
    public static string ContentEncoding(ClickHouseCompression compression) => CompressionStreams.Name(CompressionStreams.InsertFraming(compression))!;

    /// <summary>Where the body's bytes go.</summary>
    public Stream Stream { get; }

    /// <summary>Writes the end mark: from here on the server has a complete INSERT.</summary>
    public ValueTask CompleteAsync() => Stream.DisposeAsync();

    /// <summary>Stops everything from reaching the request, then frees the compressor (its end mark goes nowhere).</summary>
    public void Abort()
    {
        _wire.Abort();
        try
        {
            Stream.Dispose();
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException or InvalidOperationException)
        {
            // The request is failing already: that failure is the one to report.
        }
    }
}
