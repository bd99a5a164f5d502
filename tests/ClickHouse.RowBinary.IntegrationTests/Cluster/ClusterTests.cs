using System.Collections.Concurrent;
using System.Globalization;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Cluster;

/// <summary>
/// One client over a cluster of three servers (<see cref="TestCluster"/>): requests spread by the strategy, a server
/// stopped in the middle of a run, a Distributed table over the three shards, and the batch inserter's exactly-once
/// result over three endpoints.
/// </summary>
public sealed class ClusterTests(TestCluster cluster, ITestOutputHelper output) : IClassFixture<TestCluster>
{
    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(2);

    private static string Unique(string name) => $"{name}_{Guid.NewGuid():N}"[..(name.Length + 9)];

    [ClusterFact]
    public async Task Queries_and_inserts_are_spread_by_the_strategy()
    {
        string who = Unique("whoami"), table = Unique("spread");
        await cluster.OnEveryServerAsync(_ => $"CREATE TABLE {who} (n UInt8) ENGINE = Memory");
        await cluster.OnEveryServerAsync(i => $"INSERT INTO {who} VALUES ({i})");
        await cluster.OnEveryServerAsync(_ => Tables.Create<EventRow>(cluster.Database, table, orderBy: "id"));

        int[] roundRobin = await QueriesPerServerAsync(ClickHouseEndpointStrategy.RoundRobin, who, 30);
        int[] inOrder = await QueriesPerServerAsync(ClickHouseEndpointStrategy.InOrder, who, 30);
        int[] random = await QueriesPerServerAsync(ClickHouseEndpointStrategy.Random, who, 60);
        using (ClickHouseClient client = cluster.Client())
        {
            for (uint id = 0; id < 30; id++)
            {
                await client.InsertAsync(table, [EventRow.Numbered(id)]);
            }
        }

        output.WriteLine($"round robin {string.Join("/", roundRobin)}, in order {string.Join("/", inOrder)}, random {string.Join("/", random)}");
        Assert.Equal([10, 10, 10], roundRobin);
        Assert.Equal([30, 0, 0], inOrder);
        Assert.All(random, count => Assert.True(count > 0, "random left a server without a query in 60"));
        long[] inserted = await CountsAsync(table);
        Assert.Equal([10L, 10L, 10L], inserted);
    }

    [ClusterFact]
    public Task A_server_stopped_mid_run_loses_no_acknowledged_row_and_fails_no_query() => ServerLeavesMidRunAsync(hard: false);

    /// <summary>
    /// SIGKILL: the server dies with requests in flight. A query it was answering moves (no row of it had reached the
    /// caller: <c>QueryTextAsync</c> hands its result over whole); an INSERT it was reading fails, and its row may or may
    /// not be there after the restart; an acknowledged row is there.
    /// </summary>
    [ClusterFact]
    public Task A_server_killed_mid_run_loses_no_acknowledged_row_and_fails_no_query() => ServerLeavesMidRunAsync(hard: true);

