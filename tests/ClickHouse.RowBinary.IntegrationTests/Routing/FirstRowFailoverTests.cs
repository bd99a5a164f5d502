using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// A streamed read (typed rows as RowBinary or Native, value tuples, a data reader) whose answer breaks off before any
/// row reached the caller starts again on the next endpoint, its parse from the start; once a row reached the caller,
/// the break is the caller's error and no row comes twice. Two FaultProxies in front of the local server, in order:
/// the first cuts every answer (after its headers, a few bytes into its body, or part way), the second relays.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class FirstRowFailoverTests(ClickHouseServerFixture server)
{
    private const int Rows = 200_000;
    private const string Numbers = "SELECT number FROM system.numbers LIMIT 200000";
    private const string Pairs = "SELECT number, number * 2 AS twice FROM system.numbers LIMIT 200000";

    public static TheoryData<string> Apis => ["RowBinary", "Native", "Tuples", "DataReader"];

    [ServerTheory]
    [MemberData(nameof(CutsBeforeTheFirstRow))]
    public async Task A_stream_cut_before_its_first_row_reached_the_caller_starts_again_on_the_next_endpoint_and_yields_every_row_once(string api, long bodyBytes)
    {
        await using var cutting = new FaultProxy(server.Client.Endpoint, seed: 1);
        await using var relaying = new FaultProxy(server.Client.Endpoint, seed: 2);
        using ClickHouseClient client = InOrder(cutting, relaying);
        // What the endpoint is (its formats) is learnt before the faults start: those questions are not under test.
        await ReadAsync(client, api, limit: 1);
        cutting.CutResponsesAfterBodyBytes = bodyBytes;

        List<ulong> numbers = await ReadAsync(client, api);

        Assert.Equal(Enumerable.Range(0, Rows).Select(i => (ulong)i), numbers);
        Assert.True(cutting.CutResponses >= 1, "the first endpoint cut no answer");
        lock (relaying.RequestLines)
        {
            Assert.NotEmpty(relaying.RequestLines);
        }
    }

    public static TheoryData<string, long> CutsBeforeTheFirstRow()
    {
        var data = new TheoryData<string, long>();
        foreach (string api in Apis)
        {
            data.Add(api, 0);
            data.Add(api, 10);
        }
        return data;
    }

    [ServerTheory]
    [MemberData(nameof(Apis))]
    public async Task A_stream_cut_after_rows_reached_the_caller_fails_with_the_connection_error_and_never_replays_a_row(string api)
    {
        await using var cutting = new FaultProxy(server.Client.Endpoint, seed: 1);
        await using var relaying = new FaultProxy(server.Client.Endpoint, seed: 2);
        using ClickHouseClient client = InOrder(cutting, relaying);
        await ReadAsync(client, api, limit: 1);
        var seen = new List<ulong>();

        // 40 MB are coming: once the first row reached the caller, the first endpoint's connections are cut.
        await Assert.ThrowsAnyAsync<IOException>(
            () => ReadAsync(client, api, limit: 5_000_000, seen: seen, afterFirstRow: () => cutting.SetRefusing(true, dropOpenConnections: true)));

        Assert.NotEmpty(seen);
        Assert.True(seen.Count < 5_000_000, "the whole result arrived: the cut came too late to test anything");
        Assert.Equal(Enumerable.Range(0, seen.Count).Select(i => (ulong)i), seen);
        lock (relaying.RequestLines)
        {
            Assert.Empty(relaying.RequestLines);
        }
    }

    private ClickHouseClient InOrder(FaultProxy first, FaultProxy second)
        => server.CreateClient(o =>
        {
            o.Endpoints.Clear();
            o.Endpoints.Add(first.Endpoint);
            o.Endpoints.Add(second.Endpoint);
            o.EndpointStrategy = ClickHouseEndpointStrategy.InOrder;
            o.ResponseCompression = ClickHouseCompression.None;
        });

    /// <summary>The first column of every row, through one streamed API, each number added to <paramref name="seen"/> as it arrives.</summary>
    private static async Task<List<ulong>> ReadAsync(ClickHouseClient client, string api, int? limit = null, List<ulong>? seen = null, Action? afterFirstRow = null)
    {
        seen ??= [];
        var rows = new Seen(seen, afterFirstRow);
        string numbers = limit is { } l ? $"SELECT number FROM system.numbers LIMIT {l}" : Numbers;
        string pairs = limit is { } p ? $"SELECT number, number * 2 AS twice FROM system.numbers LIMIT {p}" : Pairs;
        switch (api)
        {
            case "RowBinary":
                await foreach (CountRow row in client.QueryAsync<CountRow>(numbers, new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary }))
                {
                    rows.Add(row.Number);
                }
                break;
            case "Native":
                await foreach (CountRow row in client.QueryAsync<CountRow>(numbers, new ClickHouseQueryOptions { WireFormat = ClickHouseWireFormat.Native }))
                {
                    rows.Add(row.Number);
                }
                break;
            case "Tuples":
                await foreach ((ulong number, ulong twice) in client.QueryAsync<ulong, ulong>(pairs))
                {
                    Assert.Equal(number * 2, twice);
                    rows.Add(number);
                }
                break;
            case "DataReader":
                await using (ClickHouseDataReader reader = await client.ExecuteReaderAsync(numbers))
                {
                    while (await reader.ReadAsync())
                    {
                        rows.Add(reader.GetFieldValue<ulong>(0));
                    }
                }
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(api), api, null);
        }
        return seen;
    }

    /// <summary>The numbers seen, and what happens once the first arrived.</summary>
    private sealed class Seen(List<ulong> seen, Action? afterFirstRow)
    {
        public void Add(ulong number)
        {
            seen.Add(number);
            if (seen.Count == 1)
            {
                afterFirstRow?.Invoke();
            }
        }
    }
}
