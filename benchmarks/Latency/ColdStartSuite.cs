using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Latency;

/// <summary>
/// The first query in a new process: this program started again with <see cref="ChildFlag"/>, which builds one client
/// and runs the 1,000-row small query once (<see cref="SmallQueryClient"/>), against a replay server in a process of its
/// own. Reports, over several processes per client and GC mode, the time from the process's start to the rows in
/// hand, the time of the first query itself (client built, request sent, rows read: JIT compilation included) and the
/// process's CPU time.
/// </summary>
public static class ColdStartSuite
{
    public const string Flag = "--cold-start";
    public const string ChildFlag = "--first-query";
    private const string ResultLine = "first-query: ";

    public static int Run()
    {
        Console.WriteLine($"// cold start, {BenchmarkScale.Mode}: {MachineLoad.Describe()}");
        int runs = BenchmarkScale.Mode switch { BenchmarkMode.Smoke => 1, BenchmarkMode.Quick => 5, _ => 10 };
        using ReplayServerProcess server = ReplayServerProcess.Start();
        Console.WriteLine($"| GC | client | processes | process start to rows in hand | first query | process CPU |");
        Console.WriteLine("|---|---|---|---|---|---|");
        int status = 0;
        foreach (bool serverGc in new[] { false, true })
        {
            foreach (string client in new[] { "ours", "driver" })
            {
                var results = new List<double[]>();
                for (int run = 0; run < runs; run++)
                {
                    using Process process = ChildProcess.Start(serverGc, redirectOutput: true, redirectInput: false, ChildFlag, client, server.Url.ToString());
                    string output = process.StandardOutput.ReadToEnd();
                    process.WaitForExit();
                    string? line = output.Split('\n').FirstOrDefault(l => l.StartsWith(ResultLine, StringComparison.Ordinal));
                    if (process.ExitCode != 0 || line is null)
                    {
                        Console.Error.WriteLine($"// FAILED: cold start of {client} ({process.ExitCode}): {output}");
                        status = 1;
                        continue;
                    }
                    results.Add(line[ResultLine.Length..].Split(' ').Select(v => double.Parse(v, CultureInfo.InvariantCulture)).ToArray());
                }
                if (results.Count > 0)
                {
                    Console.WriteLine($"| {(serverGc ? "Server" : "Workstation")} | {client} | {results.Count} | {Range(results, 0)} | {Range(results, 1)} | {Range(results, 2)} |");
                }
            }
        }
        Console.WriteLine($"// cold start done: {MachineLoad.Describe()}");
        return status;
    }

    /// <summary>The median and the range of one measure, in milliseconds.</summary>
    private static string Range(List<double[]> results, int index)
    {
        double[] values = results.Select(r => r[index]).Order().ToArray();
        return string.Create(CultureInfo.InvariantCulture, $"{values[values.Length / 2]:N0} ms ({values[0]:N0}-{values[^1]:N0})");
    }

    /// <summary>The child: one client, one query; prints the three times in milliseconds.</summary>
    public static async Task<int> FirstQueryAsync(string client, Uri url)
    {
        long start = Stopwatch.GetTimestamp();
        using SmallQueryClient queries = SmallQueryClient.Named(client, url);
        int rows = await queries.QueryAsync().ConfigureAwait(false);
        TimeSpan firstQuery = Stopwatch.GetElapsedTime(start);
        using Process process = Process.GetCurrentProcess();
        TimeSpan sinceStart = DateTime.Now - process.StartTime;
        if (rows != PeerReplay.SmallQueryRows)
        {
            Console.Error.WriteLine($"{client} read {rows} rows, expected {PeerReplay.SmallQueryRows}.");
            return 1;
        }
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{ResultLine}{sinceStart.TotalMilliseconds:F1} {firstQuery.TotalMilliseconds:F1} {process.TotalProcessorTime.TotalMilliseconds:F1}"));
        return 0;
    }
}