    private async Task ServerLeavesMidRunAsync(bool hard)
    {
        string table = Unique(hard ? "killed" : "stopped");
        await cluster.OnEveryServerAsync(_ => Tables.Create<EventRow>(cluster.Database, table, orderBy: "id"));
        using ClickHouseClient client = cluster.Client();
        var acknowledged = new ConcurrentBag<uint>();
        var failedInserts = new ConcurrentBag<(uint Id, Exception Error)>();
        var failedQueries = new ConcurrentBag<Exception>();
        int queries = 0;
        // Cancelled once the server is gone for a while; at the latest after Patience, whatever failed on the way.
        using var running = new CancellationTokenSource(Patience);
        Task writers = Task.WhenAll(Enumerable.Range(0, 4).Select(writer => Task.Run(async () =>
        {
            for (uint i = 0; !running.IsCancellationRequested && i < 100_000; i++)
            {
                uint id = (uint)writer * 100_000 + i;
                try
                {
                    await client.InsertAsync(table, [EventRow.Numbered(id)]);
                    acknowledged.Add(id);
                    await Task.Delay(10);
                }
                // A connection cut after the row went out: ClickHousePartialInsertException (the row may have landed).
                catch (Exception e) when (e is HttpRequestException or IOException or ClickHouseServerException or ClickHousePartialInsertException)
                {
                    failedInserts.Add((id, e));
                }
            }
        })));
        Task readers = Task.WhenAll(Enumerable.Range(0, 4).Select(_ => Task.Run(async () =>
        {
            while (!running.IsCancellationRequested)
            {
                try
                {
                    Assert.Equal("1", (await client.QueryTextAsync("SELECT count() FROM system.one")).Trim());
                    Interlocked.Increment(ref queries);
                    await Task.Delay(5);
                }
                catch (Exception e)
                {
                    failedQueries.Add(e);
                }
            }
        })));

        try
        {
            await UntilRowsOnAsync(table, server: 2);
            var stopping = System.Diagnostics.Stopwatch.StartNew();
            await cluster.StopAsync(2, hard);
            output.WriteLine($"server 2 {(hard ? "killed" : "stopped")} in {stopping.ElapsedMilliseconds} ms after {acknowledged.Count} rows and {queries} queries");
            await Task.Delay(TimeSpan.FromSeconds(2));
        }
        finally
        {
            await running.CancelAsync();
            try
            {
                await Task.WhenAll(writers, readers).WaitAsync(Patience);
            }
            finally
            {
                // Whatever failed, the other tests of the cluster need the server back (nothing when it still runs).
                await cluster.StartAgainAsync(2);
            }
        }

        List<uint> stored = await IdsAsync(table);
        output.WriteLine($"{queries} queries, {acknowledged.Count} rows acknowledged, {failedInserts.Count} inserts failed, {stored.Count} rows stored");
        foreach ((uint id, Exception error) in failedInserts.Take(3))
        {
            output.WriteLine($"insert {id} failed: {error.Message}");
        }
        Assert.True(failedQueries.IsEmpty,
            $"{failedQueries.Count} queries failed, the first: {string.Join(" | ", failedQueries.Take(3).Select(e => $"{e.GetType().Name}: {e.Message}"))}");
        Assert.Equal(stored.Count, stored.Distinct().Count());
        Assert.Empty(acknowledged.Except(stored));
        Assert.Empty(stored.Except(acknowledged).Except(failedInserts.Select(f => f.Id)));
        Assert.True((await CountsAsync(table))[2] > 0, "no row reached the server that was stopped: the run proved nothing");
    }

    [ClusterFact]
    public async Task A_query_through_the_Distributed_table_sees_every_shards_rows()
    {
        string local = Unique("shard"), all = Unique("all");
        await cluster.OnEveryServerAsync(_ => Tables.Create<EventRow>(cluster.Database, local, orderBy: "id"));
        await cluster.OnEveryServerAsync(_ => $"CREATE TABLE {all} AS {local} ENGINE = Distributed({cluster.Name}, {cluster.Database}, {local}, rand())");
        for (int server = 0; server < 3; server++)
        {
            using ClickHouseClient one = cluster.ClientOf(server);
            await one.InsertAsync(local, Enumerable.Range(server * 100, 100).Select(i => EventRow.Numbered((uint)i)));
        }
        using ClickHouseClient client = cluster.Client();

        var through = new List<string>();
        for (int i = 0; i < 3; i++)
        {
            through.Add((await client.QueryTextAsync($"SELECT count(), uniqExact(id), min(id), max(id) FROM {all}")).Trim());
        }

        Assert.Equal(Enumerable.Repeat("300\t300\t0\t299", 3), through);
    }

    [ClusterFact]
    public async Task The_batch_inserter_over_three_endpoints_lands_every_row_once_with_one_stopped_mid_run()
    {
        (long[] counts, List<uint>[] ids) = await BatchInserterWithOneLeavingAsync(hard: false);

        List<uint> stored = [.. ids.SelectMany(i => i)];
        Assert.Equal(6_000, stored.Count);
        Assert.Equal(6_000, stored.Distinct().Count());
        Assert.All(counts, count => Assert.True(count > 0, "a server got no batch"));
    }

    /// <summary>
    /// SIGKILL with batches in flight: every row is acknowledged and stored. A batch the killed server may have committed
    /// before dying, sent without a deduplication token (18.16 has none), moves to another server; if the killed one had
    /// committed it, its rows are stored twice, once there and once on the other: at most the batches in flight to it
    /// (MaxConcurrentInserts of them, each at most one row per caller, as each of the 20 callers waits for its row).
    /// </summary>
    [ClusterFact]
    public async Task The_batch_inserter_over_three_endpoints_loses_no_row_with_one_killed_mid_run_and_stores_twice_only_what_was_in_flight()
    {
        (long[] counts, List<uint>[] ids) = await BatchInserterWithOneLeavingAsync(hard: true);

        List<uint> stored = [.. ids.SelectMany(i => i)];
        uint[] twice = [.. stored.GroupBy(id => id).Where(g => g.Count() > 1).Select(g => g.Key)];
        output.WriteLine($"{twice.Length} rows stored twice");
        Assert.Equal(6_000, stored.Distinct().Count());
        Assert.All(stored.GroupBy(id => id), g => Assert.InRange(g.Count(), 1, 2));
        Assert.InRange(twice.Length, 0, 2 * 20);
        var onKilled = new HashSet<uint>(ids[1]);
        Assert.All(twice, id => Assert.Contains(id, onKilled));
        Assert.All(counts, count => Assert.True(count > 0, "a server got no batch"));
    }

