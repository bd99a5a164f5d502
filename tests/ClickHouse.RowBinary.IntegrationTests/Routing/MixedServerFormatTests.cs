using System.Buffers.Binary;
using System.Net;
using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.TestSupport;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// A cluster being upgraded mixes servers without RowBinaryWithNamesAndTypes (before 19.x) and servers with it: what
/// each endpoint said is remembered for that endpoint, so the old one is not asked again and the new one still is.
/// </summary>
public sealed class MixedServerFormatTests
{
    private const string NamesAndTypes = "FORMAT RowBinaryWithNamesAndTypes";

    [Fact]
    public async Task Each_endpoint_is_asked_for_RowBinaryWithNamesAndTypes_by_what_it_said_itself()
    {
        FakeClickHouse servers = OldAndNew();
        using ClickHouseClient client = RoundRobin(servers);

        // Round robin: the first query asks "old", which refuses the format; its fallback asks "new" for the columns
        // (DESCRIBE) and "old" for the RowBinary rows; the second asks "new"; the third would ask "old" again, which is
        // known by now to refuse, so it goes straight to the fallback; the fourth asks "new".
        for (int i = 0; i < 4; i++)
        {
            Assert.Equal([0UL, 1UL, 2UL], await client.QueryValuesAsync<ulong>("SELECT number FROM t"));
        }

        Assert.Single(AskedForNamesAndTypes(servers, "old"));
        Assert.Equal(2, AskedForNamesAndTypes(servers, "new").Count);
    }

    /// <summary>
    /// Where every endpoint said it does not know the format, a query asks in RowBinary at once: it is not routed only to
    /// fail inside with an exception (five first-chance exceptions a query before, which exception counters see).
    /// </summary>
    [Fact]
    public async Task Where_every_endpoint_refused_the_format_a_query_asks_in_RowBinary_at_once_without_an_exception_inside()
    {
        FakeClickHouse servers = OldAndNew();
        using ClickHouseClient client = FakeClickHouse.Client(servers, o => o.Endpoint = new Uri("http://old:8123/"));
        Assert.Equal([0UL, 1UL, 2UL], await client.QueryValuesAsync<ulong>("SELECT number FROM t"));

        int thrown = await ThrownInside.CountAsync(async () =>
        {
            for (int i = 0; i < 3; i++)
            {
                Assert.Equal([0UL, 1UL, 2UL], await client.QueryValuesAsync<ulong>("SELECT number FROM t"));
            }
        });

        Assert.Equal(0, thrown);
        Assert.Single(AskedForNamesAndTypes(servers, "old"));
    }

    [Fact]
    public async Task With_external_tables_each_endpoint_is_asked_about_the_format_once_before_its_first_such_query()
    {
        FakeClickHouse servers = OldAndNew();
        using ClickHouseClient client = RoundRobin(servers);
        var options = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("ids", "id", new ulong[] { 0, 1, 2 }) } };

        for (int i = 0; i < 4; i++)
        {
            Assert.Equal([0UL, 1UL, 2UL], await client.QueryValuesAsync<ulong>("SELECT number FROM t WHERE number IN ids", options));
        }

        // The tables' rows never went to a server that would refuse the format after reading them.
        foreach (string host in new[] { "old", "new" })
        {
            Assert.Single(AskedForNamesAndTypes(servers, host), sql => sql.StartsWith("SELECT 1 WHERE 0", StringComparison.Ordinal));
        }
        Assert.DoesNotContain(AskedForNamesAndTypes(servers, "old"), sql => sql.Contains("ids_structure", StringComparison.Ordinal));
        Assert.Equal(2, AskedForNamesAndTypes(servers, "new").Count(sql => sql.Contains("ids_structure", StringComparison.Ordinal)));
    }

    /// <summary>"old" refuses RowBinaryWithNamesAndTypes as 18.16 does; "new" answers it; both answer DESCRIBE and RowBinary.</summary>
    private static FakeClickHouse OldAndNew() => new(request =>
    {
        string sql = request.BodyText;
        if (sql.Contains(NamesAndTypes, StringComparison.Ordinal))
        {
            return request.Message.RequestUri!.Host == "old"
                ? FakeClickHouse.Error(HttpStatusCode.NotFound, "Code: 73, e.displayText() = DB::Exception: Unknown format RowBinaryWithNamesAndTypes (version 18.16.1)")
                : FakeClickHouse.Ok([.. Header(), .. (sql.StartsWith("SELECT 1 WHERE 0", StringComparison.Ordinal) ? [] : Numbers())]);
        }
        if (sql.Contains("DESCRIBE TABLE", StringComparison.Ordinal))
        {
            return FakeClickHouse.Ok(Encoding.UTF8.GetBytes("""{"meta":[],"data":[["number","UInt64","",""]],"rows":1}"""));
        }
        return sql.Contains("FORMAT RowBinary", StringComparison.Ordinal)
            ? FakeClickHouse.Ok(Numbers())
            : FakeClickHouse.Error(HttpStatusCode.BadRequest, $"Code: 62, e.displayText() = DB::Exception: unexpected query {sql}");
    });

    private static ClickHouseClient RoundRobin(FakeClickHouse servers)
        => FakeClickHouse.Client(servers, o =>
        {
            o.EndpointStrategy = ClickHouseEndpointStrategy.RoundRobin;
            o.Endpoints.Add(new Uri("http://old:8123/"));
            o.Endpoints.Add(new Uri("http://new:8123/"));
        });

    private static List<string> AskedForNamesAndTypes(FakeClickHouse servers, string host)
    {
        lock (servers.Requests)
        {
            return [.. servers.Requests.Where(r => r.Message.RequestUri!.Host == host && r.BodyText.Contains(NamesAndTypes, StringComparison.Ordinal)).Select(r => r.BodyText)];
        }
    }

    /// <summary>A RowBinaryWithNamesAndTypes header: one column, number UInt64.</summary>
    private static byte[] Header() => [1, 6, .. "number"u8, 6, .. "UInt64"u8];

    /// <summary>The numbers 0, 1, 2 as UInt64 RowBinary rows.</summary>
    private static byte[] Numbers()
    {
        byte[] rows = new byte[24];
        for (int i = 0; i < 3; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(rows.AsSpan(i * 8), (ulong)i);
        }
        return rows;
    }
}
