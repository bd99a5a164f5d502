using System;
using System.IO;
using System.IO.Compression;

namespace ClickHouse.RowBinary;

/// <summary>The compressions this client speaks (<see cref="ClickHouseCompression"/>): their HTTP content-coding names, compressing and decompressing streams.</summary>
internal static class CompressionStreams
{
    public static string? Name(ClickHouseCompression compression) => compression switch
    {
        ClickHouseCompression.None => null,
        ClickHouseCompression.GZip => "gzip",
        ClickHouseCompression.Deflate => "deflate",
        ClickHouseCompression.Brotli => "br",
        ClickHouseCompression.Zstd => "zstd",
        ClickHouseCompression.Lz4 => "lz4",
        _ => throw new ArgumentOutOfRangeException(nameof(compression), compression, "Unknown compression."),
    };

    /// <summary>
    /// The content coding an INSERT body travels in: the client's compression, or deflate (zlib) when it has none. An
    /// INSERT body is always a compressed stream, because only its end mark tells every server that the body is
    /// complete: a plain body cut at a row boundary is committed up to the cut (ClickHouse 18.16, with or without chunked
    /// framing), a gzip, deflate or Brotli stream without its end mark fails to decompress (code 354, 448) and commits nothing.
    /// </summary>
    public static ClickHouseCompression InsertFraming(ClickHouseCompression compression)
        => compression == ClickHouseCompression.None ? ClickHouseCompression.Deflate : compression;

    /// <summary>
    /// A stream that frames an INSERT body into <paramref name="destination"/> in <see cref="InsertFraming"/>: when no
    /// compression is asked for, zlib stored blocks (<see cref="StoredZLibStream"/>: a copy and a checksum, no
    /// compression work). Disposing it writes the end mark; <paramref name="destination"/> stays open.
    /// </summary>
    public static Stream FrameInsert(Stream destination, ClickHouseCompression compression)
        => compression == ClickHouseCompression.None ? new StoredZLibStream(destination) : Compress(destination, compression);

    /// <summary>A stream that compresses into <paramref name="destination"/> and leaves it open when disposed.</summary>
    public static Stream Compress(Stream destination, ClickHouseCompression compression) => compression switch
    {
        ClickHouseCompression.GZip => new GZipStream(destination, CompressionLevel.Fastest, leaveOpen: true),
        ClickHouseCompression.Deflate => new ZLibStream(destination, CompressionLevel.Fastest, leaveOpen: true),
        ClickHouseCompression.Brotli => new BrotliStream(destination, CompressionLevel.Fastest, leaveOpen: true),
        ClickHouseCompression.Zstd or ClickHouseCompression.Lz4 => ClickHouseCompressionRegistry.Get(compression).Compress(destination),
        _ => throw new ArgumentOutOfRangeException(nameof(compression), compression, "Nothing to compress with."),
    };

    /// <summary>The decoded body for the response's <c>Content-Encoding</c> (none, or the one coding ClickHouse applied).</summary>
    public static Stream Decompress(Stream body, string? contentEncoding) => contentEncoding?.ToLowerInvariant() switch
    {
        null or "" or "identity" => body,
        "gzip" or "x-gzip" => new GZipStream(body, CompressionMode.Decompress),
        "deflate" => new ZLibStream(body, CompressionMode.Decompress),
        "br" => new BrotliStream(body, CompressionMode.Decompress),
        "zstd" => ClickHouseCompressionRegistry.Get(ClickHouseCompression.Zstd).Decompress(body),
        "lz4" => ClickHouseCompressionRegistry.Get(ClickHouseCompression.Lz4).Decompress(body),
        _ => throw new NotSupportedException(
            $"ClickHouse answered with Content-Encoding '{contentEncoding}', which this client cannot decode; use ClickHouseCompression.GZip, Deflate, Brotli, Zstd or Lz4."),
    };
}
