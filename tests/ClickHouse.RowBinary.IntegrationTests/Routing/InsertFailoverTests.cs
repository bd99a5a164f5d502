using System.Net;
using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// An INSERT whose connection broke after its body went out moves to another endpoint only with a deduplication token
/// the failed attempt sent and a body that can be sent again whole; on a fake server whose <c>broken</c> host loses
/// every INSERT's connection after reading its body, and whose hosts named in <c>withoutToken</c> lack the setting.
/// </summary>
public sealed class InsertFailoverTests
{
    private const string Token = "import-2026-11-25";

    private static FakeClickHouse Servers(params string[] withoutToken)
        => new FakeClickHouse(request =>
        {
            string host = request.Message.RequestUri!.Host;
            string query = request.Parameters.GetValueOrDefault("query") ?? request.BodyText;
            if (query.Contains("system.settings", StringComparison.Ordinal))
            {
                string settings = "max_insert_block_size\t1048576\n" + (withoutToken.Contains(host) ? "" : "insert_deduplication_token\t\n");
                return FakeClickHouse.Ok(Encoding.UTF8.GetBytes(settings));
            }
            if (host == "broken")
            {
                throw new HttpRequestException(HttpRequestError.ResponseEnded, "The response ended prematurely.");
            }
            return FakeClickHouse.Ok([]);
        }).Describing<CountRow>();

    private static ClickHouseClient Client(FakeClickHouse servers, params string[] hosts)
        => FakeClickHouse.Client(servers, o =>
        {
            o.EndpointStrategy = ClickHouseEndpointStrategy.InOrder;
            foreach (string host in hosts)
            {
                o.Endpoints.Add(new Uri($"http://{host}:8123/"));
            }
        });

    private static List<RecordedRequest> Inserts(FakeClickHouse servers)
        => [.. servers.Requests.Where(r => r.Parameters.GetValueOrDefault("query", "").StartsWith("INSERT", StringComparison.Ordinal))];

    private static IEnumerable<CountRow> Generated(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return new CountRow((ulong)i);
        }
    }

    [Fact]
    public async Task A_list_of_rows_with_a_token_moves_after_a_broken_connection_and_lands_whole_with_the_same_token()
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient client = Client(servers, "broken", "up");
        CountRow[] rows = [.. Generated(1000)];

        ClickHouseInsertResult result = await client.InsertAsync("numbers", rows, new ClickHouseInsertOptions { DeduplicationToken = Token });

        Assert.Equal(1000, result.Rows);
        List<RecordedRequest> inserts = Inserts(servers);
        Assert.Equal(["broken", "up"], inserts.Select(r => r.Message.RequestUri!.Host));
        Assert.All(inserts, r => Assert.Equal(Token, r.Parameters.GetValueOrDefault("insert_deduplication_token")));
        Assert.Equal(inserts[0].DecodedBody, inserts[1].DecodedBody);
    }

    [Fact]
    public async Task Rows_enumerated_once_rows_without_a_token_and_a_server_without_the_setting_do_not_move()
    {
        FakeClickHouse servers = Servers(withoutToken: "lacks");
        using ClickHouseClient client = Client(servers, "broken", "up");
        using ClickHouseClient toOld = Client(servers, "broken", "lacks");

        await Assert.ThrowsAsync<ClickHousePartialInsertException>(
            () => client.InsertAsync("numbers", Generated(1000), new ClickHouseInsertOptions { DeduplicationToken = Token }));
        await Assert.ThrowsAsync<ClickHousePartialInsertException>(() => client.InsertAsync("numbers", [.. Generated(1000)]));
        // The second server would take the rows again without the token: the INSERT fails with the first failure instead.
        await Assert.ThrowsAsync<ClickHousePartialInsertException>(
            () => toOld.InsertAsync("numbers", [.. Generated(1000)], new ClickHouseInsertOptions { DeduplicationToken = Token }));

        Assert.Equal(["broken", "broken", "broken"], Inserts(servers).Select(r => r.Message.RequestUri!.Host));
    }

    [Fact]
    public async Task A_raw_body_with_a_token_moves_when_its_stream_can_seek_and_not_when_it_cannot()
    {
        FakeClickHouse servers = Servers();
        using ClickHouseClient client = Client(servers, "broken", "up");
        byte[] csv = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, 1000).Select(i => $"{i}\n")));
        var options = new ClickHouseInsertOptions { DeduplicationToken = Token };

        using (var seekable = new MemoryStream(csv))
        {
            await client.InsertRawAsync("numbers", "CSV", seekable, options);
        }
        List<RecordedRequest> inserts = Inserts(servers);
        Assert.Equal(["broken", "up"], inserts.Select(r => r.Message.RequestUri!.Host));
        Assert.Equal(csv, inserts[1].DecodedBody);

        servers.Requests.Clear();
        await using (var once = new ReadOnceStream(csv))
        {
            await Assert.ThrowsAnyAsync<HttpRequestException>(() => client.InsertRawAsync("numbers", "CSV", once, options));
        }
        Assert.Equal(["broken"], Inserts(servers).Select(r => r.Message.RequestUri!.Host));
    }

    /// <summary>A stream read once, as from a socket or a pipe: it cannot go back.</summary>
    private sealed class ReadOnceStream(byte[] data) : MemoryStream(data)
    {
        public override bool CanSeek => false;
    }
}
