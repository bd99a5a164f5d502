using System;
using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>A table's description is a few bytes a column; more than this is not a description.</summary>
    private const int MaxTableDescriptionBytes = 16 * 1024 * 1024;

    /// <summary>The most a table's schema probe may take, whatever the client's <see cref="ClickHouseClientOptions.Timeout"/>.</summary>
    internal static readonly TimeSpan SchemaProbeTimeLimit = TimeSpan.FromSeconds(30);

    private const string TypesUseHeaderSetting = "input_format_with_types_use_header";
    private const string HeaderWithDefaultsFormat = "RowBinaryWithNamesAndTypesAndDefaults";
    private const string NamesUseHeaderSetting = "input_format_with_names_use_header";

    private readonly TableSchemaCache _tableSchemas = new();

    /// <summary>
    /// The columns of a table as the server describes them (<c>system.columns</c>), in the table's order: names, types
    /// exactly as the server names them, and how each is filled when an INSERT leaves it out. Empty when the table does
    /// not exist or the user may not see its columns.
    /// </summary>
    /// <param name="table">The table name, one identifier.</param>
    /// <param name="database">Its database; the client's <see cref="ClickHouseClientOptions.Database"/> (or the server's default) when null.</param>
    /// <param name="cancellationToken">Stops waiting.</param>
    public async Task<IReadOnlyList<ClickHouseTableColumn>> DescribeTableAsync(string table, string? database = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(table);
        TableSchema schema = await RoutedProbeAsync(database, table, cancellationToken).ConfigureAwait(false);
        return schema.Columns;
    }

    /// <summary>
    /// Checks a row type against a table as every INSERT does (see <see cref="ClickHouseInsertOptions.CheckSchema"/>),
    /// asking the server afresh, and returns what does not fit instead of throwing: empty when
    /// <typeparamref name="T"/>'s rows can go into the table. For a health check at start-up.
    /// </summary>
    /// <param name="table">The table name, one identifier.</param>
    /// <param name="options">The database and settings the INSERTs will use; the client's when null.</param>
    /// <param name="cancellationToken">Stops waiting.</param>
    public async Task<IReadOnlyList<RowBinaryColumnMismatch>> ValidateTableAsync<T>(string table, ClickHouseInsertOptions? options = null,
        CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentException.ThrowIfNullOrEmpty(table);
        TableSchema schema = await RoutedProbeAsync(options?.Database, table, cancellationToken).ConfigureAwait(false);
        _tableSchemas.Put(schema);
        return schema.PlanFor<T>(OmittedTakeDefaults(options?.Settings)).Mismatches;
    }

    /// <summary>
    /// Forgets every table schema this client has probed: the next INSERT into each table asks the server again. For
    /// after an <c>ALTER TABLE</c> the client did not see (an INSERT that the server refuses for a changed schema
    /// already forgets its table).
    /// </summary>
    public void ForgetTableSchemas() => _tableSchemas.Clear();

    /// <summary>How rows of <typeparamref name="T"/> go into a table on one server: probed once and cached.</summary>
    internal async Task<InsertPlan> GetInsertPlanAsync<T>(Uri endpoint, string? database, string table, IDictionary<string, string>? settings,
        CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        TableSchema schema = await _tableSchemas.GetAsync(SchemaKey(endpoint, database, table), ProbeTableAsync).WaitAsync(cancellationToken)
            .ConfigureAwait(false);
        return schema.PlanFor<T>(OmittedTakeDefaults(settings));
    }

    /// <summary>After an INSERT the server refused in a way that says the table changed: the next one probes again.</summary>
    internal void ForgetTableSchemaAfter(Exception failure, Uri endpoint, string? database, string table)
    {
        if (failure is ClickHouseServerException server && ClickHouseErrorCodes.MeansSchemaChanged(server.Code))
        {
            _tableSchemas.Forget(SchemaKey(endpoint, database, table));
        }
    }

    /// <summary>
    /// The settings of an INSERT that sends a header: the server is told to read it by name and check its types, unless
    /// the caller chose otherwise.
    /// </summary>
    internal IDictionary<string, string>? WithHeaderSettings(InsertWire wire, IDictionary<string, string>? settings)
    {
        if (!wire.HasHeader)
        {
            return settings;
        }
        var withHeader = settings is null
            ? new Dictionary<string, string>(StringComparer.Ordinal)
            : new Dictionary<string, string>(settings, StringComparer.Ordinal);
        foreach (string name in (ReadOnlySpan<string>)[NamesUseHeaderSetting, TypesUseHeaderSetting])
        {
            if (!withHeader.ContainsKey(name) && !HasClientSetting(name))
            {
                withHeader[name] = "1";
            }
        }
        return withHeader;
    }

    private TableSchemaKey SchemaKey(Uri endpoint, string? database, string table)
    {
        ArgumentException.ThrowIfNullOrEmpty(table);
        return new TableSchemaKey(endpoint, database ?? _database ?? "", table);
    }

    private bool OmittedTakeDefaults(IDictionary<string, string>? settings)
        => (settings is not null && settings.TryGetValue(InsertSchemaCheck.DefaultsForOmittedFields, out string? value) ? value : ClientSetting(InsertSchemaCheck.DefaultsForOmittedFields))
            is "1" or "true";

    private bool HasClientSetting(string name) => ClientSetting(name) is not null;

    private string? ClientSetting(string name)
    {
        foreach (KeyValuePair<string, string> setting in _settings)
        {
            if (setting.Key == name)
            {
                return setting.Value;
            }
        }
        return null;
    }

    /// <summary>
    /// A table's description asked as any idempotent read is: from an endpoint picked by the strategy (a session's own, for
    /// a session), the next one when the connection fails (refused, or broken before the whole answer arrived), an
    /// endpoint that cannot be reached marked down. Read whole inside the attempt, so nothing of a broken answer is kept.
    /// </summary>
    private Task<TableSchema> RoutedProbeAsync(string? database, string table, CancellationToken cancellationToken)
        => RouteAsync("SELECT", "", endpoint => ProbeTableAsync(SchemaKey(endpoint.Uri, database, table)).WaitAsync(cancellationToken),
            IsTransportFailure, killOnAbandon: false, cancellationToken);

    /// <summary>
    /// Asks one server for a table's columns and, in the same request, whether it checks RowBinaryWithNamesAndTypes
    /// headers and reads RowBinaryWithNamesAndTypesAndDefaults. <c>system.columns</c> rather than DESCRIBE: it names types as the server compares them (DESCRIBE may
    /// pretty-print them over several lines), and its columns are the same in every version. Not cancellable by one
    /// caller: callers that share the probe each stop waiting on their own.
    /// </summary>
    private async Task<TableSchema> ProbeTableAsync(TableSchemaKey key)
    {
        string database = key.Database.Length == 0 ? "currentDatabase()" : StringLiteral(key.Database);
        string sql =
            $"SELECT name, type, default_kind, 0 FROM system.columns WHERE database = {database} AND table = {StringLiteral(key.Table)}\n" +
            $"UNION ALL SELECT name, '', '', 1 FROM system.settings WHERE name = '{TypesUseHeaderSetting}'\n" +
            $"UNION ALL SELECT name, '', '', 2 FROM system.formats WHERE name = '{HeaderWithDefaultsFormat}'\n" +
            "FORMAT RowBinary";
        var content = new ByteArrayContent(Encoding.UTF8.GetBytes(sql));
        content.Headers.ContentType = new MediaTypeHeaderValue("text/plain") { CharSet = "UTF-8" };
        string queryId = NewQueryId();
        using HttpRequestMessage request = CreateRequest(key.Endpoint, null, content, null, queryId, null, null);
        var telemetry = new RequestTelemetry("SELECT", "system.columns", key.Database, key.Endpoint, queryId);
        using RequestDeadline deadline = SchemaProbeDeadline();
        HttpResponseMessage response = await SendAsync(request, null, deadline, telemetry).ConfigureAwait(false);
        byte[] answer;
        try
        {
            await using ClickHouseResponseStream body = await OpenBodyAsync(response, null, telemetry, deadline.Token).ConfigureAwait(false);
            answer = await ReadBoundedAsync(body, MaxTableDescriptionBytes, $"The description of table {key.QualifiedName}", deadline.Token)
                .ConfigureAwait(false);
        }
        catch (OperationCanceledException e) when (deadline.Expired)
        {
            throw deadline.Exceeded(key.Endpoint.ToString(), e);
        }
        return ParseTableSchema(key, answer);
    }

    /// <summary>
    /// The probe's time limit: the client's <see cref="ClickHouseClientOptions.Timeout"/>, but never more than
    /// <see cref="SchemaProbeTimeLimit"/>, since every INSERT into the table waits on the one probe (a caller's own
    /// cancellation lets only that caller leave) and a description of a table is a small, quick answer.
    /// </summary>
    private RequestDeadline SchemaProbeDeadline()
        => _timeout == Timeout.InfiniteTimeSpan || _timeout > SchemaProbeTimeLimit
            ? new RequestDeadline(SchemaProbeTimeLimit, $"the schema probe's own limit of {SchemaProbeTimeLimit.TotalSeconds:0} s", TimeProvider.System, CancellationToken.None)
            : new RequestDeadline(_timeout, _timeoutName, TimeProvider.System, CancellationToken.None);

    /// <summary>
    /// Rows of (name, type, default_kind, what) in RowBinary, from <see cref="ProbeTableAsync"/>: what is 0 for a
    /// column, 1 for a setting the server has, 2 for a format it has.
    /// </summary>
    internal static TableSchema ParseTableSchema(TableSchemaKey key, ReadOnlySpan<byte> answer)
    {
        var columns = new List<ClickHouseTableColumn>();
        bool checksHeader = false;
        bool readsHeaderWithDefaults = false;
        var reader = new RowBinaryReader(answer);
        while (!reader.IsEnd)
        {
            string name = reader.ReadString();
            string type = reader.ReadString();
            string defaultKind = reader.ReadString();
            byte what = reader.ReadUInt8();
            if (what != 0)
            {
                checksHeader |= what == 1 && name == TypesUseHeaderSetting;
                readsHeaderWithDefaults |= what == 2 && name == HeaderWithDefaultsFormat;
                continue;
            }
            if (name.Length == 0 || type.Length == 0)
            {
                throw new RowBinaryException(
                    $"The server described a column of {key.QualifiedName} with an empty name or type ('{name}' '{type}'): not a table description.",
                    reader.Offset);
            }
            columns.Add(new ClickHouseTableColumn(name, type, defaultKind));
        }
        return new TableSchema(key, columns, checksHeader, readsHeaderWithDefaults);
    }

    private static async Task<byte[]> ReadBoundedAsync(Stream body, int limit, string what, CancellationToken cancellationToken)
    {
        using var answer = new MemoryStream();
        byte[] buffer = new byte[16 * 1024];
        int read;
        while ((read = await body.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
        {
            if (answer.Length + read > limit)
            {
                throw new RowBinaryException($"{what} runs past {limit:N0} bytes: that is not a table description.");
            }
            answer.Write(buffer, 0, read);
        }
        return answer.ToArray();
    }

    /// <summary>A ClickHouse string literal: quotes and backslashes escaped, so no name can change the query.</summary>
    private static string StringLiteral(string value)
        => "'" + value.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("'", "\\'", StringComparison.Ordinal) + "'";
}
