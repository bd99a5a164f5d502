using System.Collections.Concurrent;
using System.Globalization;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// The batch inserter against servers of the test's own, which the test stops and starts: batches move to a
/// server that answers, and rows accepted while no server answers land once one does, or their callers hear why.
/// Pressure adaptation is off: on a loaded machine one INSERT slower than the 20 ms delay (812 ms was seen) widens the
/// delay to seconds, and callers that await each row then need minutes, past the tests' patience.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class BatchInserterFailoverTests(ITestOutputHelper output)
{
    private const string Table = "events";
    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(2);

    [OwnServerFact]
    public async Task With_two_endpoints_and_one_stopped_during_the_run_every_row_lands_exactly_once_across_the_two()
    {
        await using OwnServer first = await OwnServer.StartAsync();
        await using OwnServer second = await OwnServer.StartAsync();
        await CreateTableAsync(first);
        await CreateTableAsync(second);
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoints = { first.Endpoint, second.Endpoint } });
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(Table,
            new ClickHouseBatchInserterOptions { MaxDelay = TimeSpan.FromMilliseconds(20), RetryDelay = TimeSpan.FromMilliseconds(20), AdaptToServerPressure = false }))
        {
            Task producing = BatchInserterServerTests.InsertFromCallersAsync(inserter, callers: 20, rowsEach: 300);
            await Task.Delay(300);
            await first.StopAsync();
            output.WriteLine("first server stopped");
            await producing;
        }

        long onSecond = await CountAsync(second);
        await first.StartAgainAsync();
        long onFirst = await CountAsync(first);
        output.WriteLine($"rows on the first server: {onFirst}, on the second: {onSecond}");
        Assert.True(onSecond > 0, "no batch moved to the second server");
        Assert.Equal(6_000, onFirst + onSecond);
        Assert.Equal(6_000, await DistinctAcrossAsync(first, second));
    }

    [OwnServerFact]
    public async Task Rows_accepted_while_the_server_is_down_land_when_it_returns_or_their_callers_hear_why()
    {
        await using OwnServer only = await OwnServer.StartAsync();
        await CreateTableAsync(only);
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = only.Endpoint });
        var acknowledged = new ConcurrentBag<uint>();
        var failed = new ConcurrentBag<uint>();
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(Table,
            new ClickHouseBatchInserterOptions { MaxDelay = TimeSpan.FromMilliseconds(20), AdaptToServerPressure = false }))
        {
            Task producing = Task.WhenAll(Enumerable.Range(0, 10).Select(caller => Task.Run(async () =>
            {
                for (int i = 0; i < 200; i++)
                {
                    uint id = (uint)(caller * 200 + i);
                    try
                    {
                        await inserter.InsertAsync(EventRow.Numbered(id));
                        acknowledged.Add(id);
                    }
                    catch (Exception e) when (e is HttpRequestException or IOException or TimeoutException or ClickHouseServerException)
                    {
                        failed.Add(id);
                    }
                    await Task.Delay(5);
                }
            })));
            await Task.Delay(500);
            await only.StopAsync();
            await Task.Delay(TimeSpan.FromSeconds(3));
            await only.StartAgainAsync();
            await producing.WaitAsync(Patience);
        }

        output.WriteLine($"acknowledged {acknowledged.Count}, failed {failed.Count}");
        Assert.Equal(2_000, acknowledged.Count + failed.Count);
        List<uint> stored = await IdsAsync(only);
        Assert.Equal(acknowledged.Order(), stored);
    }

    private static async Task CreateTableAsync(OwnServer server)
    {
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Endpoint });
        await client.ExecuteAsync(Tables.Create<EventRow>("default", Table, orderBy: "id"));
    }

    private static async Task<long> CountAsync(OwnServer server)
    {
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Endpoint });
        return long.Parse((await client.QueryTextAsync($"SELECT count() FROM {Table}")).Trim(), CultureInfo.InvariantCulture);
    }

    private static async Task<List<uint>> IdsAsync(OwnServer server)
    {
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Endpoint });
        string text = await client.QueryTextAsync($"SELECT id FROM {Table} ORDER BY id");
        return [.. text.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => uint.Parse(line, CultureInfo.InvariantCulture))];
    }

    private static async Task<int> DistinctAcrossAsync(OwnServer first, OwnServer second)
        => (await IdsAsync(first)).Concat(await IdsAsync(second)).Distinct().Count();
}

/// <summary>A test that starts ClickHouse servers of its own: skipped, saying why, where no server binary is installed.</summary>
public sealed class OwnServerFactAttribute : FactAttribute
{
    public OwnServerFactAttribute()
    {
        if (OwnServer.SkipReason is { } reason)
        {
            Skip = reason;
        }
    }
}
