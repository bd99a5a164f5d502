using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Streams the rows into <paramref name="table"/> as <c>INSERT INTO `table` (`a`, `b`) FORMAT Native</c> by default
    /// (or <c>FORMAT RowBinary</c>, see <see cref="ClickHouseClientOptions.WireFormat"/>): they are enumerated and written
    /// into the request as it is sent, never held in memory whole (Native: one block at a time, of at most
    /// <see cref="NativeSerializer.BlockRows"/> rows or about <see cref="NativeSerializer.BlockBytes"/> bytes).
    /// </summary>
    /// <param name="table">The table name, quoted as one identifier (a dot is part of the name: use
    /// <see cref="ClickHouseInsertOptions.Database"/> for another database).</param>
    /// <param name="rows">The rows, enumerated once.</param>
    /// <param name="cancellationToken">Stops sending and aborts the request.</param>
    public Task<ClickHouseInsertResult> InsertAsync<T>(string table, IEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => InsertAsync(table, rows, options: null, cancellationToken);

    /// <inheritdoc cref="InsertAsync{T}(string, IEnumerable{T}, CancellationToken)"/>
    public Task<ClickHouseInsertResult> InsertAsync<T>(string table, IAsyncEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => InsertAsync(table, rows, options: null, cancellationToken);

    /// <summary>Streams the rows into <paramref name="table"/>; see <see cref="InsertAsync{T}(string, IEnumerable{T}, CancellationToken)"/>.</summary>
    /// <param name="table">The table name, quoted as one identifier.</param>
    /// <param name="rows">The rows, enumerated once.</param>
    /// <param name="options">The database, settings, query id and format of this INSERT.</param>
    /// <param name="cancellationToken">Stops sending and aborts the request.</param>
    public Task<ClickHouseInsertResult> InsertAsync<T>(string table, IEnumerable<T> rows, ClickHouseInsertOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(rows);
        return InsertCoreAsync(table, rows, null, options, cancellationToken);
    }

    /// <inheritdoc cref="InsertAsync{T}(string, IEnumerable{T}, ClickHouseInsertOptions?, CancellationToken)"/>
    public Task<ClickHouseInsertResult> InsertAsync<T>(string table, IAsyncEnumerable<T> rows, ClickHouseInsertOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(rows);
        return InsertCoreAsync(table, null, rows, options, cancellationToken);
    }

    /// <summary>The INSERT statement for a row type: every column named, so the table may have more (with defaults).</summary>
    internal static string InsertStatement(string? database, string table, ClickHouseRowSchema schema, string format)
        => $"INSERT INTO {ClickHouseIdentifier.QuoteTable(database, table)} {schema.ColumnList} FORMAT {format}";

    private static RowBinaryFormat CheckFormat(ClickHouseInsertOptions? options)
    {
        RowBinaryFormat format = options?.Format ?? RowBinaryFormat.RowBinary;
        if (format is not (RowBinaryFormat.RowBinary or RowBinaryFormat.RowBinaryWithDefaults))
        {
            throw new ArgumentException($"An INSERT is sent as RowBinary or RowBinaryWithDefaults, not {format}.", nameof(options));
        }
        return format;
    }

    private async Task<ClickHouseInsertResult> InsertCoreAsync<T>(string table, IEnumerable<T>? rows, IAsyncEnumerable<T>? asyncRows,
        ClickHouseInsertOptions? options, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        ArgumentException.ThrowIfNullOrEmpty(table);
        RowBinaryFormat rowFormat = CheckFormat(options);
        bool native = InsertsNative<T>(options?.WireFormat, rowFormat, options?.CheckSchema ?? true, nameof(options));
        CheckDeduplicationToken(options);
        string queryId = options?.QueryId ?? NewQueryId();
        RequestScope? scope = RequestScope.Of(options);
        // A collection gives the same rows again; a sequence (a generator, an async stream) is enumerated once.
        var failover = new InsertFailover(mayResendBody: rows is ICollection<T> or IReadOnlyCollection<T>);
        return await RouteAsync("INSERT", queryId,
            endpoint => InsertAttemptAsync(endpoint.Uri, table, rows, asyncRows, rowFormat, native, queryId, scope, options, failover, cancellationToken),
            failover.MayMove, killOnAbandon: false, cancellationToken).ConfigureAwait(false);
    }

    private async Task<ClickHouseInsertResult> InsertAttemptAsync<T>(Uri endpoint, string table, IEnumerable<T>? rows, IAsyncEnumerable<T>? asyncRows,
        RowBinaryFormat rowFormat, bool native, string queryId, RequestScope? scope, ClickHouseInsertOptions? options, InsertFailover failover,
        CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        (IDictionary<string, string>? settings, string? token) = await WithDeduplicationTokenAsync(endpoint, options, cancellationToken).ConfigureAwait(false);
        failover.Sending(withToken: token is not null);
        var wire = new InsertWire(native ? NativeFormatName : rowFormat.ToString(), ReadOnlyMemory<byte>.Empty);
        IReadOnlyList<string>? nativeTypes = null;
        if (options?.CheckSchema ?? true)
        {
            InsertPlan plan = await GetInsertPlanAsync<T>(endpoint, options?.Database, table, settings, cancellationToken).ConfigureAwait(false);
            if (plan.Refusal is { } refusal)
            {
                throw refusal;
            }
            // Native blocks name the table's own types: servers before 21.x read the values as the table's types whatever
            // a block names, newer ones convert them.
            nativeTypes = plan.TableTypes;
            wire = native ? wire : plan.Wire(rowFormat);
            settings = WithHeaderSettings(wire, settings);
        }
        var content = new RowBinaryContent<T>(rows, asyncRows, rowFormat, wire.Header, _requestCompression, options?.Progress,
            native ? new NativeBlockTypes(nativeTypes) : null);
        string sql = InsertStatement(options?.Database, table, T.Schema, wire.FormatName);
        using HttpRequestMessage request = CreateRequest(endpoint, sql, content, options?.Database, queryId, settings, parameters: null, scope);
        var telemetry = new RequestTelemetry("INSERT", table, options?.Database ?? _database, endpoint, queryId);
        try
        {
            HttpResponseMessage response = await SendAsync(request, queryId, telemetry, cancellationToken).ConfigureAwait(false);
            // The answer to an INSERT is empty, unless the server failed after the status line: read it to the end to know.
            await using (ClickHouseResponseStream body = await OpenBodyAsync(response, queryId, telemetry, cancellationToken).ConfigureAwait(false))
            {
                telemetry.Sent(content.RowsWritten, content.BytesWritten);
                await body.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (Exception e)
        {
            ForgetTableSchemaAfter(e, endpoint, options?.Database, table);
            if ((content.RowsSent > 0 || content.BodyComplete)
                && await PartialInsertFailureAsync(endpoint, e, content.RowsSent, content.BytesSent, content.BodyComplete, native, table, options, token).ConfigureAwait(false) is { } partial)
            {
                throw partial;
            }
            throw;
        }
        return new ClickHouseInsertResult(content.RowsWritten, content.BytesWritten);
    }

    /// <summary>Refuses a deduplication token given twice: as the option and as the setting.</summary>
    private static void CheckDeduplicationToken(ClickHouseInsertOptions? options)
    {
        if (options?.DeduplicationToken is not null && options.Settings.ContainsKey(ServerInsertSettings.DeduplicationToken))
        {
            throw new ArgumentException(
                $"The INSERT has both a DeduplicationToken and the setting {ServerInsertSettings.DeduplicationToken}: set the DeduplicationToken only.", nameof(options));
        }
    }

    /// <summary>The INSERT's settings, with its deduplication token where the server has <c>insert_deduplication_token</c>.</summary>
    private async Task<(IDictionary<string, string>? Settings, string? Token)> WithDeduplicationTokenAsync(Uri endpoint, ClickHouseInsertOptions? options,
        CancellationToken cancellationToken)
    {
        if (options?.DeduplicationToken is not { } token)
        {
            return (options?.Settings, null);
        }
        ServerInsertSettings server = await _serverSettings.GetAsync(endpoint, cancellationToken).ConfigureAwait(false);
        if (server.HasDeduplicationToken != true)
        {
            return (options.Settings, null);
        }
        return (new Dictionary<string, string>(options.Settings, StringComparer.Ordinal) { [ServerInsertSettings.DeduplicationToken] = token }, token);
    }

    /// <summary>
    /// What a failed INSERT may have left: null when nothing (less than one block was sent and the body never completed),
    /// else the exception that says so. The server's block size is asked now when it is not known yet (once per endpoint).
    /// </summary>
    private async Task<ClickHousePartialInsertException?> PartialInsertFailureAsync(Uri endpoint, Exception failure, long rowsSent, long bytesSent, bool bodyComplete,
        bool native, string table, ClickHouseInsertOptions? options, string? token)
    {
        // A server that answered with an error after the whole body refused it, except for the blocks it had committed; an
        // error status without ClickHouse's error (a proxy's 504, a server going down) says nothing of what was committed.
        bool wholeBodySent = bodyComplete && failure is not ClickHouseServerException { IsEndpointFailure: false };
        ServerInsertSettings server = _serverSettings.Known(endpoint);
        if (!wholeBodySent && server.HasDeduplicationToken is null)
        {
            using var patience = new CancellationTokenSource(PartialInsertPatience);
            try
            {
                server = await _serverSettings.GetAsync(endpoint, patience.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                // No answer in time: ClickHouse's default block size it is.
            }
        }
        InsertBlockSize blocks = native ? server.NativeBlockSize(options?.Settings, _settings) : server.BlockSize(options?.Settings, _settings);
        long mayHaveCommitted = wholeBodySent ? rowsSent : blocks.MayHaveCommitted(rowsSent, bytesSent);
        return mayHaveCommitted == 0
            ? null
            : new ClickHousePartialInsertException(ClickHouseIdentifier.QuoteTable(options?.Database, table), rowsSent, blocks, mayHaveCommitted,
                wholeBodySent, token, server.HasDeduplicationToken, failure);
    }

    /// <summary>How much later a failed INSERT may be reported for asking the server's block size.</summary>
    private static readonly TimeSpan PartialInsertPatience = TimeSpan.FromSeconds(2);

    /// <summary>
    /// Creates a table whose columns are the row type's, with their ClickHouse types; see
    /// <see cref="ClickHouseRowSchema.CreateTableStatement(string, ClickHouseTableOptions?)"/>. The server is asked first
    /// which types it has: a column whose type it lacks (such as <c>DateTime64</c>, the default for <c>DateTime</c>
    /// members, on servers before 20.1) is a <see cref="NotSupportedException"/> naming the column, its member and the
    /// <c>[ClickHouseColumn]</c> that fits, and nothing is created. With <see cref="ClickHouseTableOptions.IfNotExists"/>, a
    /// table that exists already is checked against the row type as inserts check it (see
    /// <see cref="ClickHouseInsertOptions.CheckSchema"/>): one that does not fit is a
    /// <see cref="RowBinarySchemaMismatchException"/> naming every column that differs.
    /// </summary>
    public async Task CreateTableAsync<T>(string table, ClickHouseTableOptions? options = null, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        string sql = T.Schema.CreateTableStatement(table, options);
        await CheckServerHasTypesAsync(T.Schema, table, cancellationToken).ConfigureAwait(false);
        await ExecuteAsync(sql, new ClickHouseQueryOptions { Database = options?.Database }, cancellationToken).ConfigureAwait(false);
        if (options?.IfNotExists == true)
        {
            TableSchema existing = await RoutedProbeAsync(options.Database, table, cancellationToken).ConfigureAwait(false);
            // A table whose columns the user may not see cannot be checked here; its inserts will say so.
            if (existing.Columns.Count > 0)
            {
                _tableSchemas.Put(existing);
                if (existing.PlanFor<T>(OmittedTakeDefaults(settings: null)).Mismatches is { Count: > 0 } mismatches)
                {
                    throw RowBinarySchemaMismatchException.ExistingTable(T.Schema.RowTypeName, existing.Key.QualifiedName, mismatches);
                }
            }
        }
    }

    /// <summary>The client's knowledge of each endpoint's INSERT settings, asked once per endpoint.</summary>
    internal ServerSettingsCache ServerSettings => _serverSettings;

    /// <summary>How request bodies are compressed (<see cref="ClickHouseClientOptions.RequestCompression"/>).</summary>
    internal ClickHouseCompression RequestCompression => _requestCompression;

    /// <summary>
    /// The span and measurements of one attempt to send an INSERT of <paramref name="rows"/> rows (<paramref name="bytes"/>
    /// bytes) made of many callers' rows: a root span linked to those callers. <see cref="SendInsertAttemptAsync"/> ends them.
    /// </summary>
    internal RequestTelemetry StartInsertAttempt(Uri endpoint, string table, string? database, string queryId, int rows, long bytes, int attempt,
        IEnumerable<ActivityLink> links)
    {
        var telemetry = new RequestTelemetry("INSERT", table, database ?? _database, endpoint, queryId,
            [new("db.operation.batch.size", rows), new("clickhouse.insert.attempt", attempt)], links);
        telemetry.Sent(rows, bytes);
        return telemetry;
    }

    /// <summary>
    /// One attempt to send an INSERT whose body <paramref name="content"/> makes (within the attempt: its failure fails
    /// the attempt) to one endpoint; completes once the server acknowledged it and its answer was read to the end, all
    /// within <paramref name="deadline"/>, whose expiry is a <see cref="TimeoutException"/>.
    /// </summary>
    internal async Task SendInsertAttemptAsync(Uri endpoint, string sql, Func<Task<HttpContent>> content, string? database, string queryId,
        IDictionary<string, string> settings, RequestDeadline deadline, RequestTelemetry telemetry)
    {
        try
        {
            HttpContent body = await content().ConfigureAwait(false);
            using HttpRequestMessage request = CreateRequest(endpoint, sql, body, database, queryId, settings, parameters: null);
            HttpResponseMessage response = await SendAsync(request, queryId, deadline, telemetry).ConfigureAwait(false);
            await using ClickHouseResponseStream answer = await OpenBodyAsync(response, queryId, telemetry, deadline.Token).ConfigureAwait(false);
            try
            {
                await answer.CopyToAsync(Stream.Null, deadline.Token).ConfigureAwait(false);
            }
            catch (Exception e) when (deadline.Expired)
            {
                TimeoutException timedOut = deadline.Exceeded(EndpointOf(request), e);
                // Told before the body's disposal ends the span: the attempt timed out, nobody cancelled it.
                telemetry.Failed(timedOut);
                throw timedOut;
            }
        }
        catch (Exception e)
        {
            // Ends the span wherever the attempt failed; a no-op where the request already ended it.
            telemetry.Failed(e);
            telemetry.Dispose();
            throw;
        }
    }

    /// <summary>Asks the server behind <paramref name="endpoint"/> for its <see cref="ServerInsertSettings"/>.</summary>
    private async Task<ServerInsertSettings> ReadInsertSettingsAsync(Uri endpoint, TimeSpan timeout)
    {
        var content = new ByteArrayContent(System.Text.Encoding.UTF8.GetBytes(ServerInsertSettings.Query));
        string queryId = NewQueryId();
        using HttpRequestMessage request = CreateRequest(endpoint, null, content, null, queryId, null, null);
        var telemetry = new RequestTelemetry("SELECT", "system.settings", null, endpoint, queryId);
        HttpResponseMessage response = await SendAsync(request, null, timeout, "the question for system.settings", telemetry, CancellationToken.None)
            .ConfigureAwait(false);
        using var timeLimit = new CancellationTokenSource(timeout);
        await using ClickHouseResponseStream body = await OpenBodyAsync(response, null, telemetry, timeLimit.Token).ConfigureAwait(false);
        using var reader = new StreamReader(body);
        return ServerInsertSettings.Parse(await reader.ReadToEndAsync(timeLimit.Token).ConfigureAwait(false));
    }
}
