using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Runtime;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Latency;

/// <summary>
/// Small queries as an application runs them: 1, 8, 32 and 64 callers in a closed loop, each running the 1,000-row
/// query (<see cref="SmallQueryClient"/>) and awaiting it before the next, for a fixed time after a warmup. Reports
/// queries/s, latency p50/p99, the process's CPU time per query and the bytes it allocated per query. Each GC mode
/// runs in a process of its own (this program with <see cref="ChildFlag"/>), and the replay server in another, so that
/// the CPU time and the allocations are the client's alone; the floors (<see cref="SmallQueryFloor"/>) show what the
/// transport alone costs. Not BenchmarkDotNet: it times many callers at once.
/// </summary>
public static class SmallQuerySuite
{
    public const string Flag = "--small-queries";
    public const string ChildFlag = "--small-queries-child";

    private static readonly int[] s_callers = [1, 8, 32, 64];

    /// <summary>The floors (<see cref="SmallQueryFloor"/>) are measured where the CPU targets are set.</summary>
    private static readonly int[] s_floorCallers = [1, 8];

    /// <summary>Runs the suite under Workstation GC, then Server GC; prints a markdown table; 1 when a check failed.</summary>
    public static int Run()
    {
        Console.WriteLine($"// small queries, {BenchmarkScale.Mode}: {MachineLoad.Describe()}");
        using ReplayServerProcess server = ReplayServerProcess.Start();
        Console.WriteLine("| GC | client | callers | queries/s | p50 | p99 | CPU per query | allocated per query | gen0 / gen1 / gen2 per 1,000 queries |");
        Console.WriteLine("|---|---|---|---|---|---|---|---|---|");
        int status = 0;
        foreach (bool serverGc in new[] { false, true })
        {
            status |= ChildProcess.Run(serverGc, ChildFlag, server.Url.ToString());
        }
        Console.WriteLine($"// small queries done: {MachineLoad.Describe()}");
        return status;
    }

    /// <summary>The measuring side, in a process whose GC mode the parent chose.</summary>
    public static async Task<int> RunChildAsync(Uri url)
    {
        SmallQueryClient[] clients = SmallQueryClient.All(url);
        SmallQueryFloor[] floors = SmallQueryFloor.All(url);
        try
        {
            List<string> expected = await clients[0].DescribeAsync().ConfigureAwait(false);
            Check.That(expected.Count == PeerReplay.SmallQueryRows, $"Our client read {expected.Count} rows, expected {PeerReplay.SmallQueryRows}.");
            foreach (SmallQueryClient client in clients.Skip(1))
            {
                Check.SameItems($"{client.Name} against our client", expected, await client.DescribeAsync().ConfigureAwait(false));
            }
            string gc = GCSettings.IsServerGC ? "Server" : "Workstation";
            int bodyBytes = await floors[0].FetchAsync().ConfigureAwait(false);
            await WarmEveryoneAsync(clients, floors, bodyBytes).ConfigureAwait(false);
            foreach (SmallQueryClient client in clients)
            {
                foreach (int callers in s_callers)
                {
                    Report(gc, client.Name, callers, await MeasureAsync(client.Name, client.QueryAsync, PeerReplay.SmallQueryRows, "rows", callers).ConfigureAwait(false));
                }
            }
            foreach (SmallQueryFloor floor in floors)
            {
                foreach (int callers in s_floorCallers)
                {
                    Report(gc, floor.Name, callers, await MeasureAsync(floor.Name, floor.FetchAsync, bodyBytes, "body bytes", callers).ConfigureAwait(false));
                }
            }
            return 0;
        }
        catch (BenchmarkVerificationException e)
        {
            Console.Error.WriteLine($"// FAILED: small queries: {e.Message}");
            return 1;
        }
        finally
        {
            foreach (SmallQueryClient client in clients)
            {
                client.Dispose();
            }
            foreach (SmallQueryFloor floor in floors)
            {
                floor.Dispose();
            }
        }
    }

    /// <summary>
    /// Bytes per query, or a note when the runtime's count went backwards: under Server GC,
    /// <c>GC.GetTotalAllocatedBytes(precise: true)</c> has been seen to fall across a run of the HttpClient floor.
    /// </summary>
    private static string Allocated(double kilobytes)
        => kilobytes >= 0 ? $"{kilobytes:N1} KB" : "n/a (the runtime's count went backwards)";

    private sealed record Measurement(double QueriesPerSecond, double P50Ms, double P99Ms, double CpuMicroseconds, double AllocatedKb, double Gen0, double Gen1, double Gen2);

