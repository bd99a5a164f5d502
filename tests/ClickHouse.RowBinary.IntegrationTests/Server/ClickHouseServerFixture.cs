namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// The server the integration tests share (<see cref="TestServer"/> chooses and starts it), with a database of its own
/// for this test run (dropped at the end), and a client whose default database it is.
/// </summary>
public sealed class ClickHouseServerFixture : IAsyncLifetime
{
    public string Database { get; } = $"rowbinary_it_{DateTime.UtcNow:yyyyMMddHHmmss}_{Random.Shared.Next(100_000):D5}";

    public ClickHouseClient Client { get; private set; } = null!;

    public Version Version { get; private set; } = new(0, 0);

    public ClickHouseClient CreateClient(Action<ClickHouseClientOptions>? configure = null)
    {
        ClickHouseClientOptions options = TestServer.CreateOptions(Database);
        configure?.Invoke(options);
        return new ClickHouseClient(options);
    }

    /// <summary>A client of <paramref name="endpoints"/> alone (fault proxies in front of this server), tried in that order.</summary>
    public ClickHouseClient CreateClientInOrder(params Uri[] endpoints)
        => CreateClient(o =>
        {
            o.Endpoints.Clear();
            foreach (Uri endpoint in endpoints)
            {
                o.Endpoints.Add(endpoint);
            }
            o.EndpointStrategy = ClickHouseEndpointStrategy.InOrder;
        });

    /// <summary>
    /// Options for a CREATE TABLE with LowCardinality columns: 18.x needs allow_experimental_low_cardinality_type,
    /// later servers allow_suspicious_low_cardinality_types for small element types. Each is sent only where the
    /// server has it (servers refuse settings they lack with code 115), so no test relies on a server profile.
    /// </summary>
    public async Task<ClickHouseQueryOptions> LowCardinalityTableOptionsAsync()
    {
        string known = await Client.QueryTextAsync(
            "SELECT name FROM system.settings WHERE name IN ('allow_experimental_low_cardinality_type', 'allow_suspicious_low_cardinality_types') FORMAT TabSeparated");
        var options = new ClickHouseQueryOptions();
        foreach (string name in known.Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            options.Settings[name] = "1";
        }
        return options;
    }

    /// <summary>
    /// Waits until the server no longer runs the query: a client that gave up on a request does not stop the server's
    /// work on it, and only once that has ended is the table's row count final.
    /// </summary>
    public async Task WaitUntilQueryEndsAsync(string queryId)
    {
        var patience = System.Diagnostics.Stopwatch.StartNew();
        while ((await Client.QueryTextAsync($"SELECT count() FROM system.processes WHERE query_id = '{queryId}'")).Trim() != "0")
        {
            Assert.True(patience.Elapsed < TimeSpan.FromSeconds(60), $"the server still runs {queryId} a minute after the client gave up");
            await Task.Delay(50);
        }
    }

    public async Task InitializeAsync()
    {
        if (TestServer.SkipReason is not null)
        {
            return; // every test is skipped
        }
        using (var setup = new ClickHouseClient(TestServer.CreateOptions()))
        {
            Version = Version.Parse(await setup.GetServerVersionAsync());
            await setup.ExecuteAsync($"CREATE DATABASE IF NOT EXISTS {ClickHouseIdentifier.Quote(Database)}");
        }
        Client = CreateClient();
    }

    public async Task DisposeAsync()
    {
        if (Client is not null)
        {
            await Client.ExecuteAsync($"DROP DATABASE IF EXISTS {ClickHouseIdentifier.Quote(Database)}");
            Client.Dispose();
        }
    }
}

[CollectionDefinition(Name)]
public sealed class ClickHouseServerCollection : ICollectionFixture<ClickHouseServerFixture>
{
    public const string Name = "ClickHouse server";
}
