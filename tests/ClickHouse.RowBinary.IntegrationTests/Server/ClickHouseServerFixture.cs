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
