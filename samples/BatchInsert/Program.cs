using System;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using BatchInsert;
using ClickHouse.RowBinary;

// Usage: dotnet run --project samples/BatchInsert [producers] [seconds]   (CLICKHOUSE_URL, CLICKHOUSE_USER, CLICKHOUSE_PASSWORD)
// Many concurrent producers (think: web requests) each record one event at a time through one shared inserter,
// awaiting the server's acknowledgement, for a while; then the inserter is disposed, which sends what is left.
int producers = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 1_000;
TimeSpan duration = TimeSpan.FromSeconds(args.Length > 1 ? double.Parse(args[1], CultureInfo.InvariantCulture) : 5);
ClickHouseClientOptions options = ClickHouseClientOptions.FromEnvironment();
using var client = new ClickHouseClient(options);

try
{
    return await RunAsync(client, producers, duration);
}
catch (HttpRequestException e)
{
    Console.Error.WriteLine($"No ClickHouse server answers at {options.Endpoint}: {e.Message}");
    Console.Error.WriteLine("Start one with `eval \"$(bash scripts/clickhouse-server.sh start)\"`, or point CLICKHOUSE_URL at a server.");
    return 2;
}
catch (ClickHouseServerException e)
{
    Console.Error.WriteLine(e.Message);
    return 1;
}

static async Task<int> RunAsync(ClickHouseClient client, int producers, TimeSpan duration)
{
    Console.WriteLine($"ClickHouse {await client.GetServerVersionAsync()} at {client.Endpoint}: {producers:N0} producers for {duration.TotalSeconds:N0} s");
    await client.ExecuteAsync("DROP TABLE IF EXISTS page_views");
    await client.ExecuteAsync("""
        CREATE TABLE page_views (ts DateTime, user_id UInt64, path String, duration_ms UInt32)
        ENGINE = MergeTree ORDER BY (ts, user_id)
        """);

    long acknowledged = 0, failed = 0;
    var clock = Stopwatch.StartNew();
    await using (ClickHouseBatchInserter<PageView> inserter = client.CreateBatchInserter<PageView>("page_views",
        new ClickHouseBatchInserterOptions { MaxDelay = TimeSpan.FromMilliseconds(100) }))
    {
        using var stop = new CancellationTokenSource(duration);
        Task progress = ReportProgressAsync(inserter, () => Interlocked.Read(ref acknowledged), clock, stop.Token);
        await Task.WhenAll(Enumerable.Range(0, producers).Select(producer => Task.Run(async () =>
        {
            var random = new Random(producer);
            while (!stop.IsCancellationRequested)
            {
                var view = new PageView(DateTime.UtcNow, (ulong)random.Next(1_000_000), "/p/" + random.Next(1_000), (uint)random.Next(5_000));
                try
                {
                    // Completes once the server has the row. The caller may reuse or change `view` right away.
                    await inserter.InsertAsync(view);
                    Interlocked.Increment(ref acknowledged);
                }
                catch (Exception e) when (e is ClickHouseServerException or HttpRequestException or TimeoutException)
                {
                    Interlocked.Increment(ref failed);
                }
            }
        })));
        await progress;
    }
    TimeSpan elapsed = clock.Elapsed;

    long stored = long.Parse((await client.QueryTextAsync("SELECT count() FROM page_views")).Trim(), CultureInfo.InvariantCulture);
    Console.WriteLine($"Acknowledged {acknowledged:N0} rows in {elapsed.TotalSeconds:N1} s: {acknowledged / elapsed.TotalSeconds:N0} rows/s; " +
        $"{failed:N0} failed; the table holds {stored:N0}");
    if (stored != acknowledged)
    {
        Console.Error.WriteLine($"The table holds {stored:N0} rows, but {acknowledged:N0} were acknowledged.");
        return 1;
    }
    return failed == 0 ? 0 : 1;
}

static async Task ReportProgressAsync(ClickHouseBatchInserter<PageView> inserter, Func<long> acknowledged, Stopwatch clock, CancellationToken stop)
{
    using var tick = new PeriodicTimer(TimeSpan.FromSeconds(1));
    try
    {
        while (await tick.WaitForNextTickAsync(stop))
        {
            Console.WriteLine($"  {clock.Elapsed.TotalSeconds,4:N0} s: {acknowledged(),12:N0} rows acknowledged, {inserter.PendingRows,8:N0} pending");
        }
    }
    catch (OperationCanceledException)
    {
    }
}
