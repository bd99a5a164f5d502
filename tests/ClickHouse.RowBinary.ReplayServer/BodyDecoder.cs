using System;
using System.IO;
using System.IO.Compression;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>Decompresses a request body by its Content-Encoding, as ClickHouse does before reading the query.</summary>
public static class BodyDecoder
{
    /// <summary>The body decoded; unknown encodings are an <see cref="InvalidDataException"/>.</summary>
    public static byte[] Decode(byte[] body, string encoding)
    {
        ArgumentNullException.ThrowIfNull(body);
        ArgumentNullException.ThrowIfNull(encoding);
        string name = encoding.Trim().ToLowerInvariant();
        if (name is "" or "identity")
        {
            return body;
        }
        if (name == "zstd")
        {
            using var zstd = new ZstdSharp.Decompressor();
            return zstd.Unwrap(body).ToArray();
        }
        using var input = new MemoryStream(body);
        using Stream decoder = name switch
        {
            "gzip" => new GZipStream(input, CompressionMode.Decompress),
            "deflate" => new ZLibStream(input, CompressionMode.Decompress),
            "br" => new BrotliStream(input, CompressionMode.Decompress),
            "lz4" => K4os.Compression.LZ4.Streams.LZ4Stream.Decode(input),
            _ => throw new InvalidDataException($"The replay server cannot decode Content-Encoding '{encoding}'."),
        };
        var output = new MemoryStream();
        decoder.CopyTo(output);
        return output.ToArray();
    }
}
