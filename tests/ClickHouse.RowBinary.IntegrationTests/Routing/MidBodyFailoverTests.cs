using System.Diagnostics.Metrics;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// A result that reaches the caller only once complete (a list, a scalar) is asked again on another endpoint when its
/// body breaks off part way (a streamed one, see <see cref="FirstRowFailoverTests"/>). Two FaultProxies in front of the
/// local server: the first cuts every answer after 100 KB (1.6 MB are coming), the second relays.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class MidBodyFailoverTests(ClickHouseServerFixture server)
{
    private const string TwoHundredThousand = "SELECT number FROM system.numbers LIMIT 200000";

    private static readonly ClickHouseQueryOptions RowBinary = new() { Format = RowBinaryFormat.RowBinary };

    [ServerFact]
    public async Task A_list_values_or_text_whose_body_broke_off_is_read_again_on_another_endpoint_complete_and_exact()
    {
        await using var cutting = new FaultProxy(server.Client.Endpoint, seed: 1) { CutResponsesAfterBytes = 100_000 };
        await using var relaying = new FaultProxy(server.Client.Endpoint, seed: 2);
        using ClickHouseClient client = server.CreateClientInOrder(cutting.Endpoint, relaying.Endpoint);
        var failovers = new List<long>();
        using var metering = new MeterListener
        {
            InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName && instrument.Name == "clickhouse.client.failovers")
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            },
        };
        metering.SetMeasurementEventCallback<long>((_, value, tags, _) =>
        {
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                if (tag.Key == "server.port" && Equals(tag.Value, cutting.Port))
                {
                    lock (failovers)
                    {
                        failovers.Add(value);
                    }
                }
            }
        });
        metering.Start();

        List<CountRow> rows = await client.QueryListAsync<CountRow>(TwoHundredThousand, RowBinary);
        List<ulong> values = await client.QueryValuesAsync<ulong>(TwoHundredThousand);
        string text = await client.QueryTextAsync(TwoHundredThousand);

        Assert.Equal(Enumerable.Range(0, 200_000).Select(i => (ulong)i), rows.Select(r => r.Number));
        Assert.Equal(Enumerable.Range(0, 200_000).Select(i => (ulong)i), values);
        Assert.Equal(Enumerable.Range(0, 200_000).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture)), text.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.True(cutting.CutResponses >= 3, $"{cutting.CutResponses} answers cut: the proxy did not cut the three results");
        lock (failovers)
        {
            Assert.Equal([1L, 1L, 1L], failovers);
        }
    }

    [ServerFact]
    public async Task QuerySingleAsync_whose_body_broke_after_its_first_row_was_read_is_asked_again_whole_on_another_endpoint()
    {
        // Two rows of 300,000 bytes: the first reaches the reader once the 256 KiB held back behind it arrived (about
        // 562,000 bytes in), the cut at 580,000 comes before the second row is whole. Asked again whole, the answer is
        // the right one: more than one row.
        await using var cutting = new FaultProxy(server.Client.Endpoint, seed: 1) { CutResponsesAfterBytes = 580_000 };
        await using var relaying = new FaultProxy(server.Client.Endpoint, seed: 2);
        using ClickHouseClient client = server.CreateClient(o =>
        {
            o.Endpoints.Clear();
            o.Endpoints.Add(cutting.Endpoint);
            o.Endpoints.Add(relaying.Endpoint);
            o.EndpointStrategy = ClickHouseEndpointStrategy.InOrder;
            o.ResponseCompression = ClickHouseCompression.None;
        });

        InvalidOperationException e = await Assert.ThrowsAsync<InvalidOperationException>(
            () => client.QuerySingleAsync<TextRow>("SELECT arrayStringConcat(arrayMap(x -> 'x', range(300000))) AS text FROM numbers(2)", RowBinary));

        Assert.Contains("more than one row", e.Message, StringComparison.Ordinal);
        Assert.True(cutting.CutResponses >= 1, "the first endpoint cut no answer");
        lock (relaying.RequestLines)
        {
            Assert.Single(relaying.RequestLines);
        }
    }
}
