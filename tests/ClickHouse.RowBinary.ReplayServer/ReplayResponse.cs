using System.Collections.Generic;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>What the replay server answers: a status, ClickHouse's headers and a body sent in chunks.</summary>
/// <param name="Body">The bytes to send, uncompressed: the server compresses them when the request asks for it.</param>
/// <param name="Format">The <c>X-ClickHouse-Format</c> header, or null.</param>
/// <param name="StatusCode">The HTTP status.</param>
public sealed record ReplayResponse(byte[] Body, string? Format = null, int StatusCode = 200)
{
    /// <summary>Extra headers, sent as given.</summary>
    public IReadOnlyDictionary<string, string> Headers { get; init; } = new Dictionary<string, string>();

    /// <summary>An empty 200 answer, as ClickHouse gives to an INSERT or a DDL statement.</summary>
    public static ReplayResponse Empty { get; } = new([]);

    /// <summary>A ClickHouse error before any data: a 500 (or <paramref name="statusCode"/>) with the error text
    /// and the <c>X-ClickHouse-Exception-Code</c> header.</summary>
    public static ReplayResponse Error(int code, string message, int statusCode = 500)
        => new(System.Text.Encoding.UTF8.GetBytes($"Code: {code}. DB::Exception: {message}\n"), StatusCode: statusCode)
        {
            Headers = new Dictionary<string, string> { ["X-ClickHouse-Exception-Code"] = code.ToString(System.Globalization.CultureInfo.InvariantCulture) },
        };
}
