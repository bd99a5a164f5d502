using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// An endpoint that answers with an error status but no ClickHouse error in it, as ClickHouse 18.16 does while it shuts
/// down (500, empty body: seen stopping it under load) or a load balancer with no server behind it: a read moves on to
/// the next endpoint and gets the real server's answer there; a statement that is not idempotent does not move.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class EndpointFailureTests(ClickHouseServerFixture server)
{
    /// <summary>What ClickHouse 18.16 answered a query on a keep-alive connection as it shut down (its status and only header): no body.</summary>
    private const string ServerGoingDown = "HTTP/1.1 500 Internal Server Error\r\nConnection: Close\r\n\r\n";

    private static readonly string LoadBalancer = Response("503 Service Unavailable", "<html><body>No server is available</body></html>");

    private static string Response(string status, string body)
        => $"HTTP/1.1 {status}\r\nContent-Type: text/html\r\nContent-Length: {body.Length}\r\nConnection: close\r\n\r\n{body}";

    [ServerFact]
    public async Task Reads_move_past_an_endpoint_that_answers_an_error_status_without_a_ClickHouse_error()
    {
        foreach (string answer in new[] { ServerGoingDown, LoadBalancer })
        {
            await using var failing = new FaultProxy(server.Client.Endpoint, seed: 1) { Answer = answer };
            await using var relaying = new FaultProxy(server.Client.Endpoint, seed: 2);
            using ClickHouseClient client = server.CreateClientInOrder(failing.Endpoint, relaying.Endpoint);

            Assert.Equal("3", (await client.QueryTextAsync("SELECT 1 + 2")).Trim());
            List<CountRow> rows = await client.QueryListAsync<CountRow>("SELECT number FROM system.numbers LIMIT 3");
            await using (IAsyncEnumerator<CountRow> stream = client.QueryAsync<CountRow>("SELECT number FROM system.numbers LIMIT 2").GetAsyncEnumerator())
            {
                Assert.True(await stream.MoveNextAsync());
                Assert.Equal(0UL, stream.Current.Number);
            }

            Assert.Equal([0UL, 1UL, 2UL], rows.Select(r => r.Number));
            Assert.True(failing.Answered >= 3, $"the failing endpoint answered {failing.Answered} requests, fewer than the three reads");
            Assert.True(relaying.RequestLines.Count >= 3, $"the server behind the second endpoint saw {relaying.RequestLines.Count} requests");
        }
    }

    [ServerFact]
    public async Task A_statement_that_is_not_idempotent_does_not_move_and_a_lone_endpoint_names_the_status()
    {
        await using var failing = new FaultProxy(server.Client.Endpoint, seed: 1) { Answer = ServerGoingDown };
        await using var relaying = new FaultProxy(server.Client.Endpoint, seed: 2);
        using ClickHouseClient both = server.CreateClientInOrder(failing.Endpoint, relaying.Endpoint);
        using ClickHouseClient alone = server.CreateClient(o => o.Endpoint = failing.Endpoint);
        string table = $"endpoint_failure_{Guid.NewGuid():N}";
        await server.Client.ExecuteAsync($"CREATE TABLE {table} (number UInt64) ENGINE = Memory");
        try
        {
            ClickHouseServerException notMoved = await Assert.ThrowsAsync<ClickHouseServerException>(
                () => both.ExecuteAsync($"INSERT INTO {table} SELECT number FROM system.numbers LIMIT 5"));
            Assert.Equal(HttpStatusCode.InternalServerError, notMoved.StatusCode);
            Assert.Equal(0, notMoved.Code);
            Assert.Empty(relaying.RequestLines);
            Assert.Equal("0", (await server.Client.QueryTextAsync($"SELECT count() FROM {table}")).Trim());

            ClickHouseServerException lone = await Assert.ThrowsAsync<ClickHouseServerException>(() => alone.QueryTextAsync("SELECT 1"));
            Assert.Equal(HttpStatusCode.InternalServerError, lone.StatusCode);
            Assert.Contains("HTTP 500", lone.Message, StringComparison.Ordinal);
        }
        finally
        {
            await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {table}");
        }
    }
}
