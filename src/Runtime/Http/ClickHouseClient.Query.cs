using System;
using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Runs a SELECT and streams its rows as they arrive. The client appends <c>FORMAT Native</c> (every block's columns
    /// checked against <typeparamref name="T"/> by name, in any order: the default, see
    /// <see cref="ClickHouseClientOptions.WireFormat"/>) or, for <see cref="ClickHouseWireFormat.RowBinary"/>,
    /// <c>FORMAT RowBinaryWithNamesAndTypes</c> (its header checked the same way) or, on servers without it,
    /// <c>FORMAT RowBinary</c> (columns by position). Disposing the enumerator, or cancelling, aborts the
    /// request. The arguments are checked by this call; the query is sent when the rows are enumerated (again for each
    /// enumeration), and an enumerator used after its disposal throws <see cref="ObjectDisposedException"/>.
    /// </summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    /// <exception cref="ArgumentException">The SQL is empty, or the options cannot be sent (a parameter value, a header).</exception>
    public IAsyncEnumerable<T> QueryAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryAsync<T>(sql, options: null, cancellationToken);

    /// <summary>Runs a SELECT with server-side parameters and streams its rows; see <see cref="QueryAsync{T}(string, CancellationToken)"/>.</summary>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<T> QueryAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <summary>Runs a SELECT with options and streams its rows; see <see cref="QueryAsync{T}(string, CancellationToken)"/>.</summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database, query id and format of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<T> QueryAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        if (ReadsNative<T>(options))
        {
            return QueryNativeAsync<T>(sql, options, cancellationToken);
        }
        CheckRowsFormat(options);
        return StreamRows<T, GeneratedRowDecoder<T>>(sql, options,
            async token =>
            {
                (ClickHouseResponseStream body, RowBinaryFormat format) = await OpenRowsAsync(sql, options, token).ConfigureAwait(false);
                return (body, format, default(GeneratedRowDecoder<T>));
            },
            cancellationToken, StringCachesOf<T>());
    }

    /// <summary>
    /// The rows of a result as they arrive; the request is sent when enumerated and ends when the enumerator is disposed.
    /// A body that breaks off before the first row reached the caller is read again elsewhere (<see cref="FirstRowFailover"/>).
    /// </summary>
    private RowBinaryRows<T, TDecoder> StreamRows<T, TDecoder>(string sql, ClickHouseQueryOptions? options,
        Func<CancellationToken, Task<(ClickHouseResponseStream Body, RowBinaryFormat Format, TDecoder Decoder)>> open, CancellationToken cancellationToken,
        StringCacheMemory? strings = null)
        where TDecoder : struct, IRowDecoder<T>
    {
        CheckStreamedQuery(sql, options);
        return new(
            async token =>
            {
                (ClickHouseResponseStream body, RowBinaryFormat format, TDecoder decoder) = await open(token).ConfigureAwait(false);
                return (body, body, format, decoder);
            },
            ownsStream: true, cancellationToken, failover: () => FirstRowFailoverFor(sql, options), strings);
    }

    /// <summary>
    /// Checks the arguments of a streamed query when it is called: its request is built only when it is enumerated, and
    /// an argument's error belongs to the call that passed it, not to a later <c>MoveNextAsync</c>.
    /// </summary>
    private static void CheckStreamedQuery(string sql, ClickHouseQueryOptions? options)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(sql);
        if (options is null)
        {
            return;
        }
        foreach (KeyValuePair<string, object?> parameter in options.Parameters)
        {
            // Formatted for its error only: the request formats the values again when it is built.
            ClickHouseParameterFormatter.Format(parameter.Key, parameter.Value);
        }
        RequestHeaders.CheckNames(options.Headers.Keys, "The request's Headers");
        ExternalTablesContent.CheckNames(options.ExternalTables);
    }

    /// <summary>Checks that a typed read asks for a format rows are read in.</summary>
    private static void CheckRowsFormat(ClickHouseQueryOptions? options)
    {
        if (options?.Format is { } requested && requested is not (RowBinaryFormat.RowBinary or RowBinaryFormat.RowBinaryWithNamesAndTypes))
        {
            throw new ArgumentException($"Rows are read as RowBinary or RowBinaryWithNamesAndTypes, not {requested}.", nameof(options));
        }
    }

    /// <summary>Runs a SELECT and reads all of its rows into a list; see <see cref="QueryAsync{T}(string, CancellationToken)"/>.</summary>
    public Task<List<T>> QueryListAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryListAsync<T>(sql, options: null, cancellationToken);

    /// <summary>Runs a SELECT with server-side parameters and reads all of its rows into a list.</summary>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<T>> QueryListAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryListAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <summary>Runs a SELECT with options and reads all of its rows into a list.</summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database, query id and format of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public async Task<List<T>> QueryListAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        if (ReadsNative<T>(options))
        {
            return await WholeResultAsync(sql, options, () => QueryNativeListAsync<T>(sql, options, cancellationToken), cancellationToken).ConfigureAwait(false);
        }
        return await WholeResultAsync(sql, options, async () =>
            {
                (ClickHouseResponseStream body, RowBinaryFormat format) = await OpenRowsAsync(sql, options, cancellationToken).ConfigureAwait(false);
                return await ReadListAsync<T, GeneratedRowDecoder<T>>(body, format, default, cancellationToken, StringCachesOf<T>()).ConfigureAwait(false);
            },
            cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Reads every row of a result into a list, ends the request and its telemetry.</summary>
    private static async Task<List<T>> ReadListAsync<T, TDecoder>(ClickHouseResponseStream body, RowBinaryFormat format, TDecoder decoder, CancellationToken cancellationToken,
        StringCacheMemory? strings = null)
        where TDecoder : struct, IRowDecoder<T>
    {
        await using (body.ConfigureAwait(false))
        {
            try
            {
                List<T> rows = await RowBinarySerializer.ReadListAsync<T, TDecoder>(body, format, decoder, cancellationToken, strings).ConfigureAwait(false);
                body.RowsRead(rows.Count);
                return rows;
            }
            catch (Exception e)
            {
                body.Failed(e);
                throw;
            }
        }
    }

    /// <summary>Runs a statement that returns no rows worth reading (DDL, INSERT ... SELECT, ALTER, SYSTEM ...).</summary>
    public Task ExecuteAsync(string sql, CancellationToken cancellationToken = default)
        => ExecuteAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ExecuteAsync(string, CancellationToken)"/>
    public Task ExecuteAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => WholeResultAsync(sql, options, async () =>
            {
                await using Stream body = await QueryStreamAsync(sql, options, cancellationToken).ConfigureAwait(false);
                await body.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
                return true;
            },
            cancellationToken);

    /// <summary>Runs a query and returns its whole result as text, in the query's FORMAT (TabSeparated by default).</summary>
    public Task<string> QueryTextAsync(string sql, CancellationToken cancellationToken = default)
        => QueryTextAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryTextAsync(string, CancellationToken)"/>
    public Task<string> QueryTextAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => WholeResultAsync(sql, options, async () =>
            {
                await using Stream body = await QueryStreamAsync(sql, options, cancellationToken).ConfigureAwait(false);
                using var reader = new StreamReader(body, Encoding.UTF8);
                return await reader.ReadToEndAsync(cancellationToken).ConfigureAwait(false);
            },
            cancellationToken);

    /// <summary>
    /// Runs a query as written (FORMAT included) and returns its result body, decompressed, as it streams in. A
    /// server error in the middle of the result is thrown from a read as a <see cref="ClickHouseServerException"/>;
    /// no byte of error text is returned as data. Dispose the stream to end the request.
    /// </summary>
    public Task<Stream> QueryStreamAsync(string sql, CancellationToken cancellationToken = default)
        => QueryStreamAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryStreamAsync(string, CancellationToken)"/>
    public async Task<Stream> QueryStreamAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => await SendQueryAsync(sql, options, cancellationToken).ConfigureAwait(false);

    /// <summary>The server's version, e.g. <c>25.10.1.3832</c>.</summary>
    public async Task<string> GetServerVersionAsync(CancellationToken cancellationToken = default)
        => (await QueryTextAsync("SELECT version()", cancellationToken).ConfigureAwait(false)).Trim();

    private async Task<(ClickHouseResponseStream Body, RowBinaryFormat Format)> OpenRowsAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(sql);
        CheckRowsFormat(options);
        if (options?.Format is { } requested)
        {
            return (await SendQueryAsync(WithFormat(sql, requested), options, cancellationToken).ConfigureAwait(false), requested);
        }
        if (await TrySendWithNamesAndTypesAsync(sql, options, cancellationToken).ConfigureAwait(false) is { } body)
        {
            return (body, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        }
        return (await SendQueryAsync(WithFormat(sql, RowBinaryFormat.RowBinary), options, cancellationToken).ConfigureAwait(false), RowBinaryFormat.RowBinary);
    }

    /// <summary>The SQL with a FORMAT clause on a line of its own (after a trailing comment or semicolon the clause still counts).</summary>
    internal static string WithFormat(string sql, RowBinaryFormat format) => string.Concat(TrimStatementEnd(sql), "\nFORMAT ", format.ToString());

    /// <summary>The statement without trailing semicolons, so that a clause can follow it or parentheses enclose it.</summary>
    private static string TrimStatementEnd(string sql)
    {
        ReadOnlySpan<char> statement = sql.AsSpan().TrimEnd();
        while (statement.EndsWith(";"))
        {
            statement = statement.Slice(0, statement.Length - 1).TrimEnd();
        }
        return statement.ToString();
    }

    /// <summary>The answer of a server that does not know RowBinaryWithNamesAndTypes (ClickHouse before 19.x).</summary>
    private static bool IsNamesAndTypesUnknown(Exception failure)
        => failure is ClickHouseServerException { Code: ClickHouseErrorCodes.UnknownFormat } e
            && e.ServerMessage.Contains(nameof(RowBinaryFormat.RowBinaryWithNamesAndTypes), StringComparison.Ordinal);

    /// <param name="sql">The statement, FORMAT included.</param>
    /// <param name="options">Its options.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    /// <param name="asksNamesAndTypes">
    /// The statement asks for RowBinaryWithNamesAndTypes: it goes to an endpoint only where that format may be known
    /// (<see cref="KnowsNamesAndTypesAsync"/>), else fails with <see cref="NamesAndTypesUnknownException"/> unsent; the
    /// endpoint's answer is remembered; its refusal is a failure the caller answers by asking again in plain RowBinary
    /// (see <see cref="RequestTelemetry.FallsBackOn"/>).
    /// </param>
    private async Task<ClickHouseResponseStream> SendQueryAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken,
        bool asksNamesAndTypes = false)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(sql);
        IDictionary<string, string>? settings = options?.Progress is null ? options?.Settings : QueryProgressReporter.WithProgressSetting(options.Settings);
        string queryId = options?.QueryId ?? NewQueryId();
        string operation = RequestTelemetry.OperationOf(sql);
        bool idempotent = options?.Idempotent ?? IsIdempotent(sql);
        RequestScope? scope = RequestScope.Of(options);
        ExternalTablesContent? lastExternal = null;
        return await RouteAsync(operation, queryId, async endpoint =>
            {
                if (asksNamesAndTypes && !await KnowsNamesAndTypesAsync(endpoint, options, cancellationToken).ConfigureAwait(false))
                {
                    throw new NamesAndTypesUnknownException();
                }
                HttpContent content = CreateQueryContent(sql, options);
                lastExternal = content as ExternalTablesContent;
                using HttpRequestMessage request = CreateRequest(endpoint.Uri, null, content, options?.Database, queryId,
                    WithCancelOnClientClose(endpoint.Uri, operation, settings), options?.Parameters, scope);
                // Servers before 19.x leave a chunked multipart body's last chunk unread and answer the connection's next request with 400.
                request.Headers.ConnectionClose = lastExternal is not null ? true : null;
                var telemetry = new RequestTelemetry(operation, null, options?.Database ?? _database, endpoint.Uri, queryId);
                telemetry.ReportProgressTo(options?.Progress);
                if (asksNamesAndTypes)
                {
                    telemetry.FallsBackOn(IsNamesAndTypesUnknown, nameof(RowBinaryFormat.RowBinary));
                }
                HttpResponseMessage response;
                try
                {
                    response = await SendAsync(request, queryId, telemetry, cancellationToken).ConfigureAwait(false);
                }
                catch (ClickHouseServerException e) when (asksNamesAndTypes && IsNamesAndTypesUnknown(e))
                {
                    endpoint.NamesAndTypes = false;
                    throw;
                }
                if (asksNamesAndTypes)
                {
                    endpoint.NamesAndTypes = true;
                }
                if (lastExternal is not null)
                {
                    telemetry.Sent(lastExternal.RowsWritten, lastExternal.BytesWritten);
                }
                ClickHouseResponseStream body = await OpenBodyAsync(response, queryId, telemetry, cancellationToken).ConfigureAwait(false);
                if (_killCancelledQueries)
                {
                    Uri server = endpoint.Uri;
                    body.Abandoned = () => KillSoon(server, queryId);
                }
                return body;
            },
            failure => (lastExternal is null || lastExternal.MayBeSentAgain)
                && (idempotent ? IsTransportFailure(failure) : NeverReachedServer(failure)),
            killOnAbandon: true, cancellationToken).ConfigureAwait(false);
    }
}
