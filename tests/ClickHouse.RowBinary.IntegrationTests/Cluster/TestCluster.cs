using ClickHouse.RowBinary.IntegrationTests.Faults;

namespace ClickHouse.RowBinary.IntegrationTests.Cluster;

/// <summary>
/// Three ClickHouse servers as one cluster: by default servers of the tests' own (<see cref="OwnServer.StartClusterAsync"/>,
/// one shard each, cluster <see cref="OwnClusterName"/>); or a real cluster, when <c>CLICKHOUSE_CLUSTER</c> names it and
/// <c>CLICKHOUSE_URL</c> lists several of its HTTP endpoints. Own servers are stopped for real; a real cluster's endpoint
/// is "stopped" by a <see cref="FaultProxy"/> in front of it that drops its connections and refuses new ones.
/// </summary>
public sealed class TestCluster : IAsyncLifetime
{
    public const string OwnClusterName = "rowbinary_three";

    private OwnServer[] _own = [];
    private FaultProxy[] _proxies = [];

    /// <summary>Why the cluster tests cannot run here, or null.</summary>
    public static string? SkipReason => RealEndpoints() is not null ? null
        : OwnServer.FindBinary() is null
            ? "No clickhouse-server binary to start a cluster of three (scripts/clickhouse-server.sh install puts Debian's there), and no real cluster named (CLICKHOUSE_CLUSTER with several comma-separated CLICKHOUSE_URL endpoints)."
            : null;

    public string Name { get; private set; } = OwnClusterName;

    /// <summary>The endpoints the clients under test use, one per server.</summary>
    public Uri[] Endpoints { get; private set; } = [];

    /// <summary>The servers' own endpoints, for the test's checks (never through a proxy).</summary>
    public Uri[] Direct { get; private set; } = [];

    public string? User { get; private set; }

    public string? Password { get; private set; }

    public string Database { get; private set; } = "default";

    public async Task InitializeAsync()
    {
        if (SkipReason is not null)
        {
            return;
        }
        if (RealEndpoints() is { } real)
        {
            Name = Environment.GetEnvironmentVariable("CLICKHOUSE_CLUSTER")!;
            User = NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_USER"));
            Password = NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_PASSWORD"));
            Database = NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_DATABASE")) ?? "default";
            Direct = real;
            _proxies = [.. real.Select((endpoint, i) => new FaultProxy(endpoint, seed: i))];
            Endpoints = [.. _proxies.Select(p => p.Endpoint)];
            return;
        }
        _own = await OwnServer.StartClusterAsync(3, OwnClusterName);
        Direct = [.. _own.Select(s => s.Endpoint)];
        Endpoints = Direct;
    }

    /// <summary>A client of every endpoint, by <paramref name="strategy"/>.</summary>
    public ClickHouseClient Client(ClickHouseEndpointStrategy strategy = ClickHouseEndpointStrategy.RoundRobin)
    {
        var options = new ClickHouseClientOptions { User = User, Password = Password, Database = Database, EndpointStrategy = strategy };
        foreach (Uri endpoint in Endpoints)
        {
            options.Endpoints.Add(endpoint);
        }
        return new ClickHouseClient(options);
    }

    /// <summary>A client of one server only, for setting up tables and counting what landed there.</summary>
    public ClickHouseClient ClientOf(int server)
        => new(new ClickHouseClientOptions { Endpoint = Direct[server], User = User, Password = Password, Database = Database });

    /// <summary>Runs a statement on every server.</summary>
    public async Task OnEveryServerAsync(Func<int, string> sql)
    {
        for (int i = 0; i < Direct.Length; i++)
        {
            using ClickHouseClient client = ClientOf(i);
            await client.ExecuteAsync(sql(i));
        }
    }

    /// <summary>
    /// Stops a server: gracefully (SIGTERM: it finishes what it runs), or with <paramref name="hard"/> at once (SIGKILL:
    /// requests in flight get no answer). A real cluster's endpoint is cut off by its proxy either way.
    /// </summary>
    public async Task StopAsync(int server, bool hard = false)
    {
        if (_own.Length > 0)
        {
            await (hard ? _own[server].KillAsync() : _own[server].StopAsync());
        }
        else
        {
            _proxies[server].SetRefusing(true, dropOpenConnections: true);
        }
    }

    /// <summary>Starts a stopped server again (nothing when it runs).</summary>
    public async Task StartAgainAsync(int server)
    {
        if (_own.Length > 0)
        {
            await _own[server].StartAgainAsync();
        }
        else
        {
            _proxies[server].SetRefusing(false);
        }
    }

    public async Task DisposeAsync()
    {
        foreach (OwnServer server in _own)
        {
            await server.DisposeAsync();
        }
        foreach (FaultProxy proxy in _proxies)
        {
            await proxy.DisposeAsync();
        }
    }

    private static Uri[]? RealEndpoints()
    {
        string? url = Environment.GetEnvironmentVariable("CLICKHOUSE_URL");
        if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_CLUSTER")) || string.IsNullOrEmpty(url))
        {
            return null;
        }
        Uri[] endpoints = [.. url.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(u => new Uri(u))];
        return endpoints.Length >= 2 ? endpoints : null;
    }

    private static string? NullIfEmpty(string? value) => string.IsNullOrEmpty(value) ? null : value;
}

/// <summary>A test of a cluster of three (<see cref="TestCluster"/>): skipped, saying why, where none can be had.</summary>
public sealed class ClusterFactAttribute : FactAttribute
{
    public ClusterFactAttribute()
    {
        if (TestCluster.SkipReason is { } reason)
        {
            Skip = reason;
        }
    }
}
