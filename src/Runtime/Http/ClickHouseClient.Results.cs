using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>The most of a DESCRIBE answer (or a header line) read: column lists are short texts.</summary>
    private const int MaxDescriptionBytes = 16 * 1024 * 1024;

    /// <summary>
    /// Sends a query whose rows are read without a row type, so the result's column names and types must be known:
    /// as <c>FORMAT RowBinaryWithNamesAndTypes</c>, whose header the parser gives the decoder; or, on servers without
    /// that format (before 19.x), as <c>FORMAT RowBinary</c> after asking the server for the columns
    /// (<see cref="DescribeResultAsync"/>), which the returned decoder has already accepted.
    /// </summary>
    private async Task<(ClickHouseResponseStream Body, RowBinaryFormat Format, TDecoder Decoder)> OpenResultAsync<T, TDecoder>(string sql,
        ClickHouseQueryOptions? options, CancellationToken cancellationToken)
        where TDecoder : struct, IRowDecoder<T>
    {
        (ClickHouseResponseStream body, RowBinaryHeader? header) = await OpenDescribedResultAsync(sql, options, cancellationToken).ConfigureAwait(false);
        var decoder = default(TDecoder);
        if (header is null)
        {
            return (body, RowBinaryFormat.RowBinaryWithNamesAndTypes, decoder);
        }
        try
        {
            decoder.Accept(header);
        }
        catch
        {
            await body.DisposeAsync().ConfigureAwait(false);
            throw;
        }
        return (body, RowBinaryFormat.RowBinary, decoder);
    }

    /// <summary>
    /// The body of a query as <c>RowBinaryWithNamesAndTypes</c> (the header null: it leads the body), or on servers
    /// without that format as <c>RowBinary</c> with the header from <see cref="DescribeResultAsync"/>.
    /// </summary>
    private async Task<(ClickHouseResponseStream Body, RowBinaryHeader? Header)> OpenDescribedResultAsync(string sql, ClickHouseQueryOptions? options,
        CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(sql);
        if (await TrySendWithNamesAndTypesAsync(sql, options, cancellationToken).ConfigureAwait(false) is { } body)
        {
            return (body, null);
        }
        RowBinaryHeader header = await DescribeResultAsync(sql, options, cancellationToken).ConfigureAwait(false);
        return (await SendQueryAsync(WithFormat(sql, RowBinaryFormat.RowBinary), options, cancellationToken).ConfigureAwait(false), header);
    }

    /// <summary>
    /// Sends the query for <c>FORMAT RowBinaryWithNamesAndTypes</c>; null when the endpoint it went to does not know that
    /// format (ClickHouse before 19.x), which is remembered for that endpoint: it fails before running anything, so the
    /// caller may ask again in RowBinary. Where every endpoint the query may go to said so already, null at once: the
    /// query is not routed only to fail with an exception (five first-chance exceptions a query, which applications'
    /// exception counters see).
    /// </summary>
    private async Task<ClickHouseResponseStream?> TrySendWithNamesAndTypesAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
    {
        if (_session is { } session ? session.Endpoint.NamesAndTypes == false : _pool.NoneKnowsNamesAndTypes)
        {
            return null;
        }
        try
        {
            return await SendQueryAsync(WithFormat(sql, RowBinaryFormat.RowBinaryWithNamesAndTypes), options, cancellationToken, asksNamesAndTypes: true)
                .ConfigureAwait(false);
        }
        catch (Exception e) when (e is NamesAndTypesUnknownException || IsNamesAndTypesUnknown(e))
        {
            return null;
        }
    }

    /// <summary>
    /// The columns a query would return, on a server that cannot send them with the rows: <c>DESCRIBE TABLE (query)</c>,
    /// which analyses a SELECT without running it. Statements DESCRIBE does not take (SHOW, EXISTS, DESCRIBE, CHECK: each
    /// reads only metadata) are run once with <c>FORMAT TabSeparatedWithNamesAndTypes</c> for their header; any other
    /// statement is refused, since running it twice could do its work twice.
    /// </summary>
    private async Task<RowBinaryHeader> DescribeResultAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
    {
        ClickHouseQueryOptions? describeOptions = WithoutQueryId(options);
        string statement = TrimStatementEnd(sql);
        try
        {
            await using ClickHouseResponseStream body = await SendQueryAsync($"DESCRIBE TABLE (\n{statement}\n)\nFORMAT JSONCompact", describeOptions, cancellationToken)
                .ConfigureAwait(false);
            return ParseDescription(await ReadBoundedAsync(body, cancellationToken).ConfigureAwait(false));
        }
        catch (ClickHouseServerException e) when (e.Code == ClickHouseErrorCodes.SyntaxError)
        {
            string keyword = RequestTelemetry.OperationOf(StatementStart(statement));
            if (keyword is not ("SHOW" or "EXISTS" or "DESCRIBE" or "DESC" or "CHECK"))
            {
                throw new NotSupportedException(
                    $"This server (ClickHouse before 19.x) cannot send a result's column types with its rows (no RowBinaryWithNamesAndTypes), and DESCRIBE " +
                    $"takes only SELECT queries; a {keyword} statement cannot be read without a row type here. Read it with QueryTextAsync, or with a " +
                    "[ClickHouseRow] type (columns by position).", e);
            }
        }
        await using (ClickHouseResponseStream header = await SendQueryAsync(statement + "\nFORMAT TabSeparatedWithNamesAndTypes", describeOptions, cancellationToken)
            .ConfigureAwait(false))
        {
            return await ReadTabSeparatedHeaderAsync(header, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// The options without the query id (a second request must not take the query's id), without progress or the
    /// query's idempotence and formats (DESCRIBE is read-only and names its own format), and with the external tables'
    /// columns but not their rows (the query is described, not run); database, settings, parameters, roles and headers
    /// as the query's.
    /// </summary>
    private static ClickHouseQueryOptions? WithoutQueryId(ClickHouseQueryOptions? options)
    {
        if (options is null)
        {
            return null;
        }
        ClickHouseQueryOptions copy = options.Copy();
        copy.QueryId = null;
        copy.Progress = null;
        copy.Idempotent = null;
        copy.Format = null;
        copy.WireFormat = null;
        for (int i = 0; i < copy.ExternalTables.Count; i++)
        {
            copy.ExternalTables[i] = copy.ExternalTables[i].WithoutRows();
        }
        return copy;
    }

    /// <summary>The statement from its first word: leading comments skipped.</summary>
    private static string StatementStart(string sql)
    {
        ReadOnlySpan<char> text = sql.AsSpan().TrimStart();
        while (true)
        {
            if (text.StartsWith("--") || text.StartsWith("#"))
            {
                int end = text.IndexOf('\n');
                text = end < 0 ? [] : text.Slice(end + 1).TrimStart();
            }
            else if (text.StartsWith("/*"))
            {
                int end = text.IndexOf("*/");
                text = end < 0 ? [] : text.Slice(end + 2).TrimStart();
            }
            else
            {
                return text.ToString();
            }
        }
    }

    private static async Task<byte[]> ReadBoundedAsync(Stream body, CancellationToken cancellationToken)
    {
        using var copy = new MemoryStream();
        byte[] buffer = new byte[16 * 1024];
        int read;
        while ((read = await body.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
        {
            if (copy.Length + read > MaxDescriptionBytes)
            {
                throw new RowBinaryException($"The server's description of the result's columns is longer than {MaxDescriptionBytes} bytes.");
            }
            copy.Write(buffer, 0, read);
        }
        return copy.ToArray();
    }

    /// <summary>The name and type of each column from <c>DESCRIBE ... FORMAT JSONCompact</c>: <c>{"data": [["name", "type", ...], ...]}</c>.</summary>
    internal static RowBinaryHeader ParseDescription(byte[] json)
    {
        try
        {
            using JsonDocument document = JsonDocument.Parse(json);
            var names = new List<string>();
            var types = new List<string>();
            foreach (JsonElement row in document.RootElement.GetProperty("data").EnumerateArray())
            {
                names.Add(row[0].GetString()!);
                types.Add(row[1].GetString()!);
            }
            return new RowBinaryHeader(names, types);
        }
        catch (Exception e) when (e is JsonException or InvalidOperationException or KeyNotFoundException or IndexOutOfRangeException)
        {
            throw new RowBinaryException($"The server's DESCRIBE answer is not the JSONCompact table of columns it should be: {e.Message}", innerException: e);
        }
    }

    /// <summary>The first two lines of a TabSeparatedWithNamesAndTypes answer: the names, then the types.</summary>
    private static async Task<RowBinaryHeader> ReadTabSeparatedHeaderAsync(Stream body, CancellationToken cancellationToken)
    {
        using var reader = new StreamReader(body, Encoding.UTF8);
        string? names = await reader.ReadLineAsync(cancellationToken).ConfigureAwait(false);
        string? types = await reader.ReadLineAsync(cancellationToken).ConfigureAwait(false);
        if (names is null || types is null || names.Length + types.Length > MaxDescriptionBytes)
        {
            throw new RowBinaryException("The server's TabSeparatedWithNamesAndTypes answer does not start with a line of names and a line of types.");
        }
        string[] nameFields = TabSeparatedText.Fields(names);
        string[] typeFields = TabSeparatedText.Fields(types);
        if (nameFields.Length != typeFields.Length)
        {
            throw new RowBinaryException($"The server's TabSeparatedWithNamesAndTypes header has {nameFields.Length} names but {typeFields.Length} types.");
        }
        return new RowBinaryHeader(nameFields, typeFields);
    }
}
