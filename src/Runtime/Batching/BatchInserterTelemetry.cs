using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
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

    public static readonly Counter<long> Pressure = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.inserter.pressure", "{signal}",
        "Signals of a server under pressure that a batch inserter met, by clickhouse.pressure.signal: too_many_parts (code 252) or slow_insert (an INSERT that took longer than the delay in force).");

    /// <summary>The limits of every live inserter, for the gauges below; an inserter leaves when it shuts down.</summary>
    private static readonly ConcurrentDictionary<AdaptiveBatchLimits, KeyValuePair<string, object?>[]> s_live = new();

    public static readonly ObservableGauge<double> Delay = ClickHouseDiagnostics.Meter.CreateObservableGauge(
        "clickhouse.inserter.delay", () => Observe(limits => limits.Delay.TotalSeconds), "s",
        "The delay after which each live batch inserter sends a batch now: its MaxDelay, or longer while the server signals pressure.");

    public static readonly ObservableGauge<double> MaxBatchRows = ClickHouseDiagnostics.Meter.CreateObservableGauge(
        "clickhouse.inserter.batch.max_rows", () => Observe(limits => limits.Rows), "{row}",
        "The rows at which each live batch inserter sends a batch now: its MaxRows, or more while the server signals pressure.");

    public static void Track(AdaptiveBatchLimits limits, in TagList tags)
    {
        var copy = new KeyValuePair<string, object?>[tags.Count];
        tags.CopyTo(copy);
        s_live[limits] = copy;
    }

    public static void Untrack(AdaptiveBatchLimits limits) => s_live.TryRemove(limits, out _);

    /// <summary>Tells the operator (the event source, logged by the DI companion) that an inserter's limits changed.</summary>
    public static void LimitsChanged(string table, AdaptiveBatchLimits limits)
    {
        AdaptiveBatchLimits.Limits now = limits.Current;
        ClickHouseEventSource.Log.BatchLimitsChanged(table, (int)System.Math.Min(int.MaxValue, now.Delay.TotalMilliseconds), now.Rows);
    }

    private static IEnumerable<Measurement<double>> Observe(System.Func<AdaptiveBatchLimits.Limits, double> value)
    {
        foreach (KeyValuePair<AdaptiveBatchLimits, KeyValuePair<string, object?>[]> live in s_live)
        {
            yield return new Measurement<double>(value(live.Key.Current), live.Value);
        }
    }
}
