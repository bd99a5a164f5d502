using K4os.Compression.LZ4;
using K4os.Compression.LZ4.Streams;

namespace ClickHouse.RowBinary.Compression;

/// <summary>Registers zstd and lz4 for <see cref="ClickHouseCompression.Zstd"/> and <see cref="ClickHouseCompression.Lz4"/>.</summary>
public static class ClickHouseCompressionCodecs
{
    /// <summary>
    /// Makes <see cref="ClickHouseCompression.Zstd"/> and <see cref="ClickHouseCompression.Lz4"/> usable by every client
    /// created afterwards; call it once at startup (calling it again changes nothing).
    /// </summary>
    public static void Register()
    {
        // Level 1 for both: the speed of the network is what compression is for; higher levels cost far more CPU per byte saved.
        ClickHouseCompressionRegistry.Register(ClickHouseCompression.Zstd,
            destination => new ZstdSharp.CompressionStream(destination, level: 1, leaveOpen: true),
            body => new ZstdSharp.DecompressionStream(body));
        ClickHouseCompressionRegistry.Register(ClickHouseCompression.Lz4,
            destination => LZ4Stream.Encode(destination, LZ4Level.L00_FAST, leaveOpen: true),
            body => LZ4Stream.Decode(body));
    }
}
