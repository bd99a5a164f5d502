using System.Diagnostics;
using ClickHouse.RowBinary.ReplayServer;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// A query its caller cancels stops on the server: over HTTP the server otherwise runs it to its end (18.16 at all, newer
/// servers for all but read-only queries), so the client sends <c>KILL QUERY ... ASYNC</c> to the same server.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class CancelledQueryTests(ClickHouseServerFixture server)
{
    /// <summary>Tens of seconds of work on one server, and not a byte of result until its end.</summary>
    private const string LongSum = "SELECT sum(number) AS number FROM numbers(20000000000)";

    private static readonly TimeSpan Gone = TimeSpan.FromSeconds(2);

    [ServerFact]
    public async Task A_query_cancelled_by_its_caller_leaves_system_processes_within_two_seconds()
    {
        string queryId = $"cancelled-{Guid.NewGuid():N}";
        using var cancel = new CancellationTokenSource();
        Task<List<CountRow>> query = server.Client.QueryListAsync<CountRow>(LongSum, new ClickHouseQueryOptions { QueryId = queryId, Format = RowBinaryFormat.RowBinary }, cancel.Token);
        Assert.True(await RunningWithinAsync(queryId, TimeSpan.FromSeconds(10)), "the query never showed in system.processes");
        await Task.Delay(TimeSpan.FromSeconds(1));

        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => query);
        var stopwatch = Stopwatch.StartNew();
        Assert.True(await GoneWithinAsync(queryId, Gone), $"the cancelled query {queryId} is still in system.processes {Gone.TotalSeconds} s later");
        Assert.True(stopwatch.Elapsed < Gone + TimeSpan.FromSeconds(1));
    }

    [ServerFact]
    public async Task A_query_whose_time_limit_passed_is_stopped_too()
    {
        string queryId = $"timed-out-{Guid.NewGuid():N}";
        using ClickHouseClient client = server.CreateClient(o => o.Timeout = TimeSpan.FromSeconds(1));

        await Assert.ThrowsAsync<TimeoutException>(() => client.ExecuteAsync(LongSum, new ClickHouseQueryOptions { QueryId = queryId }));

        Assert.True(await GoneWithinAsync(queryId, Gone), $"the query {queryId} is still running {Gone.TotalSeconds} s after its time limit passed");
    }

    [ServerFact]
    public async Task Without_the_option_a_cancelled_query_goes_on_running_as_HTTP_leaves_it()
    {
        string queryId = $"left-running-{Guid.NewGuid():N}";
        using ClickHouseClient client = server.CreateClient(o => o.KillCancelledQueries = false);
        using var cancel = new CancellationTokenSource();
        Task query = client.ExecuteAsync(LongSum, new ClickHouseQueryOptions { QueryId = queryId }, cancel.Token);
        Assert.True(await RunningWithinAsync(queryId, TimeSpan.FromSeconds(10)), "the query never showed in system.processes");
        try
        {
            await cancel.CancelAsync();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => query);

            Assert.False(await GoneWithinAsync(queryId, Gone), "the server stopped the query by itself: this test no longer shows why the client kills");
        }
        finally
        {
            await server.Client.ExecuteAsync($"KILL QUERY WHERE query_id = '{queryId}' ASYNC");
        }
    }

    [ServerFact]
    public async Task A_result_left_before_its_end_stops_on_the_server()
    {
        string queryId = $"abandoned-{Guid.NewGuid():N}";
        await foreach (CountRow row in server.Client.QueryAsync<CountRow>("SELECT number FROM system.numbers",
            new ClickHouseQueryOptions { QueryId = queryId, Format = RowBinaryFormat.RowBinary }))
        {
            Assert.Equal(0UL, row.Number);
            break;
        }

        Assert.True(await GoneWithinAsync(queryId, Gone), $"the abandoned query {queryId} is still in system.processes {Gone.TotalSeconds} s later");
    }

    [ServerFact]
    public async Task QueryFirstAsync_of_an_answer_that_already_ended_sends_no_KILL_and_of_an_endless_one_stops_it()
    {
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 1);
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);
        var rowBinary = new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary };

        for (int i = 0; i < 5; i++)
        {
            CountRow first = await client.QueryFirstAsync<CountRow>("SELECT toUInt64(7) AS number", rowBinary);
            Assert.Equal(7UL, first.Number);
        }
        CountRow single = await client.QuerySingleAsync<CountRow>("SELECT toUInt64(8) AS number", rowBinary);
        Assert.Equal(8UL, single.Number);
        // A KILL would follow in the background within milliseconds: give it time to show.
        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.Equal(6, RequestCount(proxy));

        string queryId = $"first-of-endless-{Guid.NewGuid():N}";
        CountRow zero = await client.QueryFirstAsync<CountRow>("SELECT number FROM system.numbers",
            new ClickHouseQueryOptions { QueryId = queryId, Format = RowBinaryFormat.RowBinary });

        Assert.Equal(0UL, zero.Number);
        Assert.True(await GoneWithinAsync(queryId, Gone), $"the query {queryId} left by QueryFirstAsync is still in system.processes {Gone.TotalSeconds} s later");
        // The server may drop the query first (its connection closed), before the KILL sent in the background arrives.
        Assert.True(await RequestsWithinAsync(proxy, 8, TimeSpan.FromSeconds(10)), $"{RequestCount(proxy)} requests: the endless query and its KILL expected after the first 6");
    }

    [Fact]
    public async Task A_small_answer_that_had_already_ended_is_read_to_its_end_not_killed()
    {
        // A modern server tags its errors, so the client hands out rows as they arrive (it holds back only a few dozen
        // bytes, not 256 KiB): QueryFirstAsync leaves the body after its first row, while the rest is already in.
        byte[] thousandRows = [.. Enumerable.Range(0, 1000).SelectMany(i => BitConverter.GetBytes((ulong)i))];
        await using var replay = new ReplayServer.ReplayServer(request => request.Query.StartsWith("KILL", StringComparison.Ordinal)
            ? ReplayResponse.Empty
            : new ReplayResponse(thousandRows, "RowBinary"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = replay.Url });
        var rowBinary = new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary };

        for (int i = 0; i < 5; i++)
        {
            Assert.Equal(0UL, (await client.QueryFirstAsync<CountRow>("SELECT number FROM numbers(1000)", rowBinary)).Number);
        }
        await Assert.ThrowsAsync<InvalidOperationException>(() => client.QuerySingleAsync<CountRow>("SELECT number FROM numbers(1000)", rowBinary));
        await Task.Delay(TimeSpan.FromSeconds(1));

        Assert.Equal(6, replay.Requests.Count);
        Assert.DoesNotContain(replay.Requests, r => r.Query.StartsWith("KILL", StringComparison.Ordinal));
        Assert.Null(replay.Failure);
    }

    private static int RequestCount(FaultProxy proxy)
    {
        lock (proxy.RequestLines)
        {
            return proxy.RequestLines.Count;
        }
    }

    private static async Task<bool> RequestsWithinAsync(FaultProxy proxy, int count, TimeSpan patience)
    {
        var stopwatch = Stopwatch.StartNew();
        while (RequestCount(proxy) < count)
        {
            if (stopwatch.Elapsed > patience)
            {
                return false;
            }
            await Task.Delay(50);
        }
        return true;
    }

    private Task<bool> RunningWithinAsync(string queryId, TimeSpan patience) => PollAsync(queryId, running: true, patience);

    private Task<bool> GoneWithinAsync(string queryId, TimeSpan patience) => PollAsync(queryId, running: false, patience);

    private async Task<bool> PollAsync(string queryId, bool running, TimeSpan patience)
    {
        var stopwatch = Stopwatch.StartNew();
        do
        {
            string count = await server.Client.QueryTextAsync($"SELECT count() FROM system.processes WHERE query_id = '{queryId}'");
            if ((count.Trim() != "0") == running)
            {
                return true;
            }
            await Task.Delay(100);
        }
        while (stopwatch.Elapsed < patience);
        return false;
    }
}
