using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Cluster;

/// <summary>
/// Issue 29's proof on the three-server cluster (<see cref="TestCluster"/>): a fleet of inserters, each its own client of
/// all three servers (round robin), writes one table that is a MergeTree table on every shard with its merges stopped
/// and low limits (<see cref="PressureFleet.TableSettings"/>). With fixed settings the shards answer code 252; with
/// adaptive ones they never do; in both, every acknowledged row is stored exactly once over the shards.
/// </summary>
/// <remarks>
/// The inserters write the shards' local tables, not a Distributed table: 18.16 forwards an INSERT into a Distributed
/// table to the shards in the background, so a shard's 252 would never reach the inserter that caused it. A Distributed
/// table over the local ones is only read, to count the rows of every shard as one set (a row stored on two shards
/// counts twice in count() and once in uniqExact).
/// </remarks>
public sealed class InserterPressureClusterTests(TestCluster cluster, ITestOutputHelper output) : IClassFixture<TestCluster>
{
    [ClusterFact]
    public Task A_fleet_over_three_shards_that_provokes_too_many_parts_with_fixed_settings_does_not_with_adaptive_ones_and_lands_every_row_once()
        => PressureFleet.ProveAsync(inserters: 6, rowsPerSecond: 400, traffic: TimeSpan.FromSeconds(6), () => cluster.Client(), CreateTableAsync,
            async table => PressureFleet.Stored.Parse(await OnFirstAsync(PressureFleet.Stored.Query(Quoted(table + "_all")))),
            async table => string.Join("/", await Task.WhenAll(Enumerable.Range(0, cluster.Direct.Length).Select(async shard =>
            {
                using ClickHouseClient client = cluster.ClientOf(shard);
                return (await client.QueryTextAsync($"SELECT count() FROM system.parts WHERE database = '{cluster.Database}' AND table = '{table}' AND active")).Trim();
            }))) + " (per shard)",
            output);

    /// <summary>
    /// The table on every shard, refusing INSERTs past 100 parts and delaying them past 10, its merges stopped (every INSERT
    /// stays a part), and <c>{table}_all</c>, a Distributed table over them, on the first server.
    /// </summary>
    private async Task<string> CreateTableAsync(string name)
    {
        string table = $"{name}_{Guid.NewGuid():N}"[..(name.Length + 9)];
        await cluster.OnEveryServerAsync(_ => Tables.Create<EventRow>(cluster.Database, table, orderBy: "id") + PressureFleet.TableSettings);
        await cluster.OnEveryServerAsync(_ => $"SYSTEM STOP MERGES {Quoted(table)}");
        await OnFirstAsync($"CREATE TABLE {Quoted(table + "_all")} AS {Quoted(table)} ENGINE = Distributed({cluster.Name}, {ClickHouseIdentifier.Quote(cluster.Database)}, {ClickHouseIdentifier.Quote(table)})");
        return table;
    }

    private async Task<string> OnFirstAsync(string sql)
    {
        using ClickHouseClient first = cluster.ClientOf(0);
        return await first.QueryTextAsync(sql);
    }

    private string Quoted(string table) => ClickHouseIdentifier.QuoteTable(cluster.Database, table);
}
