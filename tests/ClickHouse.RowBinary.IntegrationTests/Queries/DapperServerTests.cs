using ClickHouse.RowBinary.IntegrationTests.Server;
using Dapper;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>Dapper 2.1.86 through ClickHouseConnection against the server at hand; parameters need 19.11 (the replay tests prove them on 26.9).</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class DapperServerTests(ClickHouseServerFixture server)
{
    public sealed class PageViews
    {
        public string Page { get; set; } = "";
        public ulong Views { get; set; }
        public DateTime Day { get; set; }
        public double? Ratio { get; set; }
    }

    private ClickHouseConnection Connection() => new(server.Client);

    [ServerFact]
    public async Task Query_maps_columns_to_properties_by_name()
    {
        await using ClickHouseConnection connection = Connection();

        List<PageViews> rows = (await connection.QueryAsync<PageViews>(
            "SELECT concat('p', toString(number)) AS Page, number * 10 AS Views, toDateTime('2025-01-01 00:00:00', 'UTC') AS Day, if(number = 0, NULL, toNullable(number / 2)) AS Ratio FROM numbers(3) ORDER BY number")).ToList();

        Assert.Equal(["p0", "p1", "p2"], rows.Select(r => r.Page));
        Assert.Equal([0UL, 10UL, 20UL], rows.Select(r => r.Views));
        Assert.Equal([null, 0.5, 1.0], rows.Select(r => r.Ratio));
        Assert.All(rows, r => Assert.Equal(new DateTime(2025, 1, 1, 0, 0, 0, DateTimeKind.Utc), r.Day));
    }

    [ServerFact]
    public async Task ExecuteScalar_Execute_and_dynamic_rows()
    {
        await using ClickHouseConnection connection = Connection();

        await connection.ExecuteAsync("CREATE TABLE IF NOT EXISTS dapper_items (id UInt64, name String) ENGINE = Memory");
        await connection.ExecuteAsync("INSERT INTO dapper_items SELECT number, concat('n', toString(number)) FROM numbers(4)");
        ulong count = await connection.ExecuteScalarAsync<ulong>("SELECT count() FROM dapper_items");
        dynamic first = await connection.QueryFirstAsync("SELECT id, name FROM dapper_items ORDER BY id DESC");
        string name = await connection.QuerySingleAsync<string>("SELECT name FROM dapper_items WHERE id = 2");

        Assert.Equal(4UL, count);
        Assert.Equal(3UL, (ulong)first.id);
        Assert.Equal("n3", (string)first.name);
        Assert.Equal("n2", name);
    }

    public sealed class Dated
    {
        public DateOnly Day { get; set; }
        public DateTime DayAsDateTime { get; set; }
    }

    [ServerFact]
    public async Task Date_columns_map_to_DateOnly_and_DateTime_properties()
    {
        await using ClickHouseConnection connection = Connection();

        Dated row = await connection.QuerySingleAsync<Dated>("SELECT toDate('2025-01-02') AS Day, toDate('2025-01-03') AS DayAsDateTime");

        Assert.Equal((new DateOnly(2025, 1, 2), new DateTime(2025, 1, 3)), (row.Day, row.DayAsDateTime));
    }

    [ServerFact(MinimumVersion = "19.11")]
    public async Task Anonymous_object_parameters_travel_as_server_parameters()
    {
        await using ClickHouseConnection connection = Connection();

        List<PageViews> rows = (await connection.QueryAsync<PageViews>(
            "SELECT concat('p', toString(number)) AS Page, number AS Views, toDateTime('2025-01-01 00:00:00', 'UTC') AS Day, NULL AS Ratio FROM numbers(10) WHERE number >= @from AND Page != @skip",
            new { from = 7UL, skip = "p8" })).ToList();

        Assert.Equal(["p7", "p9"], rows.Select(r => r.Page));
    }
}
