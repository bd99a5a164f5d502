using ClickHouse.RowBinary.DependencyInjection;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace ClickHouse.RowBinary.IntegrationTests.DependencyInjection;

/// <summary>The companion package: the client and batch inserters registered in a host, options from configuration.</summary>
public sealed class ServiceCollectionTests
{
    private static IConfiguration Configuration(params (string Key, string Value)[] values)
        => new ConfigurationBuilder().AddInMemoryCollection(values.Select(v => new KeyValuePair<string, string?>(v.Key, v.Value))).Build();

    [Fact]
    public async Task The_client_takes_its_options_from_configuration_and_its_HttpClient_from_the_factory()
    {
        IConfiguration configuration = Configuration(
            ("ClickHouse:Endpoints:0", "http://replica-1:8123"), ("ClickHouse:Endpoints:1", "http://replica-2:8123"),
            ("ClickHouse:User", "writer"), ("ClickHouse:Password", "s3cret"), ("ClickHouse:Database", "analytics"),
            ("ClickHouse:Settings:max_threads", "4"), ("ClickHouse:Timeout", "00:00:42"));
        FakeClickHouse fake = new(_ => FakeClickHouse.Ok("1\n"u8.ToArray()));
        var services = new ServiceCollection();
        services.AddClickHouseClient(configuration.GetSection("ClickHouse")).ConfigurePrimaryHttpMessageHandler(() => fake);
        await using ServiceProvider provider = services.BuildServiceProvider();

        ClickHouseClient client = provider.GetRequiredService<ClickHouseClient>();
        Assert.Same(client, provider.GetRequiredService<ClickHouseClient>());
        Assert.Equal([new Uri("http://replica-1:8123/"), new Uri("http://replica-2:8123/")], client.Endpoints);
        Assert.Equal("1", (await client.QueryTextAsync("SELECT 1")).Trim());

        RecordedRequest request = Assert.Single(fake.Requests);
        Assert.Equal("replica-1", request.Message.RequestUri!.Host);
        Assert.Equal("writer", request.Message.Headers.GetValues("X-ClickHouse-User").Single());
        Assert.Equal("s3cret", request.Message.Headers.GetValues("X-ClickHouse-Key").Single());
        Assert.Equal("analytics", request.Parameters["database"]);
        Assert.Equal("4", request.Parameters["max_threads"]);
    }

    [Fact]
    public void A_configuration_value_that_does_not_parse_is_an_error_naming_its_key()
    {
        var services = new ServiceCollection();
        services.AddClickHouseClient(Configuration(("ClickHouse:ResponseCompression", "zip")).GetSection("ClickHouse"));
        using ServiceProvider provider = services.BuildServiceProvider();

        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => provider.GetRequiredService<ClickHouseClient>());
        Assert.Contains("ClickHouse:ResponseCompression", error.Message, StringComparison.Ordinal);
        Assert.Contains("GZip", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_wire_format_comes_from_configuration_and_a_name_it_lacks_is_an_error_naming_the_key()
    {
        FakeClickHouse fake = new(_ => FakeClickHouse.Ok(Bodies.Native([new Rows.NumberRow(7, 0)])));
        var services = new ServiceCollection();
        services.AddClickHouseClient(Configuration(("ClickHouse:WireFormat", "native")).GetSection("ClickHouse")).ConfigurePrimaryHttpMessageHandler(() => fake);
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            List<Rows.NumberRow> rows = await provider.GetRequiredService<ClickHouseClient>().QueryListAsync<Rows.NumberRow>("SELECT number, thrown FROM t");

            Assert.Equal([new Rows.NumberRow(7, 0)], rows);
            Assert.EndsWith("FORMAT Native", Assert.Single(fake.Requests).BodyText, StringComparison.Ordinal);
        }

        var wrong = new ServiceCollection();
        wrong.AddClickHouseClient(Configuration(("ClickHouse:WireFormat", "Columnar")).GetSection("ClickHouse"));
        using ServiceProvider failing = wrong.BuildServiceProvider();
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => failing.GetRequiredService<ClickHouseClient>());
        Assert.Contains("ClickHouse:WireFormat", error.Message, StringComparison.Ordinal);
        Assert.Contains("RowBinary, Native", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_registered_batch_inserter_sends_what_it_accepted_when_the_host_stops()
    {
        FakeClickHouse fake = BatchRequests.Server(BatchRequests.Acknowledge);
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services.AddClickHouseClient(options => options.Endpoint = new Uri("http://fake-clickhouse:8123/"))
            .ConfigurePrimaryHttpMessageHandler(() => fake);
        builder.Services.AddClickHouseBatchInserter<EventRow>("events", options => options.MaxDelay = TimeSpan.FromHours(1));
        using IHost host = builder.Build();
        await host.StartAsync();

        ClickHouseBatchInserter<EventRow> inserter = host.Services.GetRequiredService<ClickHouseBatchInserter<EventRow>>();
        Task inserted = inserter.InsertAsync(EventRow.Numbered(42));
        Assert.Empty(BatchRequests.Inserts(fake));
        await host.StopAsync();

        Assert.True(inserted.IsCompletedSuccessfully);
        Assert.Equal([42u], BatchRequests.Rows(Assert.Single(BatchRequests.Inserts(fake))).Select(r => r.Id));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => inserter.InsertAsync(EventRow.Numbered(43)));
    }

