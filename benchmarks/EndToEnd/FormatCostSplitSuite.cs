using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Latency;

namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>
/// Where the time of <see cref="Suites.EndToEndFormatBenchmarks"/>'s work goes, per format: the same 1,000,000
/// <c>web_visits</c> rows read into a list, read as a stream and inserted, RowBinary and Native one after the other,
/// and the same with the client's own work taken away: the query's body read and dropped (<c>body only</c>), the rows'
/// bytes, encoded beforehand, sent as an INSERT (<c>bytes only</c>). Each is timed for its wall time, this process's
/// CPU time (the collector's threads included) and pause time, and the server's CPU time (its
/// <c>UserTimeMicroseconds</c> and <c>SystemTimeMicroseconds</c> in <c>system.events</c>, read before and after, so any
/// server on the endpoint can be asked). End to end a format can be faster only by what differs: where both processes
/// share the machine's cores and one side's work is the same in both formats, that side bounds the ratio.
/// Not BenchmarkDotNet: the server's counters are read around each operation.
/// </summary>
public static class FormatCostSplitSuite
{
    public const string Flag = "--format-split";

    private static readonly ClickHouseWireFormat[] s_formats = [ClickHouseWireFormat.RowBinary, ClickHouseWireFormat.Native];

    private const string ServerCpuQuery =
        "SELECT sum(value) FROM system.events WHERE event IN ('UserTimeMicroseconds', 'SystemTimeMicroseconds') FORMAT TabSeparated";

    private sealed record Measurement(double WallMs, double ClientCpuMs, double PauseMs, double ServerCpuMs);

    /// <summary>Runs every operation in both formats, prints a markdown table; 1 when a check failed or no server answers.</summary>
    public static int Run() => RunAsync().GetAwaiter().GetResult();

    private static async Task<int> RunAsync()
    {
        ClickHouseEndpoint endpoint = ClickHouseEndpoint.FromEnvironment();
        if (await endpoint.ProbeAsync().ConfigureAwait(false) is { } noServer)
        {
            Console.Error.WriteLine($"// FAILED: format split: no ClickHouse server answers at {endpoint.Url} ({noServer}).");
            return 1;
        }
        int rows = BenchmarkScale.Rows(1_000_000);
        int rounds = BenchmarkScale.Mode switch { BenchmarkMode.Smoke => 1, BenchmarkMode.Quick => 5, _ => 9 };
        Console.WriteLine($"// format split, {BenchmarkScale.Mode}, {rows:N0} rows, {rounds} rounds after one warmup, server {endpoint.Url}: {MachineLoad.Describe()}");
        WebVisitDataSet dataSet = WebVisitDataSet.Get(rows);
        WebVisit[] data = dataSet.Rows;
        var readTable = new WebVisitTable(endpoint, "rowbinary_bench_read_" + rows);
        var insertTable = new WebVisitTable(endpoint, "rowbinary_bench_insert_format");
        await readTable.CreateAsync().ConfigureAwait(false);
        await readTable.FillOnceAsync(data).ConfigureAwait(false);
        await insertTable.CreateAsync().ConfigureAwait(false);
        using ClickHouseClient client = EndToEndClient.Create(endpoint);
        long visits = data.Aggregate(0L, (sum, row) => unchecked(sum + (long)row.Visits));
        var encoded = new Dictionary<ClickHouseWireFormat, byte[]>
        {
            [ClickHouseWireFormat.RowBinary] = dataSet.RowBinary,
            [ClickHouseWireFormat.Native] = EncodeNative(data),
        };
        byte[] buffer = new byte[128 * 1024];
        try
        {
            // Reads first: an insert leaves the server merging parts for a while after it answers. Inserts start from an
            // empty table and are checked against the rows at the end.
            var operations = new (string Name, bool Inserts, Func<ClickHouseWireFormat, Task> Run)[]
            {
                ("list", false, async format =>
                {
                    List<WebVisit> list = await client.QueryListAsync<WebVisit>(readTable.SelectAll, new ClickHouseQueryOptions { WireFormat = format }).ConfigureAwait(false);
                    Check.That(list.Count == rows && list.Aggregate(0L, (sum, row) => unchecked(sum + (long)row.Visits)) == visits, $"The {format} list did not hold the table's rows.");
                }),
                ("stream", false, async format =>
                {
                    long count = 0, sum = 0;
                    await foreach (WebVisit row in client.QueryAsync<WebVisit>(readTable.SelectAll, new ClickHouseQueryOptions { WireFormat = format }).ConfigureAwait(false))
                    {
                        count++;
                        sum = unchecked(sum + (long)row.Visits);
                    }
                    Check.That(count == rows && sum == visits, $"The {format} stream did not hand out the table's rows.");
                }),
                ("body only", false, async format =>
                {
                    long bytes = await ReadBodyAsync(endpoint, $"{readTable.SelectAll} FORMAT {format}", buffer).ConfigureAwait(false);
                    Check.That(bytes > rows, $"The {format} body was {bytes} bytes.");
                }),
                ("insert", true, format => client.InsertAsync(insertTable.Name, data, new ClickHouseInsertOptions { WireFormat = format })),
                ("bytes only", true, async format =>
                {
                    using HttpRequestMessage request = endpoint.CreateRequest($"INSERT INTO {insertTable.QuotedName} FORMAT {format}");
                    request.Content = new ByteArrayContent(encoded[format]);
                    using HttpResponseMessage response = await ClickHouseEndpoint.SendAsync(request, HttpCompletionOption.ResponseContentRead).ConfigureAwait(false);
                }),
            };
            Console.WriteLine("| work | format | wall | client CPU | client GC pauses | server CPU |");
            Console.WriteLine("|---|---|---:|---:|---:|---:|");
            var ratios = new List<string>();
            foreach ((string name, bool insert, Func<ClickHouseWireFormat, Task> run) in operations)
            {
                var results = s_formats.ToDictionary(f => f, _ => new List<Measurement>());
                for (int round = 0; round <= rounds; round++)
                {
                    foreach (ClickHouseWireFormat format in round % 2 == 0 ? s_formats : s_formats.Reverse())
                    {
                        if (insert)
                        {
                            await insertTable.TruncateAsync().ConfigureAwait(false);
                        }
                        Measurement measured = await MeasureAsync(endpoint, () => run(format)).ConfigureAwait(false);
                        if (round > 0)
                        {
                            results[format].Add(measured);
                        }
                    }
                }
                if (insert)
                {
                    await insertTable.VerifyHoldsAsync(data, "The last insert").ConfigureAwait(false);
                }
                foreach (ClickHouseWireFormat format in s_formats)
                {
                    List<Measurement> m = results[format];
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {name} | {format} | {Median(m, x => x.WallMs):F1} ms | {Median(m, x => x.ClientCpuMs):F1} ms | {Median(m, x => x.PauseMs):F1} ms | {Median(m, x => x.ServerCpuMs):F1} ms |"));
                }
                List<Measurement> rowBinary = results[ClickHouseWireFormat.RowBinary], native = results[ClickHouseWireFormat.Native];
                ratios.Add(string.Create(CultureInfo.InvariantCulture,
                    $"// {name}, RowBinary / Native: wall {Ratio(rowBinary, native, x => x.WallMs)}, client CPU {Ratio(rowBinary, native, x => x.ClientCpuMs)}, server CPU {Ratio(rowBinary, native, x => x.ServerCpuMs)}"));
            }
            ratios.ForEach(Console.WriteLine);
            Console.WriteLine($"// format split done (medians): {MachineLoad.Describe()}");
            return 0;
        }
        catch (BenchmarkVerificationException e)
        {
            Console.Error.WriteLine($"// FAILED: format split: {e.Message}");
            return 1;
        }
    }

