using System.Diagnostics;
using System.Net;
using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// Which endpoint each request goes to, and when it moves to another, on the requests a fake server records: hosts
/// named <c>down</c> refuse connections, <c>broken</c> ones lose the connection after the request went out.
/// </summary>
public sealed class RoutingTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    private static FakeClickHouse Servers(Func<RecordedRequest, HttpResponseMessage?>? answer = null)
        => new FakeClickHouse(request => request.Message.RequestUri!.Host switch
        {
            "down" => throw new HttpRequestException(HttpRequestError.ConnectionError, "Connection refused (down:8123)"),
            "broken" => throw new HttpRequestException(HttpRequestError.ResponseEnded, "The response ended prematurely."),
            _ => answer?.Invoke(request) ?? FakeClickHouse.Ok(Encoding.UTF8.GetBytes("1\n")),
        }).Describing<CountRow>();

    private static ClickHouseClient Client(FakeClickHouse servers, ClickHouseEndpointStrategy strategy, params string[] hosts)
        => FakeClickHouse.Client(servers, o =>
        {
            o.EndpointStrategy = strategy;
            foreach (string host in hosts)
            {
                o.Endpoints.Add(new Uri($"http://{host}:8123/"));
            }
        });

    private static List<string> Hosts(FakeClickHouse servers, string statementStart)
        => [.. servers.Requests.Where(r => (r.Parameters.GetValueOrDefault("query") ?? r.BodyText).StartsWith(statementStart, StringComparison.Ordinal))
            .Select(r => r.Message.RequestUri!.Host)];

    [Fact]
    public async Task Every_request_carries_a_query_id_the_callers_or_a_new_one()
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient client = FakeClickHouse.Client(servers);

        await client.ExecuteAsync("SELECT 1");
        await client.ExecuteAsync("SELECT 2", new ClickHouseQueryOptions { QueryId = "mine" });
        await client.InsertAsync("numbers", [new CountRow(1)]);

        List<string?> ids = [.. servers.Requests.Select(r => r.Parameters.GetValueOrDefault("query_id"))];
        Assert.Equal(3, ids.Count);
        Assert.True(Guid.TryParse(ids[0], out _), ids[0]);
        Assert.Equal("mine", ids[1]);
        Assert.True(Guid.TryParse(ids[2], out _), ids[2]);
    }

    [Fact]
    public async Task Query_ids_the_client_makes_are_distinct_version_4_UUIDs_from_every_thread()
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient client = FakeClickHouse.Client(servers);

        await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => Task.Run(async () =>
        {
            for (int i = 0; i < 50; i++)
            {
                await client.ExecuteAsync("SELECT 1");
            }
        })));

        List<string> ids = [.. servers.Requests.Select(r => r.Parameters.GetValueOrDefault("query_id")!)];
        Assert.Equal(400, ids.Count);
        Assert.Equal(400, ids.Distinct(StringComparer.Ordinal).Count());
        Assert.All(ids, id =>
        {
            Assert.True(Guid.TryParseExact(id, "D", out Guid guid), id);
            Assert.Equal(4, guid.Version);
            Assert.Contains(id[19], "89ab");
        });
    }

    [Fact]
    public async Task Round_robin_spreads_requests_in_order_takes_the_first_and_random_reaches_every_endpoint()
    {
        FakeClickHouse servers = Servers();
        using (ClickHouseClient roundRobin = Client(servers, ClickHouseEndpointStrategy.RoundRobin, "a", "b", "c"))
        {
            for (int i = 0; i < 6; i++)
            {
                await roundRobin.ExecuteAsync("SELECT 1");
            }
        }
        Assert.Equal(["a", "b", "c", "a", "b", "c"], Hosts(servers, "SELECT"));

        servers.Requests.Clear();
        using (ClickHouseClient inOrder = Client(servers, ClickHouseEndpointStrategy.InOrder, "a", "b", "c"))
        {
            for (int i = 0; i < 6; i++)
            {
                await inOrder.ExecuteAsync("SELECT 1");
            }
        }
        Assert.Equal(Enumerable.Repeat("a", 6), Hosts(servers, "SELECT"));

        servers.Requests.Clear();
        using (ClickHouseClient random = Client(servers, ClickHouseEndpointStrategy.Random, "a", "b", "c"))
        {
            for (int i = 0; i < 60; i++)
            {
                await random.ExecuteAsync("SELECT 1");
            }
        }
        Assert.Equal(["a", "b", "c"], Hosts(servers, "SELECT").Distinct().Order());
    }

    [Fact]
    public async Task A_query_whose_connection_was_refused_runs_on_the_next_endpoint_and_the_refusing_one_is_skipped_after()
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient client = Client(servers, ClickHouseEndpointStrategy.InOrder, "down", "up");

        for (int i = 0; i < 3; i++)
        {
            Assert.Equal("1", (await client.QueryTextAsync("SELECT 1")).Trim());
        }

        // Tried once, then marked down: later queries go straight to the endpoint that answers.
        Assert.Equal(["down", "up", "up", "up"], Hosts(servers, "SELECT"));
    }

    [Fact]
    public async Task A_read_whose_connection_broke_before_any_row_runs_on_another_endpoint_once_per_endpoint()
    {
        FakeClickHouse servers = Servers(_ => FakeClickHouse.Ok(new byte[8]));
        using ClickHouseClient client = Client(servers, ClickHouseEndpointStrategy.InOrder, "broken", "up");
        using ClickHouseClient allBroken = Client(servers, ClickHouseEndpointStrategy.InOrder, "broken", "down", "broken");

        List<CountRow> rows = await client.QueryListAsync<CountRow>("SELECT number FROM t", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary, QueryId = "q1" });
        Assert.Equal(["broken", "up"], Hosts(servers, "SELECT"));
        Assert.Single(rows);

        servers.Requests.Clear();
        HttpRequestException error = await Assert.ThrowsAsync<HttpRequestException>(() => allBroken.QueryTextAsync("SELECT 1"));
        Assert.Equal(["broken", "down", "broken"], Hosts(servers, "SELECT"));
        Assert.Equal(HttpRequestError.ResponseEnded, error.HttpRequestError);
    }

    /// <summary>
    /// An error status with no ClickHouse error in it is the endpoint failing, not the server's verdict on the statement:
    /// ClickHouse 18.16 answers 500 with an empty body while it shuts down (seen while stopping it under load), a proxy
    /// answers 502 with a page of its own. A read moves past it; a ClickHouse error, and a statement that is not
    /// idempotent, do not.
    /// </summary>
    [Fact]
    public async Task An_error_status_without_a_ClickHouse_error_moves_a_read_and_a_ClickHouse_error_does_not()
    {
        FakeClickHouse servers = Servers(request => request.Message.RequestUri!.Host switch
        {
            "dying" => new HttpResponseMessage(HttpStatusCode.InternalServerError) { Content = new ByteArrayContent([]) },
            "proxy" => FakeClickHouse.Error(HttpStatusCode.BadGateway, "<html><body><h1>502 Bad Gateway</h1></body></html>"),
            "refusing" => FakeClickHouse.Error(HttpStatusCode.NotFound, "Code: 60. DB::Exception: Table default.t does not exist. (UNKNOWN_TABLE)", 60),
            _ => null,
        });
        using ClickHouseClient dying = Client(servers, ClickHouseEndpointStrategy.InOrder, "dying", "up");
        using ClickHouseClient proxy = Client(servers, ClickHouseEndpointStrategy.InOrder, "proxy", "up");
        using ClickHouseClient refusing = Client(servers, ClickHouseEndpointStrategy.InOrder, "refusing", "up");
        using ClickHouseClient dyingAlone = Client(servers, ClickHouseEndpointStrategy.InOrder, "dying");

        Assert.Equal("1", (await dying.QueryTextAsync("SELECT 1")).Trim());
        Assert.Equal("1", (await proxy.QueryTextAsync("SELECT 2")).Trim());
        Assert.Equal(["dying", "up"], Hosts(servers, "SELECT 1"));
        Assert.Equal(["proxy", "up"], Hosts(servers, "SELECT 2"));

        ClickHouseServerException verdict = await Assert.ThrowsAsync<ClickHouseServerException>(() => refusing.QueryTextAsync("SELECT 3"));
        Assert.Equal(60, verdict.Code);
        Assert.Equal(["refusing"], Hosts(servers, "SELECT 3"));

        ClickHouseServerException notMoved = await Assert.ThrowsAsync<ClickHouseServerException>(() => dying.ExecuteAsync("ALTER TABLE t DELETE WHERE 1"));
        Assert.Equal(HttpStatusCode.InternalServerError, notMoved.StatusCode);
        Assert.Equal(0, notMoved.Code);
        Assert.Equal(["dying"], Hosts(servers, "ALTER"));

        ClickHouseServerException alone = await Assert.ThrowsAsync<ClickHouseServerException>(() => dyingAlone.QueryTextAsync("SELECT 4"));
        Assert.Equal(HttpStatusCode.InternalServerError, alone.StatusCode);
        Assert.Contains("HTTP 500", alone.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_statement_that_is_not_idempotent_moves_only_when_its_connection_was_refused()
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient broken = Client(servers, ClickHouseEndpointStrategy.InOrder, "broken", "up");
        using ClickHouseClient refused = Client(servers, ClickHouseEndpointStrategy.InOrder, "down", "up");

        await Assert.ThrowsAsync<HttpRequestException>(() => broken.ExecuteAsync("INSERT INTO t SELECT number FROM numbers(10)"));
        // Its whole body went out before the connection broke: the server may have committed it (docs/insert-atomicity.md).
        ClickHousePartialInsertException partial = await Assert.ThrowsAsync<ClickHousePartialInsertException>(() => broken.InsertAsync("numbers", [new CountRow(1)]));
        Assert.IsType<HttpRequestException>(partial.InnerException);
        await Assert.ThrowsAsync<HttpRequestException>(() => broken.ExecuteAsync("ALTER TABLE t DELETE WHERE 1"));
        Assert.Equal(["broken"], Hosts(servers, "INSERT INTO t").Distinct());
        Assert.Equal(["broken"], Hosts(servers, "INSERT INTO `numbers`").Distinct());
        Assert.Equal(["broken"], Hosts(servers, "ALTER").Distinct());

        // Told it is idempotent, or by its own words (IF NOT EXISTS), it moves.
        await broken.ExecuteAsync("INSERT INTO t SELECT 1", new ClickHouseQueryOptions { Idempotent = true });
        await broken.ExecuteAsync("CREATE TABLE IF NOT EXISTS t (x UInt8) ENGINE = Memory");
        Assert.Equal(["broken", "up"], Hosts(servers, "INSERT INTO t SELECT 1"));
        Assert.Equal(["broken", "up"], Hosts(servers, "CREATE TABLE IF NOT EXISTS"));

        servers.Requests.Clear();
        await refused.ExecuteAsync("INSERT INTO t SELECT number FROM numbers(10)");
        await refused.InsertAsync("numbers", [new CountRow(1)]);
        Assert.Equal(["down", "up"], Hosts(servers, "INSERT INTO t"));
        Assert.Equal(["up"], Hosts(servers, "INSERT INTO `numbers`"));
    }

    [Fact]
    public async Task A_query_with_external_tables_moves_after_its_body_started_only_when_every_table_can_be_written_again()
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient client = Client(servers, ClickHouseEndpointStrategy.InOrder, "broken", "up");
        const string sql = "SELECT count() FROM numbers(10) WHERE number IN ids";

        await client.ExecuteAsync(sql, new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("ids", "id", new ulong[] { 1, 2, 3 }) } });
        Assert.Equal(["broken", "up"], servers.Requests.Where(r => r.BodyText.Contains(sql, StringComparison.Ordinal)).Select(r => r.Message.RequestUri!.Host));
        Assert.All(servers.Requests.Where(r => r.BodyText.Contains(sql, StringComparison.Ordinal)), r => Assert.Contains("\r\n--", r.BodyText));

        servers.Requests.Clear();
        int enumerated = 0;
        async IAsyncEnumerable<ulong> Streamed()
        {
            enumerated++;
            for (ulong id = 1; id <= 3; id++)
            {
                await Task.Yield();
                yield return id;
            }
        }
        await Assert.ThrowsAsync<HttpRequestException>(() => client.ExecuteAsync(sql,
            new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("ids", "id", Streamed()) } }));
        Assert.Equal(["broken"], servers.Requests.Where(r => r.BodyText.Contains(sql, StringComparison.Ordinal)).Select(r => r.Message.RequestUri!.Host));
        Assert.Equal(1, enumerated);
    }

    [Fact]
    public async Task Read_only_queries_ask_the_server_to_stop_them_when_the_client_goes_away_only_where_it_has_the_setting_and_runs_them_read_only()
    {
        // ClickHouse's HTTP handler watches the client's connection only for a query it runs with readonly > 0: a GET,
        // or a user whose profile says readonly (2 lets a request send settings; 1 refuses them). "new" has the setting
        // and readonly=2, "writable" has the setting and readonly=0 (a POST there is never watched), "old" lacks it.
        const string setting = "cancel_http_readonly_queries_on_client_close";
        var servers = new FakeClickHouse(async request =>
        {
            string query = request.Parameters.GetValueOrDefault("query") ?? request.BodyText;
            if (query.Contains("system.settings", StringComparison.Ordinal))
            {
                string answer = request.Message.RequestUri!.Host switch
                {
                    "new" => setting + "\t0\nreadonly\t2\n",
                    "writable" => setting + "\t0\nreadonly\t0\n",
                    _ => "readonly\t0\n",
                };
                return FakeClickHouse.Ok(Encoding.UTF8.GetBytes("max_insert_block_size\t1048576\n" + answer));
            }
            if (query.StartsWith("SELECT sleep", StringComparison.Ordinal))
            {
                await Task.Delay(Timeout.Infinite);
            }
            return FakeClickHouse.Ok(Encoding.UTF8.GetBytes("1\n"));
        });
        using ClickHouseClient toNew = Client(servers, ClickHouseEndpointStrategy.InOrder, "new");
        using ClickHouseClient toOld = Client(servers, ClickHouseEndpointStrategy.InOrder, "old");
        using ClickHouseClient toWritable = Client(servers, ClickHouseEndpointStrategy.InOrder, "writable");

        // No query was abandoned yet: no question, no setting.
        await toNew.ExecuteAsync("SELECT 1");
        Assert.DoesNotContain(servers.Requests, r => r.BodyText.Contains("system.settings", StringComparison.Ordinal) || r.Parameters.ContainsKey(setting));

        // A cancelled query is killed, and the endpoint's settings are asked along with the kill.
        foreach (ClickHouseClient client in new[] { toNew, toOld, toWritable })
        {
            using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(100));
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.ExecuteAsync("SELECT sleep(3)", null, cancel.Token));
        }
        var deadline = Stopwatch.StartNew();
        while (servers.Requests.Count(r => r.BodyText.Contains("system.settings", StringComparison.Ordinal)) < 3 && deadline.Elapsed < Patience)
        {
            await Task.Delay(20);
        }
        string? sent = null;
        while (sent is null && deadline.Elapsed < Patience)
        {
            await toNew.ExecuteAsync("SELECT 2");
            sent = servers.Requests.Last(r => r.BodyText == "SELECT 2").Parameters.GetValueOrDefault(setting);
        }
        Assert.Equal("1", sent);
        await toOld.ExecuteAsync("SELECT 3");
        for (int i = 0; i < 5; i++)
        {
            await toWritable.ExecuteAsync("SELECT 4");
            await Task.Delay(20);
        }
        await toNew.ExecuteAsync("ALTER TABLE t DELETE WHERE 1");

        Assert.Single(servers.Requests, r => r.BodyText.Contains("system.settings", StringComparison.Ordinal) && r.Message.RequestUri!.Host == "new");
        Assert.DoesNotContain(servers.Requests, r => r.Message.RequestUri!.Host == "old" && r.Parameters.ContainsKey(setting));
        Assert.Single(servers.Requests, r => r.BodyText.Contains("system.settings", StringComparison.Ordinal) && r.Message.RequestUri!.Host == "writable");
        Assert.DoesNotContain(servers.Requests, r => r.Message.RequestUri!.Host == "writable" && r.Parameters.ContainsKey(setting));
        Assert.DoesNotContain(servers.Requests, r => r.BodyText.StartsWith("ALTER", StringComparison.Ordinal) && r.Parameters.ContainsKey(setting));
    }

    [Theory]
    [InlineData("SELECT 1", true)]
    [InlineData("  -- a comment\n with x AS (SELECT 1) SELECT * FROM x", true)]
    [InlineData("SHOW TABLES", true)]
    [InlineData("create table if not exists t (x UInt8) ENGINE = Memory", true)]
    [InlineData("CREATE TABLE t AS SELECT 1 AS `IF NOT EXISTS`", false)]
    [InlineData("DROP TABLE IF EXISTS t", true)]
    [InlineData("DROP TABLE t", false)]
    [InlineData("INSERT INTO t VALUES (1)", false)]
    [InlineData("ALTER TABLE t DELETE WHERE 1", false)]
    [InlineData("OPTIMIZE TABLE t FINAL", false)]
    public async Task Statements_that_only_read_or_say_IF_EXISTS_move_after_a_broken_connection_and_others_do_not(string sql, bool idempotent)
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient client = Client(servers, ClickHouseEndpointStrategy.InOrder, "broken", "up");

        Exception? failure = await Record.ExceptionAsync(() => client.ExecuteAsync(sql));

        Assert.Equal(idempotent ? ["broken", "up"] : ["broken"], servers.Requests.Select(r => r.Message.RequestUri!.Host));
        Assert.Equal(idempotent, failure is null);
    }

    [Fact]
    public async Task A_result_left_before_its_end_is_killed_on_its_own_endpoint_and_a_result_read_to_its_end_is_not()
    {
        byte[] manyRows = new byte[1024 * 1024];
        FakeClickHouse servers = Servers(request => request.BodyText.StartsWith("KILL", StringComparison.Ordinal)
            ? FakeClickHouse.Ok([])
            : FakeClickHouse.Ok(manyRows));
        using ClickHouseClient client = Client(servers, ClickHouseEndpointStrategy.RoundRobin, "a", "b");

        List<CountRow> all = await client.QueryListAsync<CountRow>("SELECT number FROM t", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary });
        await foreach (CountRow row in client.QueryAsync<CountRow>("SELECT number FROM t", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary, QueryId = "left" }))
        {
            break;
        }

        Assert.Equal(manyRows.Length / 8, all.Count);
        RecordedRequest kill = await WaitForAsync(servers, r => r.BodyText.StartsWith("KILL", StringComparison.Ordinal));
        Assert.Equal("KILL QUERY WHERE query_id = 'left' ASYNC", kill.BodyText);
        Assert.Equal("b", kill.Message.RequestUri!.Host);
        await Task.Delay(200);
        Assert.Single(servers.Requests.ToArray(), r => r.BodyText.StartsWith("KILL", StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_down_endpoint_is_probed_with_ping_and_takes_requests_again_once_it_answers()
    {
        bool refusing = true;
        var servers = new FakeClickHouse(request => request.Message.RequestUri!.Host == "flaky" && Volatile.Read(ref refusing)
            ? throw new HttpRequestException(HttpRequestError.ConnectionError, "Connection refused (flaky:8123)")
            : FakeClickHouse.Ok(Encoding.UTF8.GetBytes("Ok.\n")));
        using ClickHouseClient client = Client(servers, ClickHouseEndpointStrategy.InOrder, "flaky", "steady");

        int up = 0;
        using var metering = new System.Diagnostics.Metrics.MeterListener
        {
            InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName && instrument.Name == "clickhouse.client.endpoints.up")
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            },
        };
        metering.SetMeasurementEventCallback<long>((_, _, tags, _) =>
        {
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                if (tag.Key == "server.address" && (tag.Value as string) == "flaky")
                {
                    Interlocked.Increment(ref up);
                }
            }
        });
        metering.Start();

        await client.ExecuteAsync("SELECT 1");
        Volatile.Write(ref refusing, false);
        RecordedRequest probe = await WaitForAsync(servers, r => r.Message.Method == HttpMethod.Get && r.Message.RequestUri!.Host == "flaky");
        // The probe is recorded before its answer reaches the client: wait until the endpoint is counted up again.
        var waited = Stopwatch.StartNew();
        while (Volatile.Read(ref up) == 0)
        {
            Assert.True(waited.Elapsed < Patience, "the endpoint was never counted up after its probe answered");
            await Task.Delay(20);
        }
        await client.ExecuteAsync("SELECT 2");

        Assert.Equal("/ping", probe.Message.RequestUri!.AbsolutePath);
        Assert.Equal(["flaky", "steady"], Hosts(servers, "SELECT 1"));
        Assert.Equal(["flaky"], Hosts(servers, "SELECT 2"));
    }

    [Fact]
    public async Task Each_attempt_is_a_span_naming_its_endpoint_and_failover_down_up_and_kills_are_counted()
    {
        var spans = new List<Activity>();
        var measured = new List<(string Instrument, long Value, Dictionary<string, object?> Tags)>();
        using var tracing = new ActivityListener
        {
            ShouldListenTo = source => source.Name == ClickHouseDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllData,
            ActivityStopped = span => { lock (spans) { spans.Add(span); } },
        };
        ActivitySource.AddActivityListener(tracing);
        using var metering = new System.Diagnostics.Metrics.MeterListener
        {
            InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName && instrument.Name.StartsWith("clickhouse.client.", StringComparison.Ordinal))
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            },
        };
        metering.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
        {
            var copy = new Dictionary<string, object?>();
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                copy[tag.Key] = tag.Value;
            }
            lock (measured)
            {
                measured.Add((instrument.Name, value, copy));
            }
        });
        metering.Start();
        bool refusing = true;
        var servers = new FakeClickHouse(request => request.Message.RequestUri!.Host == "gone" && Volatile.Read(ref refusing)
            ? throw new HttpRequestException(HttpRequestError.ConnectionError, "Connection refused (gone:8123)")
            : FakeClickHouse.Ok(new byte[1024 * 1024]));
        using ClickHouseClient client = Client(servers, ClickHouseEndpointStrategy.InOrder, "gone", "here");
        string queryId = $"counted-{Guid.NewGuid():N}";

        await foreach (CountRow row in client.QueryAsync<CountRow>("SELECT number FROM t", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary, QueryId = queryId }))
        {
            break;
        }
        Volatile.Write(ref refusing, false);
        await WaitForAsync(servers, r => r.BodyText.StartsWith("KILL", StringComparison.Ordinal));
        await WaitForAsync(servers, r => r.Message.RequestUri!.AbsolutePath == "/ping");
        var waited = Stopwatch.StartNew();
        // The endpoint's return is counted up, then no longer unavailable: wait for the second too.
        while (!Measured("clickhouse.client.endpoints.up", "gone").Any() || Measured("clickhouse.client.endpoints.unavailable", "gone").Count() < 2
            || !Measured("clickhouse.client.queries.killed", "here").Any())
        {
            Assert.True(waited.Elapsed < Patience, "the endpoint never came back, or the kill was never counted");
            await Task.Delay(20);
        }

        Activity[] attempts;
        lock (spans)
        {
            attempts = [.. spans.Where(s => (s.GetTagItem("clickhouse.query_id") as string) == queryId)];
        }
        Assert.Equal(["gone", "here"], attempts.Select(a => a.GetTagItem("server.address")));
        Assert.Equal(ActivityStatusCode.Error, attempts[0].Status);
        Assert.Equal("ConnectionError", Assert.Single(Measured("clickhouse.client.failovers", "gone")).Tags["error.type"]);
        Assert.Single(Measured("clickhouse.client.endpoints.down", "gone"));
        Assert.Equal([1L, -1L], Measured("clickhouse.client.endpoints.unavailable", "gone").Select(m => m.Value));
        Assert.Equal("sent", Assert.Single(Measured("clickhouse.client.queries.killed", "here")).Tags["outcome"]);

        IEnumerable<(string Instrument, long Value, Dictionary<string, object?> Tags)> Measured(string instrument, string host)
        {
            lock (measured)
            {
                return [.. measured.Where(m => m.Instrument == instrument && (m.Tags.GetValueOrDefault("server.address") as string) == host)];
            }
        }
    }

    private static async Task<RecordedRequest> WaitForAsync(FakeClickHouse servers, Func<RecordedRequest, bool> match)
    {
        var waited = Stopwatch.StartNew();
        while (true)
        {
            RecordedRequest[] requests;
            lock (servers.Requests)
            {
                requests = [.. servers.Requests];
            }
            if (requests.FirstOrDefault(match) is { } found)
            {
                return found;
            }
            Assert.True(waited.Elapsed < Patience, "the request never came");
            await Task.Delay(20);
        }
    }
}
