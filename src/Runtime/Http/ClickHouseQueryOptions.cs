using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>Per-query options of a <see cref="ClickHouseClient"/> call; they add to and override the client's.</summary>
public sealed class ClickHouseQueryOptions
{
    /// <summary>
    /// Values for the server-side parameters the SQL names as <c>{name:Type}</c>, sent as <c>param_name</c> URL
    /// parameters and never spliced into the SQL (ClickHouse 19.11 and later).
    /// </summary>
    public IDictionary<string, object?> Parameters { get; } = new Dictionary<string, object?>(StringComparer.Ordinal);

    /// <summary>ClickHouse settings for this query, e.g. <c>max_execution_time</c> = <c>10</c>.</summary>
    public IDictionary<string, string> Settings { get; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary>The database unqualified names refer to; the client's <see cref="ClickHouseClientOptions.Database"/> when null.</summary>
    public string? Database { get; set; }

    /// <summary>The query id (<c>query_id</c>), to find the query in <c>system.query_log</c> or kill it; the client makes one when null, so that it can stop the query on the server when the caller cancels it.</summary>
    public string? QueryId { get; set; }

    /// <summary>Roles to act with for this query (the <c>role</c> URL parameter), instead of the client's <see cref="ClickHouseClientOptions.Roles"/>.</summary>
    public IList<string> Roles { get; } = new List<string>();

    /// <summary>HTTP headers for this request, added to (and overriding) the client's <see cref="ClickHouseClientOptions.Headers"/>.</summary>
    public IDictionary<string, string> Headers { get; } = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// Whether running the statement twice does no harm, so that it may run again on another endpoint after its connection
    /// failed before any row reached the caller. Null (the default) decides by the statement: SELECT, WITH, SHOW,
    /// DESCRIBE, EXISTS, EXPLAIN, CHECK, <c>CREATE ... IF NOT EXISTS</c> and <c>DROP ... IF EXISTS</c> are; any other moves
    /// only when its request certainly never reached a server (the connection was refused).
    /// </summary>
    public bool? Idempotent { get; set; }

    /// <summary>
    /// The format typed reads ask for. Null (the default) picks <see cref="RowBinaryFormat.RowBinaryWithNamesAndTypes"/>,
    /// whose header is checked against the row type, where the server has it, else <see cref="RowBinaryFormat.RowBinary"/>.
    /// </summary>
    public RowBinaryFormat? Format { get; set; }

    /// <summary>
    /// The format typed reads ask for; the client's <see cref="ClickHouseClientOptions.WireFormat"/> when null, and
    /// when that is null too, Native (RowBinary for rows with JSON or Dynamic columns).
    /// A <see cref="Format"/> given asks for that RowBinary format whatever this says (and asking for Native with
    /// one is an error).
    /// </summary>
    public ClickHouseWireFormat? WireFormat { get; set; }

    /// <summary>
    /// Told how far the query has got: once the answer starts (with the server's own progress: the client asks for it
    /// with <c>send_progress_in_http_headers=1</c>), then for every MiB of the result received, and once at the end
    /// with the rows read. <see cref="System.Progress{T}"/> reports on the caller's synchronization context.
    /// </summary>
    public IProgress<ClickHouseQueryProgress>? Progress { get; set; }

    /// <summary>
    /// Tables of the application's rows sent with the query, for it to read by name (<c>WHERE id IN ids</c>, a JOIN):
    /// see <see cref="ClickHouseExternalTable"/>. With any, the request is a multipart form (the query one of its fields)
    /// and goes uncompressed: ClickHouse does not decompress a multipart body.
    /// </summary>
    public IList<ClickHouseExternalTable> ExternalTables { get; } = new List<ClickHouseExternalTable>();

    /// <summary>
    /// A copy of every option, its own collections holding the same items: what the client sends changed (a setting
    /// added, the query id taken off) without changing the caller's options or losing any of them.
    /// </summary>
    internal ClickHouseQueryOptions Copy()
    {
        var copy = new ClickHouseQueryOptions
        {
            Database = Database,
            QueryId = QueryId,
            Idempotent = Idempotent,
            Format = Format,
            WireFormat = WireFormat,
            Progress = Progress,
        };
        foreach (KeyValuePair<string, object?> parameter in Parameters)
        {
            copy.Parameters.Add(parameter);
        }
        foreach (KeyValuePair<string, string> setting in Settings)
        {
            copy.Settings.Add(setting);
        }
        foreach (string role in Roles)
        {
            copy.Roles.Add(role);
        }
        foreach (KeyValuePair<string, string> header in Headers)
        {
            copy.Headers.Add(header);
        }
        foreach (ClickHouseExternalTable table in ExternalTables)
        {
            copy.ExternalTables.Add(table);
        }
        return copy;
    }

    /// <summary>Options that carry only <paramref name="parameters"/>: what the overloads taking parameters send.</summary>
    internal static ClickHouseQueryOptions WithParameters(IReadOnlyDictionary<string, object?> parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        var options = new ClickHouseQueryOptions();
        foreach (KeyValuePair<string, object?> parameter in parameters)
        {
            options.Parameters.Add(parameter.Key, parameter.Value);
        }
        return options;
    }
}