    [Fact]
    public async Task Two_tables_of_one_row_type_get_an_inserter_each_and_each_is_drained_when_the_host_stops()
    {
        FakeClickHouse fake = BatchRequests.Server(BatchRequests.Acknowledge);
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services.AddClickHouseClient(options => options.Endpoint = new Uri("http://fake-clickhouse:8123/"))
            .ConfigurePrimaryHttpMessageHandler(() => fake);
        builder.Services.AddClickHouseBatchInserter<EventRow>("events_a", options => options.MaxDelay = TimeSpan.FromHours(1));
        builder.Services.AddClickHouseBatchInserter<EventRow>("events_b", options => options.MaxDelay = TimeSpan.FromHours(1));
        InvalidOperationException twice = Assert.Throws<InvalidOperationException>(() => builder.Services.AddClickHouseBatchInserter<EventRow>("events_a"));
        Assert.Contains("'events_a'", twice.Message, StringComparison.Ordinal);
        using IHost host = builder.Build();
        await host.StartAsync();

        ClickHouseBatchInserter<EventRow> a = host.Services.GetRequiredKeyedService<ClickHouseBatchInserter<EventRow>>("events_a");
        ClickHouseBatchInserter<EventRow> b = host.Services.GetRequiredKeyedService<ClickHouseBatchInserter<EventRow>>("events_b");
        Assert.Equal(("events_a", "events_b"), (a.Table, b.Table));
        InvalidOperationException which = Assert.Throws<InvalidOperationException>(() => host.Services.GetRequiredService<ClickHouseBatchInserter<EventRow>>());
        Assert.Contains("'events_a', 'events_b'", which.Message, StringComparison.Ordinal);
        Task intoA = a.InsertAsync(EventRow.Numbered(1));
        Task intoB = b.InsertAsync(EventRow.Numbered(2));
        await host.StopAsync();

        Assert.True(intoA.IsCompletedSuccessfully && intoB.IsCompletedSuccessfully, "an inserter was not drained when the host stopped");
        Dictionary<string, uint> landed = BatchRequests.Inserts(fake).ToDictionary(r => r.Parameters["query"].Split('`')[1], r => Assert.Single(BatchRequests.Rows(r)).Id);
        Assert.Equal(new Dictionary<string, uint> { ["events_a"] = 1, ["events_b"] = 2 }, landed);
    }

    [Fact]
    public async Task At_the_hosts_shutdown_timeout_rows_not_acknowledged_fail_and_the_host_stops()
    {
        FakeClickHouse fake = BatchRequests.Server(async _ =>
        {
            await Task.Delay(Timeout.Infinite); // an endpoint that never answers
            return FakeClickHouse.Ok([]);
        });
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services.Configure<HostOptions>(options => options.ShutdownTimeout = TimeSpan.FromSeconds(1));
        builder.Services.AddClickHouseClient(options => options.Endpoint = new Uri("http://fake-clickhouse:8123/"))
            .ConfigurePrimaryHttpMessageHandler(() => fake);
        builder.Services.AddClickHouseBatchInserter<EventRow>("events", options =>
        {
            options.MaxRows = 1;
            options.ShutdownTimeout = Timeout.InfiniteTimeSpan; // the host's timeout decides
        });
        using IHost host = builder.Build();
        await host.StartAsync();
        Task inserted = host.Services.GetRequiredService<ClickHouseBatchInserter<EventRow>>().InsertAsync(EventRow.Numbered(1));
        while (BatchRequests.Inserts(fake).Count == 0)
        {
            await Task.Delay(10);
        }

        var stopping = System.Diagnostics.Stopwatch.StartNew();
        await host.StopAsync().WaitAsync(TimeSpan.FromSeconds(20));

        Assert.InRange(stopping.Elapsed, TimeSpan.FromSeconds(0.5), TimeSpan.FromSeconds(10));
        ClickHouseInsertUnacknowledgedException error = await Assert.ThrowsAsync<ClickHouseInsertUnacknowledgedException>(() => inserted.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.True(error.MayHaveBeenInserted);
    }

    [Fact]
    public async Task A_server_whose_settings_may_not_be_read_is_logged_once_at_Warning_and_every_row_lands()
    {
        var logs = new CollectingLogger();
        string host = $"no-settings-{Guid.NewGuid():N}";
        var fake = new FakeClickHouse(request => BatchRequests.IsInsert(request)
            ? FakeClickHouse.Ok([])
            : FakeClickHouse.Error(System.Net.HttpStatusCode.InternalServerError, "Code: 497. DB::Exception: writer: Not enough privileges.", 497))
            .Describing<EventRow>();
        var services = new ServiceCollection();
        services.AddLogging(logging => logging.SetMinimumLevel(LogLevel.Debug).AddProvider(logs));
        services.AddClickHouseClient(options => options.Endpoint = new Uri($"http://{host}:8123/")).ConfigurePrimaryHttpMessageHandler(() => fake);
        services.AddClickHouseBatchInserter<EventRow>("events", options => options.MaxRows = 1);
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            ClickHouseBatchInserter<EventRow> inserter = provider.GetRequiredService<ClickHouseBatchInserter<EventRow>>();
            await Task.WhenAll(Enumerable.Range(1, 4).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))).WaitAsync(TimeSpan.FromSeconds(20));
        }

        Assert.Equal(4, BatchRequests.Inserts(fake).Count);
        (LogLevel Level, string Message) entry = Assert.Single(logs.Entries.Where(e => e.Message.Contains(host, StringComparison.Ordinal) && e.Message.Contains("insert_deduplication_token", StringComparison.Ordinal))
            .Select(e => (e.Level, e.Message)));
        Assert.Equal(LogLevel.Warning, entry.Level);
    }
}
