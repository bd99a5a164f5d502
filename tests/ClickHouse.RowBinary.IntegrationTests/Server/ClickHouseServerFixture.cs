namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// The server the integration tests share: started with docker compose when that is how it is reached, with a
/// database of its own for this test run (dropped at the end), and a client whose default database it is.
/// </summary>
public sealed class ClickHouseServerFixture : IAsyncLifetime
{
    private bool _startedCompose;

    public string Database { get; } = $"rowbinary_it_{DateTime.UtcNow:yyyyMMddHHmmss}_{Random.Shared.Next(100_000):D5}";

    public ClickHouseClient Client { get; private set; } = null!;

    public Version Version { get; private set; } = new(0, 0);

    public ClickHouseClient CreateClient(Action<ClickHouseClientOptions>? configure = null)
    {
        ClickHouseClientOptions options = TestServer.CreateOptions(Database);
        configure?.Invoke(options);
        return new ClickHouseClient(options);
    }

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

    public async Task InitializeAsync()
    {
        if (TestServer.SkipReason is not null)
        {
            return; // every test is skipped
        }
        if (TestServer.UsesDockerCompose)
        {
            string compose = Path.Combine(TestServer.RepositoryRoot(), "docker-compose.yml");
            if (!TestServer.RunsSuccessfully("docker", $"compose -f \"{compose}\" up -d --wait", TimeSpan.FromMinutes(5)))
            {
                throw new InvalidOperationException($"`docker compose -f {compose} up -d --wait` failed; start a server yourself and set CLICKHOUSE_URL.");
            }
            _startedCompose = true;
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
        if (_startedCompose)
        {
            string compose = Path.Combine(TestServer.RepositoryRoot(), "docker-compose.yml");
            TestServer.RunsSuccessfully("docker", $"compose -f \"{compose}\" down", TimeSpan.FromMinutes(2));
        }
    }
}

[CollectionDefinition(Name)]
public sealed class ClickHouseServerCollection : ICollectionFixture<ClickHouseServerFixture>
{
    public const string Name = "ClickHouse server";
}
