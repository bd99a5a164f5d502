using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// A table's description (<c>DescribeTableAsync</c>, <c>ValidateTableAsync</c>, the check of <c>CreateTableAsync</c> with
/// <c>IfNotExists</c>) is routed as any idempotent read: a first endpoint that refuses connections is marked down and the
/// next one answers. Every request, the probes and the question for <c>system.settings</c> included, has a query id.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class TableProbeRoutingTests(ClickHouseServerFixture server)
{
    [ServerFact]
    public async Task Table_probes_move_past_a_refusing_endpoint_and_mark_it_down_and_every_request_has_a_query_id()
    {
        string table = $"probe_routing_{Guid.NewGuid():N}";
        await using var refusing = new FaultProxy(TestServer.Endpoint, seed: 1);
        refusing.SetRefusing(true);
        await using var answering = new FaultProxy(TestServer.Endpoint, seed: 2);
        using ClickHouseClient client = server.CreateClient(o =>
        {
            o.EndpointStrategy = ClickHouseEndpointStrategy.InOrder;
            o.Endpoints.Add(refusing.Endpoint);
            o.Endpoints.Add(answering.Endpoint);
        });

        await client.CreateTableAsync<EventRow>(table, new ClickHouseTableOptions { IfNotExists = true, OrderBy = "id" });
        Assert.True(client.EndpointPool.First.Down, "the refusing endpoint was not marked down");
        await client.CreateTableAsync<EventRow>(table, new ClickHouseTableOptions { IfNotExists = true, OrderBy = "id" });
        IReadOnlyList<ClickHouseTableColumn> columns = await client.DescribeTableAsync(table);
        IReadOnlyList<RowBinaryColumnMismatch> mismatches = await client.ValidateTableAsync<EventRow>(table);
        await client.InsertAsync(table, [EventRow.Numbered(1)]);
        await client.ExecuteAsync($"DROP TABLE {table}");

        Assert.Equal(TableColumns.Of<EventRow>().Select(c => c.Name), columns.Select(c => c.Name));
        Assert.Empty(mismatches);
        // Four probes (two creates, describe, validate), the CREATE, the settings question, the INSERT, the DROP.
        string[] posts = [.. answering.RequestLines.Where(line => line.StartsWith("POST", StringComparison.Ordinal))];
        Assert.True(posts.Length >= 8, string.Join("\n", posts));
        Assert.All(posts, line => Assert.Contains("query_id=", line, StringComparison.Ordinal));
    }
}