    private static void Report(string gc, string name, int callers, Measurement m)
        => Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"| {gc} | {name} | {callers} | {m.QueriesPerSecond:N0} | {m.P50Ms:F2} ms | {m.P99Ms:F2} ms | {m.CpuMicroseconds:N0} µs | {Allocated(m.AllocatedKb)} | {m.Gen0:F1} / {m.Gen1:F1} / {m.Gen2:F1} |"));

    /// <summary>
    /// Runs every client and floor, at one caller and at eight, before anything is measured. The runtime's tiered
    /// compilation takes 5 to 10 s of a client's queries to settle (a caller's CPU per query falls from about 400 µs
    /// to 130 µs over that time on this machine), and the HTTP stack every client shares settles with whichever runs
    /// first: without this, the first client measured in a process pays for the code the others then find compiled.
    /// </summary>
    private static async Task WarmEveryoneAsync(SmallQueryClient[] clients, SmallQueryFloor[] floors, int bodyBytes)
    {
        TimeSpan warmup = Warmup;
        foreach (int callers in new[] { 1, 8 })
        {
            foreach (SmallQueryClient client in clients)
            {
                await RunCallersAsync(client.Name, client.QueryAsync, PeerReplay.SmallQueryRows, "rows", callers, warmup, latencies: null).ConfigureAwait(false);
            }
            foreach (SmallQueryFloor floor in floors)
            {
                await RunCallersAsync(floor.Name, floor.FetchAsync, bodyBytes, "body bytes", callers, warmup, latencies: null).ConfigureAwait(false);
            }
        }
    }

    private static TimeSpan Warmup => BenchmarkScale.Mode switch
    {
        BenchmarkMode.Smoke => TimeSpan.FromMilliseconds(100),
        BenchmarkMode.Quick => TimeSpan.FromSeconds(2),
        _ => TimeSpan.FromSeconds(5),
    };

    private static async Task<Measurement> MeasureAsync(string name, Func<Task<int>> query, int expected, string unit, int callers)
    {
        TimeSpan duration = BenchmarkScale.Mode switch
        {
            BenchmarkMode.Smoke => TimeSpan.FromMilliseconds(200),
            BenchmarkMode.Quick => TimeSpan.FromSeconds(5),
            _ => TimeSpan.FromSeconds(15),
        };
        await RunCallersAsync(name, query, expected, unit, callers, Warmup, latencies: null).ConfigureAwait(false);
        var latencies = Enumerable.Range(0, callers).Select(_ => new List<long>(1 << 16)).ToArray();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        using Process process = Process.GetCurrentProcess();
        TimeSpan cpu = process.TotalProcessorTime;
        long allocated = GC.GetTotalAllocatedBytes(precise: true);
        int gen0 = GC.CollectionCount(0), gen1 = GC.CollectionCount(1), gen2 = GC.CollectionCount(2);
        long start = Stopwatch.GetTimestamp();
        await RunCallersAsync(name, query, expected, unit, callers, duration, latencies).ConfigureAwait(false);
        TimeSpan elapsed = Stopwatch.GetElapsedTime(start);
        process.Refresh();
        double cpuUsed = (process.TotalProcessorTime - cpu).TotalMicroseconds;
        long bytes = GC.GetTotalAllocatedBytes(precise: true) - allocated;
        long[] all = latencies.SelectMany(l => l).Order().ToArray();
        double queries = all.Length;
        return new Measurement(
            queries / elapsed.TotalSeconds,
            Percentile(all, 0.50),
            Percentile(all, 0.99),
            cpuUsed / queries,
            bytes / queries / 1024,
            (GC.CollectionCount(0) - gen0) * 1000 / queries,
            (GC.CollectionCount(1) - gen1) * 1000 / queries,
            (GC.CollectionCount(2) - gen2) * 1000 / queries);
    }

    private static double Percentile(long[] sorted, double quantile)
        => sorted.Length == 0 ? double.NaN : Stopwatch.GetElapsedTime(0, sorted[Math.Min(sorted.Length - 1, (int)(quantile * sorted.Length))]).TotalMilliseconds;

    /// <summary>Every caller runs the query and awaits it, again and again, until <paramref name="duration"/> has passed; at least once each.</summary>
    private static Task RunCallersAsync(string name, Func<Task<int>> query, int expected, string unit, int callers, TimeSpan duration, List<long>[]? latencies)
    {
        long end = Stopwatch.GetTimestamp() + (long)(duration.TotalSeconds * Stopwatch.Frequency);
        return Task.WhenAll(Enumerable.Range(0, callers).Select(caller => Task.Run(async () =>
        {
            do
            {
                long started = Stopwatch.GetTimestamp();
                int count = await query().ConfigureAwait(false);
                latencies?[caller].Add(Stopwatch.GetTimestamp() - started);
                if (count != expected)
                {
                    throw new BenchmarkVerificationException($"{name} read {count} {unit}, expected {expected}.");
                }
            }
            while (Stopwatch.GetTimestamp() < end);
        })));
    }
}
