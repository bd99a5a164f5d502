using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Latency;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>
/// A fleet of application instances writing one table of a local cluster of three (servers of the benchmark's own), at
/// increasing fleet sizes, with fixed and with adaptive inserter options: rows/s, INSERTs/s against docs/scaling.md's
/// model, parts made and merged per second, the peak of active parts on a shard, acknowledgement p50/p99, and the first
/// size at which the servers delayed or refused INSERTs, and new parts per shard against the model. Fails (exit status 1)
/// when a row failed or was not stored exactly once. The tables have scaled-down part limits
/// (<see cref="TableSettings"/>) so that the knee is within reach of a small machine. Every acknowledged row is checked
/// to be stored exactly once. Writes the table as CSV to <c>artifacts/fleet.csv</c> (for scripts/plot-fleet.sh).
/// </summary>
public static class FleetSuite
{
    public const string Flag = "--fleet";

    /// <summary>ClickHouse's defaults are 150 (delay) and 300 (refuse, 3000 in recent versions); scaled down by ten.</summary>
    public const string TableSettings = "parts_to_delay_insert = 15, parts_to_throw_insert = 30";

    private const double RowsPerSecondPerInstance = 200;

    private static readonly FleetSettings[] s_settings =
    [
        new("fixed", Adaptive: false, MaxDelay: TimeSpan.FromMilliseconds(100), MaxRows: 100_000),
        new("adaptive", Adaptive: true, MaxDelay: TimeSpan.FromMilliseconds(100), MaxRows: 100_000),
    ];

    public static int Run() => RunAsync().GetAwaiter().GetResult();

    private static async Task<int> RunAsync()
    {
        if (FleetCluster.SkipReason is { } reason)
        {
            Console.WriteLine($"// fleet skipped: {reason}");
            return 0;
        }
        (int[] sizes, TimeSpan traffic) = BenchmarkScale.Mode switch
        {
            BenchmarkMode.Smoke => (new[] { 1, 4 }, TimeSpan.FromSeconds(1)),
            BenchmarkMode.Quick => (new[] { 1, 4, 16, 32, 64 }, TimeSpan.FromSeconds(4)),
            _ => (new[] { 1, 2, 4, 8, 16, 32, 64, 128 }, TimeSpan.FromSeconds(8)),
        };
        Console.WriteLine($"// fleet, {BenchmarkScale.Mode}: {MachineLoad.Describe()}");
        Console.WriteLine($"// three local servers (one shard each), each instance a client of all three (round robin) with its own inserter, "
            + $"{RowsPerSecondPerInstance:N0} rows/s per instance for {traffic.TotalSeconds:N0} s; tables: {TableSettings}");
        var results = new List<FleetMeasurement>();
        await using (FleetCluster cluster = await FleetCluster.StartAsync(shards: 3).ConfigureAwait(false))
        {
            Console.WriteLine("| options | instances | rows/s | INSERTs/s | predicted | parts/s | parts/s per shard (predicted) | merges/s | peak active parts (shard) | p50 | p99 | widest delay | delayed / refused (servers) | retried after 252 / failed | exactly once |");
            Console.WriteLine("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
            foreach (FleetSettings settings in s_settings)
            {
                foreach (int instances in sizes)
                {
                    FleetMeasurement m = await FleetLevel.RunAsync(cluster, settings, instances, RowsPerSecondPerInstance, traffic, TableSettings).ConfigureAwait(false);
                    results.Add(m);
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {settings.Name} | {instances} | {m.RowsPerSecond:N0} | {m.InsertsPerSecond:N1} | {m.PredictedInsertsPerSecond:N1} | {m.PartsPerSecond:N1} | {m.PartsPerSecondPerShard:N1} ({m.PredictedPartsPerSecondPerShard:N1}) | {m.MergesPerSecond:N1} | {m.PeakActiveParts} | {m.P50Milliseconds:N0} ms | {m.P99Milliseconds:N0} ms | {m.WidestDelay.TotalMilliseconds:N0} ms | {m.DelayedInserts} / {m.RejectedInserts} | {m.RetriedAfterTooManyParts} / {m.RowsFailed} | {(m.ExactlyOnce ? "yes" : $"NO: {m.StoredRows} stored, {m.StoredDistinct} distinct, {m.RowsAcknowledged} acknowledged")} |"));
                }
                FleetMeasurement? knee = results.FirstOrDefault(r => r.Settings == settings && r.Pressured);
                Console.WriteLine($"// {settings.Name}: {(knee is null ? "no fleet size made the servers delay or refuse an INSERT" : $"the servers first delayed or refused INSERTs at {knee.Instances} instances")}");
            }
        }
        WriteCsv(results);
        Console.WriteLine($"// fleet done: {MachineLoad.Describe()}");
        List<FleetMeasurement> wrong = [.. results.Where(r => !r.Succeeded)];
        foreach (FleetMeasurement m in wrong)
        {
            Console.Error.WriteLine($"// FAILED: fleet {m.Settings.Name} x{m.Instances}: {m.StoredRows} rows stored ({m.StoredDistinct} distinct), {m.RowsAcknowledged} acknowledged, {m.RowsFailed} failed");
        }
        return wrong.Count == 0 ? 0 : 1;
    }

    private static void WriteCsv(List<FleetMeasurement> results)
    {
        string folder = Path.Combine(PeerRecordings.RepositoryRoot(), "artifacts");
        Directory.CreateDirectory(folder);
        string path = Path.Combine(folder, "fleet.csv");
        IEnumerable<string> lines = results.Select(m => string.Create(CultureInfo.InvariantCulture,
            $"{m.Settings.Name},{m.Instances},{m.RowsPerSecond:F1},{m.InsertsPerSecond:F2},{m.PredictedInsertsPerSecond:F2},{m.PartsPerSecond:F2},{m.MergesPerSecond:F2},{m.PeakActiveParts},{m.P50Milliseconds:F1},{m.P99Milliseconds:F1},{m.DelayedInserts},{m.RejectedInserts},{m.PartsPerSecondPerShard:F2},{m.PredictedPartsPerSecondPerShard:F2}"));
        File.WriteAllLines(path, lines.Prepend("options,instances,rows_per_s,inserts_per_s,predicted_inserts_per_s,parts_per_s,merges_per_s,peak_active_parts,p50_ms,p99_ms,delayed,refused,parts_per_s_per_shard,predicted_parts_per_s_per_shard"));
        Console.WriteLine($"// fleet table: {path} (plot: bash scripts/plot-fleet.sh)");
    }
}