    /// <summary>
    /// Twenty callers insert 300 rows each through one batch inserter over the three endpoints; server 1 leaves (stopped,
    /// or with <paramref name="hard"/> killed) once it has rows, and is back before the rows are counted.
    /// </summary>
    private async Task<(long[] Counts, List<uint>[] Ids)> BatchInserterWithOneLeavingAsync(bool hard)
    {
        string table = Unique(hard ? "batch_killed" : "batched");
        await cluster.OnEveryServerAsync(_ => Tables.Create<EventRow>(cluster.Database, table, orderBy: "id"));
        using ClickHouseClient client = cluster.Client();
        try
        {
            await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table,
                new ClickHouseBatchInserterOptions
                {
                    MaxDelay = TimeSpan.FromMilliseconds(20), RetryDelay = TimeSpan.FromMilliseconds(20), MaxConcurrentInserts = 2,
                    // One INSERT slower than 20 ms on a loaded machine would widen the delay to seconds for callers that
                    // await each row: this is about a server leaving, not about pressure.
                    AdaptToServerPressure = false,
                });
            // Bounded by Patience; the inserter's disposal settles whatever is left.
            Task producing = BatchInserterServerTests.InsertFromCallersAsync(inserter, callers: 20, rowsEach: 300);
            await UntilRowsOnAsync(table, server: 1);
            Assert.False(producing.IsCompleted, "every row was in before the server stopped: the run proved nothing");
            await cluster.StopAsync(1, hard);
            output.WriteLine($"server 1 {(hard ? "killed" : "stopped")}");
            await producing;
        }
        finally
        {
            await cluster.StartAgainAsync(1);
        }

        long[] counts = await CountsAsync(table);
        output.WriteLine($"rows per server: {string.Join("/", counts)}");
        List<uint>[] ids = new List<uint>[3];
        for (int server = 0; server < 3; server++)
        {
            ids[server] = await IdsOnAsync(table, server);
        }
        return (counts, ids);
    }

    /// <summary>Waits (at most <see cref="Patience"/>) until some rows reached <paramref name="server"/>, so that stopping it stops work in progress.</summary>
    private async Task UntilRowsOnAsync(string table, int server)
    {
        var waited = System.Diagnostics.Stopwatch.StartNew();
        while ((await CountsAsync(table))[server] == 0)
        {
            Assert.True(waited.Elapsed < Patience, $"no row reached server {server}");
            await Task.Delay(50);
        }
    }

    private async Task<int[]> QueriesPerServerAsync(ClickHouseEndpointStrategy strategy, string who, int queries)
    {
        using ClickHouseClient client = cluster.Client(strategy);
        int[] counts = new int[3];
        for (int i = 0; i < queries; i++)
        {
            counts[int.Parse((await client.QueryTextAsync($"SELECT n FROM {who}")).Trim(), CultureInfo.InvariantCulture)]++;
        }
        return counts;
    }

    private async Task<long[]> CountsAsync(string table)
    {
        long[] counts = new long[3];
        for (int i = 0; i < 3; i++)
        {
            using ClickHouseClient one = cluster.ClientOf(i);
            counts[i] = long.Parse((await one.QueryTextAsync($"SELECT count() FROM {table}")).Trim(), CultureInfo.InvariantCulture);
        }
        return counts;
    }

    private async Task<List<uint>> IdsAsync(string table)
    {
        var ids = new List<uint>();
        for (int i = 0; i < 3; i++)
        {
            ids.AddRange(await IdsOnAsync(table, i));
        }
        return ids;
    }

    private async Task<List<uint>> IdsOnAsync(string table, int server)
    {
        using ClickHouseClient one = cluster.ClientOf(server);
        string text = await one.QueryTextAsync($"SELECT id FROM {table}");
        return [.. text.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => uint.Parse(line, CultureInfo.InvariantCulture))];
    }
}
