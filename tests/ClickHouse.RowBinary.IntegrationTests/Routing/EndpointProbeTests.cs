using Microsoft.Extensions.Time.Testing;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// The backoff of a down endpoint's <c>/ping</c> probes, on a fake clock: after 1 s, then 2, 4, 8, 16 and every 30 s;
/// an answer marks it up and ends the probes; a request that picks endpoints skips it while it is down.
/// </summary>
public sealed class EndpointProbeTests
{
    [Fact]
    public void Probes_of_a_down_endpoint_come_after_1_2_4_8_16_then_every_30_seconds_until_one_answers()
    {
        var time = new FakeTimeProvider(DateTimeOffset.UnixEpoch);
        var probes = new List<double>();
        bool answers = false;
        Uri down = new("http://127.0.0.1:1/"), up = new("http://127.0.0.1:2/");
        using var pool = new EndpointPool([down, up], ClickHouseEndpointStrategy.InOrder, (uri, _) =>
        {
            Assert.Equal(down, uri);
            probes.Add((time.GetUtcNow() - DateTimeOffset.UnixEpoch).TotalSeconds);
            return Task.FromResult(answers);
        }, time);

        pool.Unreachable(pool.First, new HttpRequestException("refused"));
        for (int second = 0; second < 121; second++)
        {
            Assert.Equal(up, pool.Pick()!.Uri);
            time.Advance(TimeSpan.FromSeconds(1));
        }
        Assert.Equal([1, 3, 7, 15, 31, 61, 91, 121], probes);

        answers = true;
        time.Advance(TimeSpan.FromSeconds(30));
        Assert.Equal(151, probes[^1]);
        Assert.Equal(down, pool.Pick()!.Uri);
        time.Advance(TimeSpan.FromMinutes(5));
        Assert.Equal(9, probes.Count);
    }
}
