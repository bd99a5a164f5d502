using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>One request the replay server received, as it arrived.</summary>
/// <param name="Method">GET or POST.</param>
/// <param name="Target">The path and query string.</param>
/// <param name="Headers">The headers; names compare case-insensitively.</param>
/// <param name="Query">The SQL: the <c>query</c> URL parameter, followed by the body when the body is not data
/// (ClickHouse's own rule: a POST body is the query, or continues it when the URL holds the start).</param>
/// <param name="Parameters">The URL parameters, decoded (settings, <c>param_*</c>, <c>query</c>).</param>
/// <param name="BodyLength">Bytes of body received, as sent (still compressed when the client compressed it).</param>
/// <param name="Body">The body as sent, up to <see cref="ReplayServer.MaxRecordedBody"/> bytes.</param>
public sealed record ReplayRequest(
    string Method,
    string Target,
    IReadOnlyDictionary<string, string> Headers,
    string Query,
    IReadOnlyDictionary<string, string> Parameters,
    long BodyLength,
    byte[] Body)
{
    /// <summary>The parts of a complete multipart body (a query with external data), in order; empty for other bodies.</summary>
    public IReadOnlyList<FormPart> Form { get; init; } = [];

    /// <summary>True for an INSERT statement: the body after the statement is its data.</summary>
    public bool IsInsert => Query.TrimStart().StartsWith("INSERT", StringComparison.OrdinalIgnoreCase);

    /// <summary>The value of a header, or null.</summary>
    public string? Header(string name) => Headers.TryGetValue(name, out string? value) ? value : null;

    /// <summary>The body decoded as its <c>Content-Encoding</c> says (an INSERT's data as the server reads it).</summary>
    public byte[] DecodedBody => Header("Content-Encoding") is { } encoding ? BodyDecoder.Decode(Body, encoding) : Body;
}
