using System;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using ClickHouse.RowBinary.IntegrationTests.Faults;

namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>
/// Three ClickHouse servers of the benchmark's own as one cluster (the integration tests' <see cref="OwnServer"/>, one
/// shard each, with <c>system.part_log</c> on), and what the fleet suite asks them: tables, parts, delayed and refused INSERTs.
/// </summary>
public sealed class FleetCluster : IAsyncDisposable
{
    public const string Name = "rowbinary_fleet";
    private const string PartLog = "<part_log><database>system</database><table>part_log</table><flush_interval_milliseconds>500</flush_interval_milliseconds></part_log>";

    private readonly OwnServer[] _servers;
    private readonly ClickHouseClient[] _direct;

    private FleetCluster(OwnServer[] servers)
    {
        _servers = servers;
        _direct = [.. servers.Select(s => new ClickHouseClient(new ClickHouseClientOptions { Endpoint = s.Endpoint }))];
    }

    /// <summary>Why the suite cannot run here, or null.</summary>
    public static string? SkipReason => OwnServer.SkipReason;

    public static async Task<FleetCluster> StartAsync(int shards) => new(await OwnServer.StartClusterAsync(shards, Name, PartLog).ConfigureAwait(false));

    public int Shards => _servers.Length;

    /// <summary>A client of the whole cluster, as one application instance has: the endpoints taken in turn.</summary>
    public ClickHouseClient InstanceClient()
    {
        var options = new ClickHouseClientOptions();
        foreach (OwnServer server in _servers)
        {
            options.Endpoints.Add(server.Endpoint);
        }
        return new ClickHouseClient(options);
    }

    /// <summary>The table on every shard, with <paramref name="mergeTreeSettings"/>, and <c>{table}_all</c> over them on the first.</summary>
    public async Task CreateTableAsync(string table, string mergeTreeSettings)
    {
        foreach (ClickHouseClient server in _direct)
        {
            await server.ExecuteAsync($"CREATE TABLE {table} (id UInt64, instance UInt32, page String) ENGINE = MergeTree ORDER BY id SETTINGS {mergeTreeSettings}").ConfigureAwait(false);
        }
        await _direct[0].ExecuteAsync($"CREATE TABLE {table}_all AS {table} ENGINE = Distributed({Name}, default, {table})").ConfigureAwait(false);
    }

    public async Task DropTableAsync(string table)
    {
        await _direct[0].ExecuteAsync($"DROP TABLE IF EXISTS {table}_all").ConfigureAwait(false);
        foreach (ClickHouseClient server in _direct)
        {
            await server.ExecuteAsync($"DROP TABLE IF EXISTS {table}").ConfigureAwait(false);
        }
    }

    /// <summary>INSERTs the servers delayed (past <c>parts_to_delay_insert</c>) and refused (code 252) so far, summed.</summary>
    public async Task<(long Delayed, long Rejected)> PressureEventsAsync()
    {
        long delayed = 0, rejected = 0;
        foreach (ClickHouseClient server in _direct)
        {
            string answer = await server.QueryTextAsync(
                "SELECT sumIf(value, event = 'DelayedInserts'), sumIf(value, event = 'RejectedInserts') FROM system.events").ConfigureAwait(false);
            string[] values = answer.Trim().Split('\t');
            delayed += long.Parse(values[0], CultureInfo.InvariantCulture);
            rejected += long.Parse(values[1], CultureInfo.InvariantCulture);
        }
        return (delayed, rejected);
    }

    /// <summary>The most active parts of the table on one shard now.</summary>
    public async Task<long> MaxActivePartsAsync(string table)
    {
        long most = 0;
        foreach (ClickHouseClient server in _direct)
        {
            most = Math.Max(most, await ScalarAsync(server, $"SELECT count() FROM system.parts WHERE database = 'default' AND table = '{table}' AND active").ConfigureAwait(false));
        }
        return most;
    }

    /// <summary>Parts the INSERTs into the table made, and merges done on it, over every shard (<c>system.part_log</c>).</summary>
    public async Task<(long NewParts, long Merges)> PartLogAsync(string table)
    {
        long created = 0, merged = 0;
        foreach (ClickHouseClient server in _direct)
        {
            await server.ExecuteAsync("SYSTEM FLUSH LOGS").ConfigureAwait(false);
            string answer = await server.QueryTextAsync(
                $"SELECT countIf(event_type = 1), countIf(event_type = 2) FROM system.part_log WHERE database = 'default' AND table = '{table}'").ConfigureAwait(false);
            string[] values = answer.Trim().Split('\t');
            created += long.Parse(values[0], CultureInfo.InvariantCulture);
            merged += long.Parse(values[1], CultureInfo.InvariantCulture);
        }
        return (created, merged);
    }

    /// <summary>Rows and distinct ids in the table over every shard.</summary>
    public async Task<(long Rows, long Distinct)> StoredAsync(string table)
    {
        string[] values = (await _direct[0].QueryTextAsync($"SELECT count(), uniqExact(id) FROM {table}_all").ConfigureAwait(false)).Trim().Split('\t');
        return (long.Parse(values[0], CultureInfo.InvariantCulture), long.Parse(values[1], CultureInfo.InvariantCulture));
    }

    public async ValueTask DisposeAsync()
    {
        foreach (ClickHouseClient client in _direct)
        {
            client.Dispose();
        }
        foreach (OwnServer server in _servers)
        {
            await server.DisposeAsync().ConfigureAwait(false);
        }
    }

    private static async Task<long> ScalarAsync(ClickHouseClient client, string sql)
        => long.Parse((await client.QueryTextAsync(sql).ConfigureAwait(false)).Trim(), CultureInfo.InvariantCulture);
}
