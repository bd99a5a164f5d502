using System.Collections.Concurrent;
using System.Globalization;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// The batch inserter against the real server, directly and through a loopback proxy that cuts requests, cuts
/// answers after the server committed, or delays them: every row accepted lands, or its caller hears why.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class BatchInserterServerTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(90);

    [ServerTheory]
    [MemberData(nameof(BatchingTests.WireFormats), MemberType = typeof(BatchingTests))]
    public async Task A_thousand_concurrent_callers_land_every_row_exactly_once_and_a_bad_row_fails_only_its_caller(ClickHouseWireFormat format)
    {
        string table = await CreateTableAsync($"batch_many_callers_{format}");
        await using ClickHouseBatchInserter<EventRow> inserter = server.Client.CreateBatchInserter<EventRow>(table,
            new ClickHouseBatchInserterOptions { MaxRows = 5_000, MaxDelay = TimeSpan.FromMilliseconds(50), WireFormat = format });
        var refused = new ConcurrentBag<uint>();

        await Task.WhenAll(Enumerable.Range(0, 1_000).Select(caller => Task.Run(async () =>
        {
            for (int i = 0; i < 20; i++)
            {
                uint id = (uint)(caller * 20 + i);
                if (id % 997 == 0)
                {
                    await Assert.ThrowsAsync<RowBinaryException>(() => inserter.InsertAsync(EventRow.Unwritable(id)));
                    refused.Add(id);
                    continue;
                }
                await inserter.InsertAsync(EventRow.Numbered(id));
            }
        }))).WaitAsync(Patience);

        (long count, long distinct) = await CountAsync(table);
        Assert.Equal(20_000 - refused.Count, count);
        Assert.Equal(count, distinct);
        Assert.Equal("0", (await server.Client.QueryTextAsync($"SELECT count() FROM {Quoted(table)} WHERE id % 997 = 0")).Trim());
    }

    [ServerFact]
    public async Task A_permanent_error_reaches_every_caller_after_one_attempt()
    {
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 1);
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);
        // Unchecked, so that the INSERT goes and the server refuses it (checked, see Inserts_into_a_table_that_does_not_exist_are_refused_before_sending).
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("no_such_table",
            new ClickHouseBatchInserterOptions { MaxRows = 3, CheckSchema = false });

        Task[] calls = [.. Enumerable.Range(1, 3).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))];

        foreach (Task call in calls)
        {
            Assert.Equal(60, (await Assert.ThrowsAsync<ClickHouseServerException>(() => call.WaitAsync(Patience))).Code);
        }
        Assert.Single(proxy.RequestLines, line => line.Contains("query=INSERT", StringComparison.Ordinal));
    }

    [ServerTheory]
    [MemberData(nameof(BatchingTests.WireFormats), MemberType = typeof(BatchingTests))]
    public async Task With_requests_cut_at_random_every_row_lands_exactly_once(ClickHouseWireFormat format)
    {
        string table = await CreateTableAsync($"batch_cut_requests_{format}");
        int seed = Environment.TickCount;
        output.WriteLine($"proxy seed {seed}");
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed) { CutRequestChance = 0.4 };
        // A connection per request: the proxy decides per connection, and kept-alive connections would carry many.
        ClickHouseClientOptions options = TestServer.CreateOptions(server.Database);
        options.Endpoint = proxy.Endpoint;
        using var client = new ClickHouseClient(new HttpClient(new SocketsHttpHandler { PooledConnectionLifetime = TimeSpan.Zero }), options);
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table, FastRetries(maxRows: 500, format)))
        {
            await InsertFromCallersAsync(inserter, callers: 50, rowsEach: 100);
        }

        Assert.True(proxy.CutRequests > 0, "the proxy cut no request: the test proved nothing");
        Assert.Equal((5_000L, 5_000L), await CountAsync(table));
        // RowBinary goes with its names and types where the server reads them (not 18.16), so that the server checks them too.
        string sent = format == ClickHouseWireFormat.RowBinary ? " FORMAT RowBinary(WithNamesAndTypes)?$" : $" FORMAT {format}$";
        Assert.All(proxy.RequestLines.Where(line => line.Contains("query=INSERT", StringComparison.Ordinal)),
            line => Assert.Matches(sent, Parameter(line, "query")));
        output.WriteLine($"{proxy.CutRequests} requests cut, {proxy.RequestLines.Count} requests seen");
    }

    [ServerTheory]
    [MemberData(nameof(BatchingTests.WireFormats), MemberType = typeof(BatchingTests))]
    public async Task With_answers_cut_after_the_server_committed_no_row_is_lost_and_every_retry_carries_its_batch_token(ClickHouseWireFormat format)
    {
        bool deduplicates = await HasSettingAsync("non_replicated_deduplication_window") && await HasSettingAsync("insert_deduplication_token");
        string table = await CreateTableAsync($"batch_cut_answers_{format}", deduplicates ? " SETTINGS non_replicated_deduplication_window = 1000" : "");
        int seed = Environment.TickCount;
        output.WriteLine($"proxy seed {seed}; the server deduplicates: {deduplicates}");
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed) { CutResponseChance = 0.5 };
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table, FastRetries(maxRows: 500, format)))
        {
            await InsertFromCallersAsync(inserter, callers: 20, rowsEach: 100);
        }

        Assert.True(proxy.CutResponses > 0, "the proxy cut no answer: the test proved nothing");
        (long count, long distinct) = await CountAsync(table);
        Assert.Equal(2_000, distinct);
        // Without deduplication (servers before 22.2, or tables without it) a batch whose answer was lost lands
        // again: at most 20 rows a batch, as 20 callers each wait for their row.
        if (deduplicates)
        {
            Assert.Equal(2_000, count);
        }
        else
        {
            Assert.InRange(count, 2_001, 2_000 + proxy.CutResponses * 20L);
        }

        List<(string Batch, string? Token)> attempts = [.. proxy.RequestLines
            .Where(line => line.Contains("query=INSERT", StringComparison.Ordinal))
            .Select(line => (Batch: BatchOf(Parameter(line, "query_id")!), Token: Parameter(line, "insert_deduplication_token")))];
        Assert.True(attempts.GroupBy(a => a.Batch).Any(g => g.Count() > 1), "no batch was sent twice");
        foreach (IGrouping<string, (string Batch, string? Token)> batch in attempts.GroupBy(a => a.Batch))
        {
            Assert.Equal(deduplicates ? batch.Key : null, Assert.Single(batch.Select(a => a.Token).Distinct()));
        }
    }

    [ServerFact]
    public async Task Delayed_answers_delay_acknowledgements_and_lose_nothing()
    {
        string table = await CreateTableAsync("batch_delayed");
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 2) { ResponseDelay = TimeSpan.FromMilliseconds(300) };
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table,
            new ClickHouseBatchInserterOptions { MaxDelay = TimeSpan.FromMilliseconds(20) });

        long started = System.Diagnostics.Stopwatch.GetTimestamp();
        await Task.WhenAll(Enumerable.Range(1, 100).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))).WaitAsync(Patience);

        Assert.True(System.Diagnostics.Stopwatch.GetElapsedTime(started) >= TimeSpan.FromMilliseconds(300));
        Assert.Equal((100L, 100L), await CountAsync(table));
    }

    [ServerTheory]
    [MemberData(nameof(BatchingTests.WireFormats), MemberType = typeof(BatchingTests))]
    public async Task Rows_accepted_while_connections_are_refused_land_once_they_are_accepted_again(ClickHouseWireFormat format)
    {
        string table = await CreateTableAsync($"batch_refused_{format}");
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 3);
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);
        ClickHouseBatchInserterOptions options = FastRetries(maxRows: 100, format);
        options.MaxRetries = 100; // 20 quick retries run out in 2 to 3 s: more than a loaded machine may take to pass the check below
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table, options);
        proxy.SetRefusing(true);

        Task[] calls = [.. Enumerable.Range(1, 50).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))];
        await Task.Delay(500);
        Assert.All(calls, call => Assert.False(call.IsCompleted));
        proxy.SetRefusing(false);
        await Task.WhenAll(calls).WaitAsync(Patience);

        Assert.Equal((50L, 50L), await CountAsync(table));
    }

    [ServerFact]
    public async Task Against_the_real_server_pending_rows_stay_within_MaxPendingRows_and_the_meter_counts_every_row()
    {
        string table = await CreateTableAsync("batch_backpressure");
        var acknowledged = new System.Collections.Concurrent.ConcurrentBag<long>();
        using var meters = new System.Diagnostics.Metrics.MeterListener();
        meters.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName && instrument.Name == "clickhouse.inserter.rows.acknowledged")
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        meters.SetMeasurementEventCallback<long>((_, value, tags, _) =>
        {
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                if (tag.Key == "db.collection.name" && Equals(tag.Value, table))
                {
                    acknowledged.Add(value);
                }
            }
        });
        meters.Start();
        // Answers held back 100 ms, so that rows pile up and callers must wait for room.
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 4) { ResponseDelay = TimeSpan.FromMilliseconds(100) };
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);
        long mostPending = 0;
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table,
            new ClickHouseBatchInserterOptions { MaxRows = 50, MaxPendingRows = 100, MaxDelay = TimeSpan.FromMilliseconds(10) }))
        {
            using var watching = new CancellationTokenSource();
            Task watch = Task.Run(async () =>
            {
                while (!watching.IsCancellationRequested)
                {
                    long pending = inserter.PendingRows;
                    if (pending > Interlocked.Read(ref mostPending))
                    {
                        Interlocked.Exchange(ref mostPending, pending);
                    }
                    await Task.Delay(1);
                }
            });
            await InsertFromCallersAsync(inserter, callers: 200, rowsEach: 5);
            await watching.CancelAsync();
            await watch;
        }

        Assert.InRange(Interlocked.Read(ref mostPending), 1, 100);
        Assert.Equal((1_000L, 1_000L), await CountAsync(table));
        Assert.Equal(1_000, acknowledged.Sum());
    }

    /// <summary>Quick retries; no pressure adaptation, which a slow INSERT on a loaded machine would set off (these tests are about faults).</summary>
    private static ClickHouseBatchInserterOptions FastRetries(int maxRows, ClickHouseWireFormat format) => new()
    {
        AdaptToServerPressure = false,
        MaxRows = maxRows,
        WireFormat = format,
        MaxDelay = TimeSpan.FromMilliseconds(20),
        MaxRetries = 20,
        RetryDelay = TimeSpan.FromMilliseconds(10),
        MaxRetryDelay = TimeSpan.FromMilliseconds(200),
    };

    /// <summary>Callers each insert their rows one at a time, awaiting each; ids are unique across callers.</summary>
    internal static Task InsertFromCallersAsync(ClickHouseBatchInserter<EventRow> inserter, int callers, int rowsEach)
        => Task.WhenAll(Enumerable.Range(0, callers).Select(caller => Task.Run(async () =>
        {
            for (int i = 0; i < rowsEach; i++)
            {
                await inserter.InsertAsync(EventRow.Numbered((uint)(caller * rowsEach + i)));
            }
        }))).WaitAsync(Patience);

    private async Task<string> CreateTableAsync(string name, string settings = "")
    {
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {Quoted(name)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, name, orderBy: "id") + settings);
        return name;
    }

    private async Task<bool> HasSettingAsync(string name)
        => (await server.Client.QueryTextAsync($"SELECT count() FROM system.settings WHERE name = '{name}'")).Trim() != "0"
            || (await server.Client.QueryTextAsync($"SELECT count() FROM system.merge_tree_settings WHERE name = '{name}'")).Trim() != "0";

    private async Task<(long Count, long Distinct)> CountAsync(string table)
    {
        string[] parts = (await server.Client.QueryTextAsync($"SELECT count(), uniqExact(id) FROM {Quoted(table)}")).Trim().Split('\t');
        return (long.Parse(parts[0], CultureInfo.InvariantCulture), long.Parse(parts[1], CultureInfo.InvariantCulture));
    }

    private string Quoted(string table) => ClickHouseIdentifier.QuoteTable(server.Database, table);

    private static string? Parameter(string requestLine, string name)
    {
        string query = requestLine.Split(' ')[1];
        int start = query.IndexOf(name + "=", StringComparison.Ordinal);
        if (start < 0)
        {
            return null;
        }
        start += name.Length + 1;
        int end = query.IndexOf('&', start);
        return Uri.UnescapeDataString(end < 0 ? query[start..] : query[start..end]);
    }

    /// <summary>The batch part of a query id <c>{token}-{attempt}</c>.</summary>
    private static string BatchOf(string queryId) => queryId[..queryId.LastIndexOf('-')];
}
