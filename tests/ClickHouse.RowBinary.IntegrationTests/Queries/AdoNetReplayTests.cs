using System.Data;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.ReplayServer;
using Dapper;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>
/// Parameters of ADO.NET commands and Dapper against a modern server (the local 18.16 predates query parameters): what
/// travels is recorded by the replay server, and ClickHouse 26.9 (the oracle) proves that the types given to
/// <c>@name</c> placeholders read every value back as it was.
/// </summary>
public sealed partial class AdoNetReplayTests
{
    [GeneratedRegex(@"\{(\w+):([^}]*)\}")]
    private static partial Regex TypedPlaceholder();

    private static Dictionary<string, string> PlaceholderTypes(string sql)
        => TypedPlaceholder().Matches(sql).ToDictionary(m => m.Groups[1].Value, m => m.Groups[2].Value);

    [OracleFact]
    public async Task The_types_given_to_placeholders_make_ClickHouse_read_each_value_back()
    {
        await using var server = new ReplayServer.ReplayServer(_ => ReplayResponse.Empty);
        await using var connection = new ClickHouseConnection(new ClickHouseClientOptions { Endpoint = server.Url });
        connection.Open();
        await using ClickHouseCommand command = connection.CreateCommand();
        command.CommandText = "SELECT " + string.Join(", ", ParameterCases.All.Select(c => "@" + c.Name));
        foreach ((string name, object? value, _) in ParameterCases.All)
        {
            command.Parameters.AddWithValue(name, value);
        }

        await command.ExecuteNonQueryAsync();

        ReplayRequest request = Assert.Single(server.Requests);
        Dictionary<string, string> types = PlaceholderTypes(request.Query);
        Assert.Equal(ParameterCases.All.Select(c => c.Name), types.Keys);
        string structure = string.Join(", ", ParameterCases.All.Select(c => $"{c.Name} {types[c.Name]}"));
        string line = string.Join('\t', ParameterCases.All.Select(c => request.Parameters["param_" + c.Name])) + "\n";
        using JsonDocument parsed = JsonDocument.Parse(Assert.Single(OracleProcess.Parse(structure, "TabSeparated", Encoding.UTF8.GetBytes(line))));
        foreach ((string name, _, _) in ParameterCases.All)
        {
            using JsonDocument expected = JsonDocument.Parse(ParameterCases.Json[name]);
            JsonElement actual = parsed.RootElement.GetProperty(name);
            Assert.True(JsonElement.DeepEquals(expected.RootElement, actual), $"{name} as {types[name]}: expected {ParameterCases.Json[name]}, ClickHouse read {actual.GetRawText()}");
        }
    }

    [Fact]
    public async Task Placeholders_in_literals_and_comments_stay_and_given_types_are_used()
    {
        await using var server = new ReplayServer.ReplayServer(_ => ReplayResponse.Empty);
        await using var connection = new ClickHouseConnection(new ClickHouseClientOptions { Endpoint = server.Url });
        connection.Open();
        await using ClickHouseCommand command = connection.CreateCommand();
        command.CommandText = "SELECT '@kept', \"@col\", `@ident` -- @comment\nFROM t WHERE a = @a AND b = {b:UInt8} /* @block */ AND c = @c AND d = @d";
        command.Parameters.AddWithValue("a", 5L);
        command.Parameters.AddWithValue("@b", 7);
        command.Parameters.Add(new ClickHouseParameter("c", "2025-01-02 03:04:05.123", "DateTime64(3)"));
        command.Parameters.Add(new ClickHouseParameter { ParameterName = "d", Value = DBNull.Value, DbType = DbType.Int32 });

        await command.ExecuteNonQueryAsync();

        ReplayRequest request = Assert.Single(server.Requests);
        Assert.Contains("'@kept', \"@col\", `@ident` -- @comment\nFROM t WHERE a = {a:Int64} AND b = {b:UInt8} /* @block */ AND c = {c:DateTime64(3)} AND d = {d:Nullable(Int32)}",
            request.Query, StringComparison.Ordinal);
        Assert.Equal(("5", "7", "2025-01-02 03:04:05.123", "\\N"),
            (request.Parameters["param_a"], request.Parameters["param_b"], request.Parameters["param_c"], request.Parameters["param_d"]));
    }

