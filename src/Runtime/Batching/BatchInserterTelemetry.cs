using System.Diagnostics.Metrics;

namespace ClickHouse.RowBinary;

/// <summary>
/// The batch inserters' instruments on the <c>ClickHouse.RowBinary</c> meter; every measurement carries the table as
/// <c>db.collection.name</c>. Each attempt to send a batch is an INSERT request with the client's own span and
/// <c>db.client.operation.duration</c> (<see cref="RequestTelemetry"/>).
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
}
