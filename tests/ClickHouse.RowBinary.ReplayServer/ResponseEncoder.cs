using System;
using System.Collections.Concurrent;
using System.IO;
using System.IO.Compression;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>
/// Compresses response bodies the way ClickHouse does when a request sets <c>enable_http_compression=1</c> and
/// names an encoding in Accept-Encoding. Each body is compressed once per encoding and kept: what a client is
/// timed on is its own decompression, not the server's compression.
/// </summary>
internal sealed class ResponseEncoder
{
    private static readonly string[] s_supported = ["zstd", "lz4", "gzip", "deflate", "br"];
    private readonly ConditionalWeakTable<byte[], ConcurrentDictionary<string, byte[]>> _cache = new();

    /// <summary>The encoding ClickHouse would answer with: the client's first one the server has, or null.</summary>
    public static string? Choose(ReplayRequest request)
    {
        if (!request.Parameters.TryGetValue("enable_http_compression", out string? enabled) || enabled != "1"
            || request.Header("Accept-Encoding") is not { } accepted)
        {
            return null;
        }
        foreach (string part in accepted.Split(','))
        {
            string name = part.Split(';')[0].Trim().ToLowerInvariant();
            if (Array.IndexOf(s_supported, name) >= 0)
            {
                return name;
            }
        }
        return null;
    }

    public byte[] Encode(byte[] body, string encoding)
        => _cache.GetOrCreateValue(body).GetOrAdd(encoding, e => Compress(body, e));

    private static byte[] Compress(byte[] body, string encoding)
    {
        if (encoding == "zstd")
        {
            using var zstd = new ZstdSharp.Compressor(level: 1);
            return zstd.Wrap(body).ToArray();
        }
        var output = new MemoryStream();
        using (Stream compressor = encoding switch
        {
            "lz4" => K4os.Compression.LZ4.Streams.LZ4Stream.Encode(output, leaveOpen: true),
            "gzip" => new GZipStream(output, CompressionLevel.Fastest, leaveOpen: true),
            "deflate" => new ZLibStream(output, CompressionLevel.Fastest, leaveOpen: true),
            _ => new BrotliStream(output, CompressionLevel.Fastest, leaveOpen: true),
        })
        {
            compressor.Write(body);
        }
        return output.ToArray();
    }
}
