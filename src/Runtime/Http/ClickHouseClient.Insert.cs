using System;
using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Streams the rows into <paramref name="table"/> as <c>INSERT INTO `table` (`a`, `b`) FORMAT RowBinary</c>: they are
    /// enumerated and written into the request as it is sent, never held in memory whole.
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
        string queryId = options?.QueryId ?? NewQueryId();
        RequestScope? scope = RequestScope.Of(options);
        return await RouteAsync("INSERT", queryId, endpoint => InsertAttemptAsync(endpoint.Uri, table, rows, asyncRows, rowFormat, queryId, scope, options, cancellationToken),
            // The rows are enumerated once: only an INSERT that never reached a server, and so never took a row, may go elsewhere.
            NeverReachedServer, killOnAbandon: false, cancellationToken).ConfigureAwait(false);
    }

    private async Task<ClickHouseInsertResult> InsertAttemptAsync<T>(Uri endpoint, string table, IEnumerable<T>? rows, IAsyncEnumerable<T>? asyncRows,
        RowBinaryFormat rowFormat, string queryId, RequestScope? scope, ClickHouseInsertOptions? options, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        IDictionary<string, string>? settings = options?.Settings;
        var wire = new InsertWire(rowFormat.ToString(), ReadOnlyMemory<byte>.Empty);
        if (options?.CheckSchema ?? true)
        {
            InsertPlan plan = await GetInsertPlanAsync<T>(endpoint, options?.Database, table, settings, cancellationToken).ConfigureAwait(false);
            if (plan.Refusal is { } refusal)
            {
                throw refusal;
            }
            wire = plan.Wire(rowFormat);
            settings = WithHeaderSettings(wire, settings);
        }
        var content = new RowBinaryContent<T>(rows, asyncRows, rowFormat, wire.Header, _requestCompression, options?.Progress);
        string sql = InsertStatement(options?.Database, table, T.Schema, wire.FormatName);
        try
        {
            using HttpRequestMessage request = CreateRequest(endpoint, sql, content, options?.Database, queryId, settings, parameters: null, scope);
            var telemetry = new RequestTelemetry("INSERT", table, options?.Database ?? _database, endpoint, queryId);
            HttpResponseMessage response = await SendAsync(request, queryId, telemetry, cancellationToken).ConfigureAwait(false);
            // The answer to an INSERT is empty, unless the server failed after the status line: read it to the end to know.
            await using (ClickHouseResponseStream body = await OpenBodyAsync(response, queryId, telemetry, cancellationToken).ConfigureAwait(false))
            {
                telemetry.Sent(content.RowsWritten, content.BytesWritten);
                await body.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (ClickHouseServerException e)
        {
            ForgetTableSchemaAfter(e, endpoint, options?.Database, table);
            throw;
        }
        return new ClickHouseInsertResult(content.RowsWritten, content.BytesWritten);
    }

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
            TableSchema existing = await ProbeTableAsync(SchemaKey(CurrentEndpoint, options.Database, table)).WaitAsync(cancellationToken).ConfigureAwait(false);
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

    /// <summary>Creates a batch inserter over this client, which must outlive it; see <see cref="ClickHouseBatchInserter{T}"/>.</summary>
    /// <param name="table">The table name, quoted as one identifier (use <see cref="ClickHouseBatchInserterOptions.Database"/> for another database).</param>
    /// <param name="options">When batches are sent and how they are retried; the defaults when null.</param>
    public ClickHouseBatchInserter<T> CreateBatchInserter<T>(string table, ClickHouseBatchInserterOptions? options = null)
        where T : IClickHouseRow<T>
        => new(this, table, options ?? new ClickHouseBatchInserterOptions());

    /// <summary>
    /// The span and measurements of one attempt to send a batch inserter's INSERT: a root span linked to the callers
    /// whose rows the batch carries. <see cref="SendInsertAttemptAsync"/> ends them.
    /// </summary>
    internal RequestTelemetry StartInsertAttempt(Uri endpoint, string table, string? database, string queryId, InsertBatch batch, int attempt)
    {
        var telemetry = new RequestTelemetry("INSERT", table, database ?? _database, endpoint, queryId,
            [new("db.operation.batch.size", batch.Rows), new("clickhouse.insert.attempt", attempt)], batch.Links);
        telemetry.Sent(batch.Rows, batch.Bytes);
        return telemetry;
    }

    /// <summary>One attempt to send a batch inserter's INSERT to one endpoint; completes once the server acknowledged it.</summary>
    internal async Task SendInsertAttemptAsync(Uri endpoint, string sql, InsertBatch batch, ReadOnlyMemory<byte> header, string? database, string queryId,
        IDictionary<string, string> settings, TimeSpan timeout, RequestTelemetry telemetry)
    {
        try
        {
            var content = new InsertBatchContent(await batch.FramedAsync(_requestCompression, header).ConfigureAwait(false), _requestCompression);
            using HttpRequestMessage request = CreateRequest(endpoint, sql, content, database, queryId, settings, parameters: null);
            HttpResponseMessage response = await SendAsync(request, queryId, timeout, "ClickHouseBatchInserterOptions.InsertTimeout", telemetry, CancellationToken.None)
                .ConfigureAwait(false);
            using var timeLimit = new CancellationTokenSource(timeout);
            await using ClickHouseResponseStream body = await OpenBodyAsync(response, queryId, telemetry, timeLimit.Token).ConfigureAwait(false);
            await body.CopyToAsync(Stream.Null, timeLimit.Token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            // Ends the span wherever the attempt failed; a no-op where the request already ended it.
            telemetry.Failed(e);
            telemetry.Dispose();
            throw;
        }
    }

    /// <summary>Whether the server behind <paramref name="endpoint"/> has the setting <paramref name="name"/> (a name of ours: letters and underscores).</summary>
    internal async Task<bool> HasSettingAsync(Uri endpoint, string name, TimeSpan timeout)
    {
        // A literal, not a {name:String} parameter: servers before 19.11 have no query parameters.
        var content = new ByteArrayContent(System.Text.Encoding.UTF8.GetBytes($"SELECT count() FROM system.settings WHERE name = '{name}'"));
        using HttpRequestMessage request = CreateRequest(endpoint, null, content, null, null, null, null);
        var telemetry = new RequestTelemetry("SELECT", "system.settings", null, endpoint, null);
        HttpResponseMessage response = await SendAsync(request, null, timeout, "ClickHouseBatchInserterOptions.InsertTimeout", telemetry, CancellationToken.None)
            .ConfigureAwait(false);
        using var timeLimit = new CancellationTokenSource(timeout);
        await using ClickHouseResponseStream body = await OpenBodyAsync(response, null, telemetry, timeLimit.Token).ConfigureAwait(false);
        using var reader = new StreamReader(body);
        return (await reader.ReadToEndAsync(timeLimit.Token).ConfigureAwait(false)).Trim() != "0";
    }
}
