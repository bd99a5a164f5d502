using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// A fleet of inserters (a client and an inserter each) writing one table on one server, whose merges are stopped and
/// whose limits are low (<see cref="PressureFleet.TableSettings"/>): with fixed settings it provokes code 252 (too many
/// parts), with <see cref="ClickHouseBatchInserterOptions.AdaptToServerPressure"/> it does not, and every acknowledged
/// row is in the table exactly once. The same on three servers: <c>Cluster/InserterPressureClusterTests</c>.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class InserterPressureServerTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    [ServerFact]
    public async Task A_fleet_that_provokes_too_many_parts_with_fixed_settings_does_not_with_adaptive_ones_and_lands_every_row_once()
        => await PressureFleet.ProveAsync(inserters: 4, rowsPerSecond: 400, traffic: TimeSpan.FromSeconds(3), () => server.CreateClient(), CreateTableAsync,
            async table => PressureFleet.Stored.Parse(await server.Client.QueryTextAsync(PressureFleet.Stored.Query(Quoted(table)))),
            async table => (await server.Client.QueryTextAsync(
                $"SELECT count() FROM system.parts WHERE database = '{server.Database}' AND table = '{table}' AND active")).Trim(),
            output, await DelaysInProportionAsync());

    /// <summary>Whether the server delays INSERTs in proportion to the parts past the limit (it has <c>min_delay_to_insert_ms</c>; 18.16 does not).</summary>
    private async Task<bool> DelaysInProportionAsync()
        => (await server.Client.QueryTextAsync("SELECT count() FROM system.merge_tree_settings WHERE name = 'min_delay_to_insert_ms'")).Trim() == "1";

    /// <summary>A table that refuses INSERTs past 100 parts and delays them past 10, with its merges stopped: every INSERT stays a part.</summary>
    private async Task<string> CreateTableAsync(string name)
    {
        string table = $"{name}_{Guid.NewGuid():N}"[..(name.Length + 9)];
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id") + PressureFleet.TableSettings);
        await server.Client.ExecuteAsync($"SYSTEM STOP MERGES {Quoted(table)}");
        return table;
    }

    private string Quoted(string table) => ClickHouseIdentifier.QuoteTable(server.Database, table);
}
