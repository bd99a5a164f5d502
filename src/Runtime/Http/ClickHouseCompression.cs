namespace ClickHouse.RowBinary;

/// <summary>An HTTP content coding that ClickHouse understands and <c>System.IO.Compression</c> implements.</summary>
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
}
