using ClickHouse.RowBinary.DependencyInjection;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

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
        Assert.Same(client, provider.GetRequiredService<IClickHouseClient>());
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
        Assert.Same(inserter, host.Services.GetRequiredService<IClickHouseBatchInserter<EventRow>>());
        Task inserted = inserter.InsertAsync(EventRow.Numbered(42));
        Assert.Empty(BatchRequests.Inserts(fake));
        await host.StopAsync();

        Assert.True(inserted.IsCompletedSuccessfully);
        Assert.Equal([42u], BatchRequests.Rows(Assert.Single(BatchRequests.Inserts(fake))).Select(r => r.Id));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => inserter.InsertAsync(EventRow.Numbered(43)));
    }
}
