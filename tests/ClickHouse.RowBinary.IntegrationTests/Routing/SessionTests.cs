using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>Sessions: temporary tables and SET from one request to the next, on one endpoint, and a clear error when it is gone.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class SessionTests(ClickHouseServerFixture server)
{
    [ServerFact]
    public async Task A_session_keeps_temporary_tables_and_SET_between_requests()
    {
        using ClickHouseClient session = server.Client.CreateSession();

        await session.ExecuteAsync("CREATE TEMPORARY TABLE scratch (x UInt8)");
        await session.ExecuteAsync("INSERT INTO scratch VALUES (1), (2), (3)");
        await session.ExecuteAsync("SET max_threads = 3");

        Assert.Equal("3", (await session.QueryTextAsync("SELECT count() FROM scratch")).Trim());
        Assert.Equal("3", (await session.QueryTextAsync("SELECT value FROM system.settings WHERE name = 'max_threads'")).Trim());
        Assert.NotNull(session.SessionId);
        await Assert.ThrowsAsync<ClickHouseServerException>(() => server.Client.QueryTextAsync("SELECT count() FROM scratch"));
    }

    /// <summary>A batch inserter sends INSERTs concurrently over every endpoint: a session (one server, one request at a time) refuses to make one.</summary>
    [Fact]
    public async Task A_session_refuses_to_create_a_batch_inserter_and_says_to_create_it_from_the_client()
    {
        var fake = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<Batching.EventRow>();
        using ClickHouseClient client = FakeClickHouse.Client(fake);
        using ClickHouseClient session = client.CreateSession();

        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => session.CreateBatchInserter<Batching.EventRow>("events"));
        await using ClickHouseBatchInserter<Batching.EventRow> fromClient = client.CreateBatchInserter<Batching.EventRow>("events");

        Assert.Contains($"This client is the session {session.SessionId}: create the batch inserter from the client, not the session.", error.Message, StringComparison.Ordinal);
        Assert.Contains("code 373", error.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(() => ((IClickHouseClient)session).CreateBatchInserter<Batching.EventRow>("events"));
        Assert.Empty(fake.Requests);
    }

    [ServerFact]
    public async Task A_session_stays_on_its_endpoint_and_says_so_when_that_endpoint_cannot_be_reached()
    {
        await using var first = new FaultProxy(TestServer.Endpoint, seed: 1);
        await using var second = new FaultProxy(TestServer.Endpoint, seed: 2);
        using ClickHouseClient client = server.CreateClient(o =>
        {
            o.EndpointStrategy = ClickHouseEndpointStrategy.InOrder;
            o.Endpoints.Add(first.Endpoint);
            o.Endpoints.Add(second.Endpoint);
        });
        using ClickHouseClient session = client.CreateSession();
        await session.ExecuteAsync("CREATE TEMPORARY TABLE scratch (x UInt8)");

        first.SetRefusing(true, dropOpenConnections: true);
        // A request already on its way when the connection was cut fails as the transport says; the next finds the port closed.
        Exception? failure = null;
        for (int i = 0; i < 3 && failure is not ClickHouseSessionLostException; i++)
        {
            failure = await Record.ExceptionAsync(() => session.QueryTextAsync("SELECT count() FROM scratch"));
            Assert.True(failure is ClickHouseSessionLostException or HttpRequestException, failure?.ToString());
        }
        ClickHouseSessionLostException lost = Assert.IsType<ClickHouseSessionLostException>(failure);

        Assert.Equal(first.Endpoint, lost.Endpoint);
        Assert.Contains("does not move to another endpoint", lost.Message, StringComparison.Ordinal);
        Assert.Empty(second.RequestLines);
        // The client itself moves on.
        Assert.Equal("1", (await client.QueryTextAsync("SELECT 1")).Trim());
        Assert.Single(second.RequestLines);
    }

    [ServerFact]
    public async Task A_session_the_server_no_longer_has_is_an_error_not_a_new_empty_session()
    {
        using ClickHouseClient session = server.Client.CreateSession(new ClickHouseSessionOptions { Timeout = TimeSpan.FromSeconds(1) });
        await session.ExecuteAsync("CREATE TEMPORARY TABLE scratch (x UInt8)");

        ClickHouseSessionLostException? lost = null;
        // Every request of the session keeps it alive for its timeout again: wait longer than that each time.
        for (int i = 0; i < 10 && lost is null; i++)
        {
            await Task.Delay(TimeSpan.FromSeconds(2.5));
            try
            {
                await session.QueryTextAsync("SELECT 1");
            }
            catch (ClickHouseSessionLostException e)
            {
                lost = e;
            }
        }

        Assert.NotNull(lost);
        Assert.Contains("no longer has the ClickHouse session", lost.Message, StringComparison.Ordinal);
        Assert.Equal(372, Assert.IsType<ClickHouseServerException>(lost.InnerException).Code);
    }

    [Fact]
    public async Task Session_requests_carry_its_id_and_timeout_and_check_it_once_it_exists()
    {
        var fake = new FakeClickHouse(_ => FakeClickHouse.Ok("1\n"u8.ToArray()));
        using ClickHouseClient client = FakeClickHouse.Client(fake);
        using ClickHouseClient session = client.CreateSession(new ClickHouseSessionOptions { Id = "s-1", Timeout = TimeSpan.FromMinutes(5) });

        await session.QueryTextAsync("SELECT 1");
        await session.QueryTextAsync("SELECT 2");
        await client.QueryTextAsync("SELECT 3");

        Assert.Equal(("s-1", "300", null), (fake.Requests[0].Parameters["session_id"], fake.Requests[0].Parameters["session_timeout"], fake.Requests[0].Parameters.GetValueOrDefault("session_check")));
        Assert.Equal("1", fake.Requests[1].Parameters["session_check"]);
        Assert.False(fake.Requests[2].Parameters.ContainsKey("session_id"));
        Assert.Throws<InvalidOperationException>(() => session.CreateSession());
    }
}