    [Fact]
    public async Task A_value_that_does_not_fit_its_type_or_a_missing_parameter_fails_before_anything_is_sent()
    {
        await using var server = new ReplayServer.ReplayServer(_ => ReplayResponse.Empty);
        await using var connection = new ClickHouseConnection(new ClickHouseClientOptions { Endpoint = server.Url });
        connection.Open();
        await using ClickHouseCommand command = connection.CreateCommand();
        command.CommandText = "SELECT @n";
        command.Parameters.Add(new ClickHouseParameter("n", 300, "UInt8"));

        ArgumentException tooBig = await Assert.ThrowsAsync<ArgumentException>(() => command.ExecuteNonQueryAsync());
        command.Parameters.Clear();
        command.Parameters.AddWithValue("n", new DateTime(2025, 1, 2), "Int32");
        ArgumentException date = await Assert.ThrowsAsync<ArgumentException>(() => command.ExecuteNonQueryAsync());
        command.Parameters.Clear();
        command.Parameters.AddWithValue("n", new byte[] { 1 });
        ArgumentException bytes = await Assert.ThrowsAsync<ArgumentException>(() => command.ExecuteNonQueryAsync());
        command.Parameters.Clear();
        ArgumentException missing = await Assert.ThrowsAsync<ArgumentException>(() => command.ExecuteNonQueryAsync());

        Assert.Contains("Parameter 'n' is declared as UInt8, but its value is a int (300)", tooBig.Message, StringComparison.Ordinal);
        Assert.Contains("Parameter 'n' is declared as Int32, but its value is a DateTime", date.Message, StringComparison.Ordinal);
        Assert.Contains("'n'", bytes.Message, StringComparison.Ordinal);
        Assert.Contains("byte[]", bytes.Message, StringComparison.Ordinal);
        Assert.Contains("@n", missing.Message, StringComparison.Ordinal);
        Assert.Empty(server.Requests);
    }

    public sealed class Visit
    {
        public string Page { get; set; } = "";
        public ulong Views { get; set; }
    }

    [OracleFact]
    public async Task Dapper_sends_anonymous_object_parameters_and_maps_the_answer()
    {
        byte[] visits = OracleProcess.Query(
            "SELECT * FROM (SELECT 'p7' AS Page, toUInt64(70) AS Views UNION ALL SELECT 'p9', toUInt64(90)) ORDER BY Page", "RowBinaryWithNamesAndTypes");
        byte[] count = OracleProcess.Query("SELECT count() FROM numbers(3)", "RowBinaryWithNamesAndTypes");
        await using var server = new ReplayServer.ReplayServer(request => request.Query.Contains("count()", StringComparison.Ordinal)
            ? new ReplayResponse(count, "RowBinaryWithNamesAndTypes")
            : request.IsInsert ? ReplayResponse.Empty : new ReplayResponse(visits, "RowBinaryWithNamesAndTypes"));
        await using var connection = new ClickHouseConnection(new ClickHouseClientOptions { Endpoint = server.Url });

        List<Visit> rows = (await connection.QueryAsync<Visit>("SELECT page AS Page, views AS Views FROM visits WHERE views >= @least AND page != @skip AND day = @day",
            new { least = 7UL, skip = "p8", day = new DateOnly(2025, 1, 2) })).ToList();
        ulong counted = await connection.ExecuteScalarAsync<ulong>("SELECT count() FROM visits WHERE id IN @ids", new { ids = new[] { 1, 2, 3 } });
        await connection.ExecuteAsync("INSERT INTO visits SELECT * FROM staging WHERE page = @page", new { page = "p1" });

        Assert.Equal([("p7", 70UL), ("p9", 90UL)], rows.Select(r => (r.Page, r.Views)));
        Assert.Equal(3UL, counted);
        ReplayRequest[] requests = [.. server.Requests];
        Assert.Contains("views >= {least:UInt64} AND page != {skip:String} AND day = {day:Date}", requests[0].Query, StringComparison.Ordinal);
        Assert.Equal(("7", "p8", "2025-01-02"), (requests[0].Parameters["param_least"], requests[0].Parameters["param_skip"], requests[0].Parameters["param_day"]));
        // Dapper passes a list whole to a connection named ClickHouseConnection (it knows ClickHouse has arrays): IN takes an array.
        Assert.Contains("id IN {ids:Array(Int32)}", requests[1].Query, StringComparison.Ordinal);
        Assert.Equal("[1,2,3]", requests[1].Parameters["param_ids"]);
        Assert.Contains("WHERE page = {page:String}", requests[2].Query, StringComparison.Ordinal);
        Assert.Null(server.Failure);
    }
}
