using System;
using System.Collections.Concurrent;
using System.IO;

namespace ClickHouse.RowBinary;

/// <summary>
/// The compression codecs beyond the BCL's gzip, deflate and Brotli: <see cref="ClickHouseCompression.Zstd"/> and
/// <see cref="ClickHouseCompression.Lz4"/> are registered here by the companion package ClickHouse.RowBinary.Compression
/// (<c>ClickHouseCompressionCodecs.Register()</c>), so that the core package depends on nothing outside the BCL.
/// </summary>
public static class ClickHouseCompressionRegistry
{
    private static readonly ConcurrentDictionary<ClickHouseCompression, Codec> s_codecs = new();

    /// <summary>A registered coding: makes a compressing stream (leaving its destination open) and a decompressing one.</summary>
    internal sealed record Codec(Func<Stream, Stream> Compress, Func<Stream, Stream> Decompress);

    /// <summary>
    /// Registers how <paramref name="compression"/> (zstd or lz4) compresses and decompresses. The last registration
    /// wins; a client checks, when it is created, that the codings its options name are registered.
    /// </summary>
    /// <param name="compression"><see cref="ClickHouseCompression.Zstd"/> or <see cref="ClickHouseCompression.Lz4"/>.</param>
    /// <param name="compress">A stream compressing into its argument, which it leaves open when disposed.</param>
    /// <param name="decompress">A stream decompressing its argument.</param>
    public static void Register(ClickHouseCompression compression, Func<Stream, Stream> compress, Func<Stream, Stream> decompress)
    {
        ArgumentNullException.ThrowIfNull(compress);
        ArgumentNullException.ThrowIfNull(decompress);
        if (compression is not (ClickHouseCompression.Zstd or ClickHouseCompression.Lz4))
        {
            throw new ArgumentOutOfRangeException(nameof(compression), compression, "Only zstd and lz4 are registered; the other codings come with the BCL.");
        }
        s_codecs[compression] = new Codec(compress, decompress);
    }

    /// <summary>Whether <paramref name="compression"/> can be used: built in, or registered.</summary>
    public static bool IsAvailable(ClickHouseCompression compression)
        => compression is not (ClickHouseCompression.Zstd or ClickHouseCompression.Lz4) || s_codecs.ContainsKey(compression);

    internal static Codec Get(ClickHouseCompression compression)
        => s_codecs.TryGetValue(compression, out Codec? codec) ? codec : throw NotRegistered(compression);

    internal static InvalidOperationException NotRegistered(ClickHouseCompression compression)
        => new($"ClickHouseCompression.{compression} needs the ClickHouse.RowBinary.Compression package: add it and call ClickHouseCompressionCodecs.Register() once at startup.");
}
