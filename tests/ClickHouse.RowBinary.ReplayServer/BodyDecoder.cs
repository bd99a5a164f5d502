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
        using var input = new MemoryStream(body);
        using Stream decoder = Open(input, name, encoding);
        var output = new MemoryStream();
        decoder.CopyTo(output);
        return output.ToArray();
    }

    /// <summary>
    /// Up to <paramref name="maxLength"/> bytes of what the start of a compressed body decodes to: enough to find the
    /// statement of an INSERT whose body was recorded only in part. Null when even that much cannot be decoded.
    /// </summary>
    public static byte[]? DecodePrefix(byte[] prefix, string encoding, int maxLength)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        ArgumentNullException.ThrowIfNull(encoding);
        string name = encoding.Trim().ToLowerInvariant();
        try
        {
            using var input = new MemoryStream(prefix);
            using Stream decoder = Open(input, name, encoding);
            byte[] output = new byte[maxLength];
            int filled = 0;
            int read;
            while (filled < maxLength && (read = decoder.Read(output, filled, maxLength - filled)) > 0)
            {
                filled += read;
            }
            return output.AsSpan(0, filled).ToArray();
        }
        catch (Exception e) when (e is InvalidDataException or IOException or InvalidOperationException or ArgumentException)
        {
            return null;
        }
    }

    private static Stream Open(MemoryStream input, string name, string encoding)
        => name switch
        {
            "" or "identity" => input,
            "zstd" => new ZstdSharp.DecompressionStream(input),
            "gzip" => new GZipStream(input, CompressionMode.Decompress),
            "deflate" => new ZLibStream(input, CompressionMode.Decompress),
            "br" => new BrotliStream(input, CompressionMode.Decompress),
            "lz4" => K4os.Compression.LZ4.Streams.LZ4Stream.Decode(input),
            _ => throw new InvalidDataException($"The replay server cannot decode Content-Encoding '{encoding}'."),
        };
}