    private static byte[] EncodeNative(WebVisit[] rows)
    {
        var output = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(output, rows);
        return output.WrittenSpan.ToArray();
    }

    private static async Task<long> ReadBodyAsync(ClickHouseEndpoint endpoint, string query, byte[] buffer)
    {
        using HttpRequestMessage request = endpoint.CreateRequest(query);
        using HttpResponseMessage response = await ClickHouseEndpoint.SendAsync(request, HttpCompletionOption.ResponseHeadersRead).ConfigureAwait(false);
        await using Stream body = await response.Content.ReadAsStreamAsync().ConfigureAwait(false);
        long total = 0;
        int read;
        while ((read = await body.ReadAsync(buffer).ConfigureAwait(false)) > 0)
        {
            total += read;
        }
        return total;
    }

    /// <summary>
    /// Times one operation, after a full collection (as BenchmarkDotNet does before each iteration): a list read before
    /// leaves a million strings for the collector, which would else be collected on the next operation's time.
    /// </summary>
    private static async Task<Measurement> MeasureAsync(ClickHouseEndpoint endpoint, Func<Task> operation)
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        using var process = Process.GetCurrentProcess();
        double serverBefore = await ServerCpuMicrosecondsAsync(endpoint).ConfigureAwait(false);
        TimeSpan cpuBefore = process.TotalProcessorTime, pauseBefore = GC.GetTotalPauseDuration();
        long started = Stopwatch.GetTimestamp();
        await operation().ConfigureAwait(false);
        TimeSpan wall = Stopwatch.GetElapsedTime(started);
        process.Refresh();
        TimeSpan cpu = process.TotalProcessorTime - cpuBefore, pause = GC.GetTotalPauseDuration() - pauseBefore;
        double server = await ServerCpuMicrosecondsAsync(endpoint).ConfigureAwait(false) - serverBefore;
        return new Measurement(wall.TotalMilliseconds, cpu.TotalMilliseconds, pause.TotalMilliseconds, server / 1000);
    }

    /// <summary>The CPU time the server's queries have taken since it started (this one's own included, a fraction of a millisecond).</summary>
    private static async Task<double> ServerCpuMicrosecondsAsync(ClickHouseEndpoint endpoint)
    {
        string text = (await endpoint.ExecuteAsync(ServerCpuQuery).ConfigureAwait(false)).Trim();
        return double.Parse(text, CultureInfo.InvariantCulture);
    }

    private static double Median(List<Measurement> measurements, Func<Measurement, double> value)
    {
        double[] sorted = measurements.Select(value).Order().ToArray();
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private static string Ratio(List<Measurement> rowBinary, List<Measurement> native, Func<Measurement, double> value)
    {
        double denominator = Median(native, value);
        return denominator > 0 ? (Median(rowBinary, value) / denominator).ToString("F2", CultureInfo.InvariantCulture) + "x" : "-";
    }
}
