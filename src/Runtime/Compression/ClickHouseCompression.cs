namespace ClickHouse.RowBinary;

/// <summary>
/// An HTTP content coding that ClickHouse understands, for request bodies (<c>Content-Encoding</c>) and answers
/// (<c>Accept-Encoding</c> with <c>enable_http_compression=1</c>). gzip, deflate and Brotli come from
/// <c>System.IO.Compression</c>; zstd and lz4 (the LZ4 frame format) from the companion package
/// ClickHouse.RowBinary.Compression (call <c>ClickHouseCompressionCodecs.Register()</c> once), so that this package
/// depends on nothing outside the BCL.
/// </summary>
public enum ClickHouseCompression
{
    /// <summary>No compression.</summary>
    None,

    /// <summary><c>gzip</c>: understood by every ClickHouse version.</summary>
    GZip,

    /// <summary><c>deflate</c>: a zlib stream, as HTTP defines it.</summary>
    Deflate,

    /// <summary><c>br</c>: Brotli. Old servers answer uncompressed and reject Brotli request bodies.</summary>
    Brotli,

    /// <summary><c>zstd</c>: fast and compact, what ClickHouse.Driver inserts with by default. ClickHouse 22.x and later
    /// (older servers answer uncompressed and reject zstd request bodies with an error naming the encoding).</summary>
    Zstd,

    /// <summary><c>lz4</c>: the fastest, compressing less. ClickHouse 22.x and later, as for <see cref="Zstd"/>.</summary>
    Lz4,
}
