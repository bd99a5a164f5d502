using System;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Net.Http;

namespace ClickHouse.RowBinary;

/// <summary>
/// The batch inserters' instruments on the <c>ClickHouse.RowBinary</c> meter and their INSERT spans, named after
/// OpenTelemetry's database conventions (<c>db.client.operation.duration</c>, <c>db.system.name</c>, ...). Every
/// measurement carries the table as <c>db.collection.name</c>.
/// </summary>
internal static class BatchInserterTelemetry
{
    public static readonly Counter<long> RowsQueued = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.inserter.rows.queued", "{row}", "Rows accepted by batch inserters.");

    public static readonly Counter<long> RowsAcknowledged = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.inserter.rows.acknowledged", "{row}", "Rows of INSERTs the server acknowledged.");

    public static readonly Counter<long> RowsFailed = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.inserter.rows.failed", "{row}", "Rows of INSERTs that finally failed; their callers got the error.");

    public static readonly UpDownCounter<long> RowsPending = ClickHouseDiagnostics.Meter.CreateUpDownCounter<long>(
        "clickhouse.inserter.rows.pending", "{row}", "Rows accepted and not yet acknowledged or failed.");

    public static readonly Counter<long> Batches = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.inserter.batches", "{batch}", "Batches settled, by outcome (acknowledged or failed).");

    public static readonly Counter<long> Retries = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.inserter.retries", "{attempt}", "Attempts that failed transiently and were followed by another, by error.type.");

    public static readonly Histogram<long> BatchRows = ClickHouseDiagnostics.Meter.CreateHistogram<long>(
        "clickhouse.inserter.batch.rows", "{row}", "Rows per batch sent.");

    public static readonly Histogram<long> BatchBytes = ClickHouseDiagnostics.Meter.CreateHistogram<long>(
        "clickhouse.inserter.batch.size", "By", "RowBinary bytes per batch sent, before compression.");

    public static readonly Histogram<double> OperationDuration = ClickHouseDiagnostics.Meter.CreateHistogram<double>(
        "db.client.operation.duration", "s", "Duration of INSERT attempts, until the server's answer was read.");

    /// <summary>A client span for one attempt to send a batch, or null when nobody listens.</summary>
    public static Activity? StartInsert(string table, string? database, Uri endpoint, string queryId, int rows, int attempt)
    {
        Activity? activity = ClickHouseDiagnostics.ActivitySource.StartActivity("INSERT " + table, ActivityKind.Client);
        if (activity is { IsAllDataRequested: true })
        {
            activity.SetTag("db.system.name", "clickhouse");
            activity.SetTag("db.operation.name", "INSERT");
            activity.SetTag("db.collection.name", table);
            if (database is not null)
            {
                activity.SetTag("db.namespace", database);
            }
            activity.SetTag("db.operation.batch.size", rows);
            activity.SetTag("server.address", endpoint.Host);
            activity.SetTag("server.port", endpoint.Port);
            activity.SetTag("clickhouse.query_id", queryId);
            activity.SetTag("clickhouse.insert.attempt", attempt);
        }
        return activity;
    }

    /// <summary>The <c>error.type</c> of a failure: ClickHouse's error code, or the exception's type.</summary>
    public static string ErrorType(Exception exception) => exception switch
    {
        ClickHouseServerException { Code: not 0 } server => server.Code.ToString(System.Globalization.CultureInfo.InvariantCulture),
        HttpRequestException { HttpRequestError: not HttpRequestError.Unknown } http => http.HttpRequestError.ToString(),
        _ => exception.GetType().FullName ?? exception.GetType().Name,
    };
}
