using System.Net;
using ClickHouse.RowBinary.DependencyInjection;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace ClickHouse.RowBinary.IntegrationTests.DependencyInjection;

/// <summary>What the companion logs, and at which level: what a user can act on above Debug, never a password.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class RequestLogTests(ClickHouseServerFixture server)
{
    [Fact]
    public async Task Requests_at_Debug_an_old_servers_format_probe_too_INSERT_attempts_at_Information_other_failures_at_Warning()
    {
        var logs = new CollectingLogger();
        int inserts = 0;
        byte[] oneRow = Tables.RowBinaryOf([EventRow.Numbered(7)]);
        var fake = new FakeClickHouse(request => request switch
        {
            _ when BatchRequests.IsInsert(request) => Interlocked.Increment(ref inserts) == 1 ? BatchRequests.ServerError(252) : FakeClickHouse.Ok([]),
            _ when request.BodyText.Contains("missing", StringComparison.Ordinal)
                => FakeClickHouse.Error(HttpStatusCode.NotFound, "Code: 60. DB::Exception: Table default.missing does not exist.", 60),
            // An 18.16 server: it does not know the format a typed query asks for first.
            _ when request.BodyText.EndsWith("FORMAT RowBinaryWithNamesAndTypes", StringComparison.Ordinal)
                => FakeClickHouse.Error(HttpStatusCode.InternalServerError, "Code: 73, e.displayText() = DB::Exception: Unknown format RowBinaryWithNamesAndTypes", 73),
            _ when request.BodyText.EndsWith("FORMAT RowBinary", StringComparison.Ordinal) => FakeClickHouse.Ok(oneRow),
            _ => FakeClickHouse.Ok("0\n"u8.ToArray()),
        }).Describing<EventRow>();
        var services = new ServiceCollection();
        services.AddLogging(logging => logging.SetMinimumLevel(LogLevel.Debug).AddProvider(logs));
        services.AddClickHouseClient(options => { options.Endpoint = new Uri("http://fake-clickhouse:8123/"); options.Password = "s3cret-password"; options.WireFormat = ClickHouseWireFormat.RowBinary; })
            .ConfigurePrimaryHttpMessageHandler(() => fake);
        services.AddClickHouseBatchInserter<EventRow>("events", options => { options.MaxRows = 1; options.RetryDelay = TimeSpan.FromMilliseconds(1); });
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            ClickHouseClient client = provider.GetRequiredService<ClickHouseClient>();
            await client.QueryTextAsync("SELECT 1");
            await Assert.ThrowsAsync<ClickHouseServerException>(() => client.QueryTextAsync("SELECT * FROM missing"));
            Assert.Single(await client.QueryListAsync<EventRow>("SELECT id, name, code FROM events"));
            await provider.GetRequiredService<ClickHouseBatchInserter<EventRow>>().InsertAsync(EventRow.Numbered(1));
        }

        List<(LogLevel Level, string Message)> entries = logs.Library();
        Assert.Contains(entries, e => e.Level == LogLevel.Debug && e.Message.StartsWith("ClickHouse SELECT on fake-clickhouse:8123 took", StringComparison.Ordinal));
        Assert.Contains(entries, e => e.Level == LogLevel.Debug
            && e.Message.StartsWith("ClickHouse SELECT on fake-clickhouse:8123: the server refused the format (ClickHouse error 73", StringComparison.Ordinal)
            && e.Message.Contains("asking again as RowBinary", StringComparison.Ordinal));
        Assert.Contains(entries, e => e.Level == LogLevel.Information
            && e.Message.StartsWith("ClickHouse INSERT events: attempt 1 with a batch of 1 rows on fake-clickhouse:8123 failed after", StringComparison.Ordinal)
            && e.Message.Contains("with 252", StringComparison.Ordinal));
        Assert.Contains(entries, e => e.Level == LogLevel.Information
            && e.Message.StartsWith("ClickHouse INSERT events: attempt 2 with a batch of 1 rows on fake-clickhouse:8123 succeeded", StringComparison.Ordinal));
        // The one failure the caller did not ask for and the client did not expect.
        (LogLevel _, string warning) = Assert.Single(entries, e => e.Level >= LogLevel.Warning);
        Assert.StartsWith("ClickHouse SELECT on fake-clickhouse:8123 failed after", warning, StringComparison.Ordinal);
        Assert.Contains("with 60", warning, StringComparison.Ordinal);
        Assert.DoesNotContain(logs.Entries, e => e.Message.Contains("s3cret-password", StringComparison.Ordinal) || e.Message.Contains("X-ClickHouse-Key", StringComparison.OrdinalIgnoreCase));
    }

    [ServerFact]
    public async Task A_query_its_caller_cancels_and_an_old_servers_format_probe_are_not_warnings_and_the_kill_that_stops_it_is_one()
    {
        var logs = new CollectingLogger();
        ServiceCollection services = LoggedClient(logs, TestServer.Endpoint);
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            ClickHouseClient client = provider.GetRequiredService<ClickHouseClient>();
            // RowBinary: its format probe on an old server is what this test looks at.
            Assert.Equal(3, (await client.QueryListAsync<Rows.NumberRow>("SELECT number, toUInt8(0) AS thrown FROM system.numbers LIMIT 3",
                new ClickHouseQueryOptions { WireFormat = ClickHouseWireFormat.RowBinary })).Count);
            using var cancellation = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.QueryTextAsync("SELECT sleep(3)", cancellation.Token));
            var waited = System.Diagnostics.Stopwatch.StartNew();
            while (!logs.Library().Any(e => e.Message.StartsWith("ClickHouse query cancelled", StringComparison.Ordinal)) && waited.Elapsed < TimeSpan.FromSeconds(10))
            {
                await Task.Delay(20);
            }
        }

        List<(LogLevel Level, string Message)> entries = logs.Library();
        string server = $"{TestServer.Endpoint.Host}:{TestServer.Endpoint.Port}";
        // The one Warning: the query the caller left is stopped on its server, which would otherwise run it to its end.
        (LogLevel _, string kill) = Assert.Single(entries, e => e.Level >= LogLevel.Warning);
        Assert.Equal($"ClickHouse query cancelled or left unread by its caller on {server}: KILL QUERY sent (the server runs an HTTP query to its end unless killed)", kill);
        Assert.Contains(entries, e => e.Level == LogLevel.Debug && e.Message.StartsWith($"ClickHouse SELECT on {server} was cancelled by its caller", StringComparison.Ordinal));
        if (TestServer.Version < new Version(19, 0))
        {
            Assert.Contains(entries, e => e.Level == LogLevel.Debug && e.Message.StartsWith($"ClickHouse SELECT on {server}: the server refused the format", StringComparison.Ordinal));
        }
    }

    [ServerFact]
    public async Task An_endpoint_that_refuses_connections_is_one_Warning_each_INSERT_attempt_is_logged_and_its_return_one_Warning()
    {
        await using var proxy = new FaultProxy(TestServer.Endpoint, seed: 23);
        const string table = "logged_failover";
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));
        var logs = new CollectingLogger();
        ServiceCollection services = LoggedClient(logs, proxy.Endpoint, server.Database);
        services.AddClickHouseBatchInserter<EventRow>(table, options =>
        {
            options.MaxDelay = TimeSpan.FromMilliseconds(10);
            options.RetryDelay = TimeSpan.FromMilliseconds(50);
            options.MaxRetryDelay = TimeSpan.FromMilliseconds(200);
            options.MaxRetries = 100; // the default's last retries pass within about a second of the third: too close for a loaded machine
        });
        string endpoint = $"127.0.0.1:{proxy.Port}";
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            proxy.SetRefusing(true);
            Task inserted = provider.GetRequiredService<ClickHouseBatchInserter<EventRow>>().InsertAsync([EventRow.Numbered(1), EventRow.Numbered(2)]);
            var waited = System.Diagnostics.Stopwatch.StartNew();
            while (logs.Library().Count(e => e.Message.Contains(": attempt ", StringComparison.Ordinal)) < 3)
            {
                Assert.True(waited.Elapsed < TimeSpan.FromSeconds(30), "no three INSERT attempts logged within 30 s:" + Environment.NewLine + string.Join(Environment.NewLine, logs.Library()));
                await Task.Delay(20);
            }
            proxy.SetRefusing(false);
            await inserted.WaitAsync(TimeSpan.FromMinutes(1));
        }

        List<(LogLevel Level, string Message)> entries = logs.Library();
        List<string> failedAttempts = [.. entries.Where(e => e.Level == LogLevel.Information && e.Message.Contains(" failed after ", StringComparison.Ordinal)).Select(e => e.Message)];
        Assert.True(failedAttempts.Count >= 3, string.Join(Environment.NewLine, entries));
        for (int i = 0; i < failedAttempts.Count; i++)
        {
            Assert.StartsWith($"ClickHouse INSERT {table}: attempt {i + 1} with a batch of 2 rows on {endpoint} failed after", failedAttempts[i], StringComparison.Ordinal);
            Assert.Contains("with ConnectionError: Cannot reach ClickHouse", failedAttempts[i], StringComparison.Ordinal);
        }
        List<string> warnings = [.. entries.Where(e => e.Level >= LogLevel.Warning && e.Message.Contains(endpoint, StringComparison.Ordinal)).Select(e => e.Message)];
        Assert.Equal(2, warnings.Count);
        Assert.StartsWith($"ClickHouse endpoint {endpoint} cannot be reached (ConnectionError: Cannot reach ClickHouse", warnings[0], StringComparison.Ordinal);
        Assert.StartsWith($"ClickHouse endpoint {endpoint} answers again, after", warnings[1], StringComparison.Ordinal);
        Assert.Single(entries, e => e.Level == LogLevel.Information
            && e.Message.StartsWith($"ClickHouse INSERT {table}: attempt {failedAttempts.Count + 1} with a batch of 2 rows on {endpoint} succeeded", StringComparison.Ordinal));
        Assert.Equal("2", (await server.Client.QueryTextAsync($"SELECT count() FROM `{server.Database}`.`{table}`")).Trim());
    }

    [ServerFact]
    public async Task A_query_moved_to_another_endpoint_is_one_Warning_naming_the_endpoint_it_left()
    {
        await using var cutting = new FaultProxy(TestServer.Endpoint, seed: 29) { CutResponsesAfterBodyBytes = 0 };
        var logs = new CollectingLogger();
        ServiceCollection services = LoggedClient(logs, cutting.Endpoint, server.Database);
        services.Configure<ClickHouseClientOptions>(options =>
        {
            options.Endpoints.Add(cutting.Endpoint);
            options.Endpoints.Add(TestServer.Endpoint);
            options.EndpointStrategy = ClickHouseEndpointStrategy.InOrder;
        });
        var numbers = new List<ulong>();
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            await foreach (Rows.CountRow row in provider.GetRequiredService<ClickHouseClient>().QueryAsync<Rows.CountRow>(
                "SELECT number FROM system.numbers LIMIT 3", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary }))
            {
                numbers.Add(row.Number);
            }
        }

        Assert.Equal([0UL, 1UL, 2UL], numbers);
        string moved = Assert.Single(logs.Library(), e => e.Level == LogLevel.Warning && e.Message.Contains("it goes to another endpoint", StringComparison.Ordinal)).Message;
        Assert.StartsWith($"ClickHouse SELECT on 127.0.0.1:{cutting.Port} failed with ", moved, StringComparison.Ordinal);
    }

    /// <summary>Services with every log level collected and a client of the test server's user at <paramref name="endpoint"/>.</summary>
    private static ServiceCollection LoggedClient(CollectingLogger logs, Uri endpoint, string? database = null)
    {
        var services = new ServiceCollection();
        services.AddLogging(logging => logging.SetMinimumLevel(LogLevel.Debug).AddProvider(logs));
        services.AddClickHouseClient(options =>
        {
            options.Endpoint = endpoint;
            options.User = TestServer.User;
            options.Password = TestServer.Password;
            options.Database = database;
        });
        return services;
    }
}
