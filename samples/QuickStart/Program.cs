using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using ClickHouse.RowBinary;
using QuickStart;

// Usage: dotnet run --project samples/QuickStart [rows]   (CLICKHOUSE_URL, CLICKHOUSE_USER, CLICKHOUSE_PASSWORD)
int rowCount = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 1_000_000;
ClickHouseClientOptions options = ClickHouseClientOptions.FromEnvironment();
using var client = new ClickHouseClient(options);

try
{
    return await RunAsync(client, rowCount);
}
catch (HttpRequestException e)
{
    Console.Error.WriteLine($"No ClickHouse server answers at {options.Endpoint}: {e.Message}");
    Console.Error.WriteLine("Run `bash scripts/run.sh`: it starts a local server and then this sample. Or point CLICKHOUSE_URL at a server.");
    return 2;
}
catch (ClickHouseServerException e)
{
    Console.Error.WriteLine(e.Message);
    return 1;
}

static async Task<int> RunAsync(ClickHouseClient client, int rowCount)
{
    Console.WriteLine($"ClickHouse {await client.GetServerVersionAsync()} at {client.Endpoint}");

    await client.ExecuteAsync("DROP TABLE IF EXISTS web_visits");
    await client.ExecuteAsync("""
        CREATE TABLE web_visits
        (
            day Date, page_url String, country_id UInt16, browser_id UInt8, device_id UInt8, os_id UInt8, visits UInt64
        )
        ENGINE = MergeTree ORDER BY (day, page_url)
        """);

    // The rows are made as they are sent: a million of them never sit in memory at once.
    var clock = Stopwatch.StartNew();
    // Progress is told as the rows go out; this one prints at every quarter.
    var insertProgress = new QuarterProgress<ClickHouseInsertProgress>(rowCount, p => p.Rows,
        p => FormattableString.Invariant($"  sent {p.Rows,10:N0} rows, {p.Bytes / 1e6,5:N1} MB"));
    ClickHouseInsertResult inserted = await client.InsertAsync("web_visits", GenerateVisits(rowCount),
        new ClickHouseInsertOptions { Progress = insertProgress });
    // Sent as Native blocks, the format the server parses with the least work (RowBinary on request).
    Report("Inserted", inserted.Rows, inserted.Bytes, "sent", clock.Elapsed);
    // A scalar needs no row type: the one column of the answer, its type checked against ulong before it is read.
    ulong stored = await client.QueryScalarAsync<ulong>("SELECT count() FROM web_visits");
    Console.WriteLine(FormattableString.Invariant($"  SELECT count() FROM web_visits: {stored:N0} rows"));

    clock.Restart();
    ClickHouseQueryProgress? lastQueryProgress = null;
    List<WebVisit> visits = await client.QueryListAsync<WebVisit>(
        "SELECT day, page_url, country_id, browser_id, device_id, os_id, visits FROM web_visits",
        new ClickHouseQueryOptions { Progress = new SynchronousProgress<ClickHouseQueryProgress>(p => lastQueryProgress = p) });
    string serverSaid = lastQueryProgress?.Server is { } server
        ? FormattableString.Invariant($"; the server had read {server.ReadRows:N0} rows when the answer started")
        : "";
    Console.WriteLine(FormattableString.Invariant($"  received {lastQueryProgress?.Bytes / 1e6:N1} MB, {lastQueryProgress?.Rows:N0} rows{serverSaid}"));
    // Read as RowBinary, the format a client reads rows from fastest.
    Report("Read back", visits.Count, lastQueryProgress?.Bytes ?? 0, "received", clock.Elapsed);

    ulong expected = GenerateVisits(rowCount).Aggregate(0UL, (sum, visit) => sum + visit.Visits);
    ulong actual = visits.Aggregate(0UL, (sum, visit) => sum + visit.Visits);
    if (visits.Count != rowCount || actual != expected || stored != (ulong)rowCount)
    {
        Console.Error.WriteLine($"Read {visits.Count} rows with {actual} visits (count() said {stored}); expected {rowCount} rows with {expected}.");
        return 1;
    }
    Console.WriteLine($"Sample row: {visits[0]}");
    return 0;
}

static IEnumerable<WebVisit> GenerateVisits(int count)
{
    var firstDay = new DateOnly(2025, 1, 1);
    string[] pages = Enumerable.Range(0, 1000).Select(i => $"https://example.com/p/{i}").ToArray();
    for (int i = 0; i < count; i++)
    {
        yield return new WebVisit(firstDay.AddDays(i % 365), pages[i % pages.Length], (ushort)(i % 250), (byte)(i % 7), (byte)(i % 3), (byte)(i % 5), (ulong)(i % 1000));
    }
}

static void Report(string what, long rows, long bytes, string moved, TimeSpan elapsed)
{
    double seconds = elapsed.TotalSeconds;
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"{what,-10} {rows,10:N0} rows in {elapsed.TotalMilliseconds,7:N0} ms: {rows / seconds,12:N0} rows/s, {bytes / seconds / 1e6,7:N1} MB/s ({bytes / 1e6:N1} MB {moved})"));
}

/// <summary>Reports on the thread that makes progress (<see cref="Progress{T}"/> would post to the thread pool and print late).</summary>
internal sealed class SynchronousProgress<T>(Action<T> report) : IProgress<T>
{
    public void Report(T value) => report(value);
}

/// <summary>Prints a line each time another quarter of the expected total is reached.</summary>
internal sealed class QuarterProgress<T>(long total, Func<T, long> done, Func<T, string> describe) : IProgress<T>
{
    private long _nextQuarter = 1;

    public void Report(T value)
    {
        if (total > 0 && done(value) * 4 >= total * _nextQuarter)
        {
            Console.WriteLine(describe(value));
            _nextQuarter = done(value) * 4 / total + 1;
        }
    }
}
