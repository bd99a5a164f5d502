using ClickHouse.RowBinary.IntegrationTests.Server;
using ClickHouse.RowBinary.ReplayServer;
using Dapper;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>
/// Dapper.AOT 1.1.0: the same Dapper calls, replaced at build time (interceptors) by generated code that reads with the
/// typed getters (<c>GetFieldValue&lt;ulong&gt;</c>, <c>GetString</c>) instead of reflection.
/// </summary>
[DapperAot]
[Collection(ClickHouseServerCollection.Name)]
public sealed class DapperAotTests(ClickHouseServerFixture server)
{
    public sealed class Visit
    {
        public string Page { get; set; } = "";
        public ulong Views { get; set; }
        public DateOnly Day { get; set; }
    }

    [ServerFact]
    public async Task Generated_code_queries_executes_and_reads_scalars()
    {
        await using var connection = new ClickHouseConnection(server.Client);

        await connection.ExecuteAsync("CREATE TABLE IF NOT EXISTS dapper_aot_visits (page String, views UInt64, day Date) ENGINE = Memory");
        await connection.ExecuteAsync("INSERT INTO dapper_aot_visits SELECT concat('p', toString(number)), number * 10, toDate('2025-01-01') + number FROM numbers(3)");
        List<Visit> rows = (await connection.QueryAsync<Visit>("SELECT page AS Page, views AS Views, day AS Day FROM dapper_aot_visits ORDER BY views")).ToList();
        ulong total = await connection.ExecuteScalarAsync<ulong>("SELECT sum(views) FROM dapper_aot_visits");

        Assert.Equal([("p0", 0UL, new DateOnly(2025, 1, 1)), ("p1", 10UL, new DateOnly(2025, 1, 2)), ("p2", 20UL, new DateOnly(2025, 1, 3))],
            rows.Select(r => (r.Page, r.Views, r.Day)));
        Assert.Equal(30UL, total);
    }

    [OracleFact]
    public async Task Generated_code_sends_anonymous_object_parameters()
    {
        byte[] answer = OracleProcess.Query("SELECT 'p7' AS Page, toUInt64(70) AS Views, toDate('2025-01-02') AS Day", "RowBinaryWithNamesAndTypes");
        await using var replay = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "RowBinaryWithNamesAndTypes"));
        await using var connection = new ClickHouseConnection(new ClickHouseClientOptions { Endpoint = replay.Url });

        Visit visit = await connection.QuerySingleAsync<Visit>("SELECT page AS Page, views AS Views, day AS Day FROM visits WHERE views >= @least AND page = @page",
            new { least = 7UL, page = "p7" });

        Assert.Equal(("p7", 70UL, new DateOnly(2025, 1, 2)), (visit.Page, visit.Views, visit.Day));
        ReplayRequest request = Assert.Single(replay.Requests);
        Assert.Contains("views >= {least:UInt64} AND page = {page:String}", request.Query, StringComparison.Ordinal);
        Assert.Equal(("7", "p7"), (request.Parameters["param_least"], request.Parameters["param_page"]));
    }
}
