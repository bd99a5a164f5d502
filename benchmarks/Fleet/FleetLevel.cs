using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>
/// One fleet size: <c>instances</c> application instances, each a client of the whole cluster with its own batch
/// inserter, receiving rows at a fixed rate (open loop: rows keep arriving whatever the acknowledgements do) for the
/// traffic time, then disposed (every accepted row sent). Measures what <see cref="FleetMeasurement"/> holds.
/// </summary>
public static class FleetLevel
{
    private static readonly TimeSpan Tick = TimeSpan.FromMilliseconds(10);
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(120);

    public static async Task<FleetMeasurement> RunAsync(FleetCluster cluster, FleetSettings settings, int instances, double rowsPerSecond, TimeSpan traffic, string tableSettings)
    {
        string table = $"fleet_{settings.Name}_{instances}";
        await cluster.DropTableAsync(table).ConfigureAwait(false);
        await cluster.CreateTableAsync(table, tableSettings).ConfigureAwait(false);
        using var meter = new FleetMeter(table);
        (long delayedBefore, long rejectedBefore) = await cluster.PressureEventsAsync().ConfigureAwait(false);
        ClickHouseClient[] clients = [.. Enumerable.Range(0, instances).Select(_ => cluster.InstanceClient())];
        ClickHouseBatchInserter<FleetRow>[] inserters = [.. clients.Select(c => c.CreateBatchInserter<FleetRow>(table, settings.Options()))];
        var latencies = new ConcurrentQueue<long>();
        var calls = new ConcurrentQueue<Task>();
        long acknowledged = 0, failed = 0, widestTicks = 0;
        using var done = new CancellationTokenSource();
        long peakParts = 0;
        Task sampler = Task.Run(async () =>
        {
            while (!done.IsCancellationRequested)
            {
                peakParts = Math.Max(peakParts, await cluster.MaxActivePartsAsync(table).ConfigureAwait(false));
                await Task.Delay(250).ConfigureAwait(false);
            }
        });

        long started = Stopwatch.GetTimestamp();
        await Task.WhenAll(inserters.Select((inserter, instance) => Task.Run(async () =>
        {
            long sent = 0;
            while (Stopwatch.GetElapsedTime(started) < traffic)
            {
                long due = (long)(Stopwatch.GetElapsedTime(started).TotalSeconds * rowsPerSecond);
                for (; sent < due; sent++)
                {
                    var row = new FleetRow(((ulong)instance << 32) | (ulong)sent, (uint)instance, "/page/" + (sent % 100));
                    calls.Enqueue(Acknowledge(inserter.InsertAsync(row), Stopwatch.GetTimestamp()));
                }
                long widest = inserter.CurrentMaxDelay.Ticks;
                InterlockedMax(ref widestTicks, widest);
                await Task.Delay(Tick).ConfigureAwait(false);
            }
        }))).ConfigureAwait(false);
        await Task.WhenAll(inserters.Select(i => i.DisposeAsync().AsTask())).WaitAsync(Patience).ConfigureAwait(false);
        await Task.WhenAll(calls).WaitAsync(Patience).ConfigureAwait(false);
        double seconds = Stopwatch.GetElapsedTime(started).TotalSeconds;
        await done.CancelAsync().ConfigureAwait(false);
        await sampler.ConfigureAwait(false);
        foreach (ClickHouseClient client in clients)
        {
            client.Dispose();
        }

        (long delayedAfter, long rejectedAfter) = await cluster.PressureEventsAsync().ConfigureAwait(false);
        (long newParts, long merges) = await cluster.PartLogAsync(table).ConfigureAwait(false);
        (long storedRows, long storedDistinct) = await cluster.StoredAsync(table).ConfigureAwait(false);
        long[] sorted = [.. latencies.Order()];
        var measurement = new FleetMeasurement(settings, instances, seconds, acknowledged, failed, meter.Attempts, meter.Retries,
            meter.RetriedAfterTooManyParts, meter.SlowInserts, newParts, merges, peakParts, delayedAfter - delayedBefore, rejectedAfter - rejectedBefore,
            Percentile(sorted, 0.50), Percentile(sorted, 0.99), TimeSpan.FromTicks(widestTicks),
            FleetModel.FleetInsertsPerSecond(instances, rowsPerSecond, settings.MaxDelay, settings.MaxRows), cluster.Shards, storedRows, storedDistinct);
        await cluster.DropTableAsync(table).ConfigureAwait(false);
        return measurement;

        async Task Acknowledge(Task call, long accepted)
        {
            try
            {
                await call.ConfigureAwait(false);
                latencies.Enqueue(Stopwatch.GetTimestamp() - accepted);
                Interlocked.Increment(ref acknowledged);
            }
            catch (Exception e) when (e is ClickHouseServerException or ClickHouseInsertUnacknowledgedException or TimeoutException or System.Net.Http.HttpRequestException)
            {
                Interlocked.Increment(ref failed);
            }
        }
    }

    private static void InterlockedMax(ref long target, long value)
    {
        long current = Interlocked.Read(ref target);
        while (value > current)
        {
            long seen = Interlocked.CompareExchange(ref target, value, current);
            if (seen == current)
            {
                return;
            }
            current = seen;
        }
    }

    private static double Percentile(IReadOnlyList<long> sorted, double quantile)
        => sorted.Count == 0 ? double.NaN : Stopwatch.GetElapsedTime(0, sorted[Math.Min(sorted.Count - 1, (int)(quantile * sorted.Count))]).TotalMilliseconds;
}
