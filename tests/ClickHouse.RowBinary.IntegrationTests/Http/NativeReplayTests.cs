using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Schema;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>A row with a JSON column, read in Native as text.</summary>
[ClickHouseRow]
public sealed partial record JsonNoteRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("doc", Type = "JSON")] string Doc);

/// <summary>
/// Native through the client against ClickHouse 26.9's own bytes (the replay server answers with what the oracle
/// wrote and records what the client sent), and server errors in the middle of a Native result in every generation.
/// </summary>
public sealed class NativeReplayTests
{
    private static readonly ClickHouseQueryOptions InNative = new() { WireFormat = ClickHouseWireFormat.Native };

    private const string People = """
        SELECT * FROM (
            SELECT toDateTime64('2025-01-02 03:04:05.678', 3, 'UTC') AS ts, ['a', 'b'] AS tags, 'Zoë' AS name, toUInt32(7) AS id
            UNION ALL SELECT toDateTime64('1969-12-31 23:59:59.999', 3, 'UTC'), [], '', toUInt32(4294967295))
        ORDER BY id
        """;

    [OracleFact]
    public async Task A_Native_answer_is_read_by_name_and_the_query_asks_for_Native()
    {
        byte[] answer = TestSupport.OracleProcess.Query(People, "Native");
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "Native"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });

        List<PersonRow> rows = await client.QueryListAsync<PersonRow>("SELECT ts, tags, name, id FROM people;", InNative);

        Assert.Equal([7u, uint.MaxValue], rows.Select(r => r.Id));
        Assert.Equal(["Zoë", ""], rows.Select(r => r.Name));
        Assert.Equal(["a", "b"], rows[0].Tags);
        Assert.Equal(new DateTime(1969, 12, 31, 23, 59, 59, 999, DateTimeKind.Utc), rows[1].Ts);
        ReplayRequest request = Assert.Single(server.Requests);
        Assert.EndsWith("\nFORMAT Native", request.Query.Trim(), StringComparison.Ordinal);
        Assert.Equal("8192", request.Parameters["max_block_size"]); // a list too: its reader holds a block's bytes
        Assert.Null(server.Failure);
    }

    [OracleFact]
    public async Task JSON_columns_are_asked_for_as_text_and_streams_for_small_blocks_without_touching_the_callers_options()
    {
        byte[] answer = TestSupport.OracleProcess.Query(
            """SELECT toUInt32(1) AS id, '{"a":{"b":42},"c":"x"}'::JSON AS doc SETTINGS output_format_native_write_json_as_string = 1""", "Native");
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "Native"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.Native });
        var options = new ClickHouseQueryOptions { QueryId = "json-native" };

        JsonNoteRow row = await client.QueryFirstAsync<JsonNoteRow>("SELECT id, doc FROM notes", options);

        Assert.Equal("""{"a":{"b":42},"c":"x"}""", row.Doc);
        ReplayRequest request = Assert.Single(server.Requests);
        Assert.Equal("1", request.Parameters["output_format_native_write_json_as_string"]);
        Assert.Equal("json-native", request.Parameters["query_id"]);
        Assert.Equal("8192", request.Parameters["max_block_size"]);
        Assert.Empty(options.Settings);

        options.Settings["max_block_size"] = "100";
        await client.QueryFirstAsync<JsonNoteRow>("SELECT id, doc FROM notes", options);
        Assert.Equal("100", server.Requests.Last().Parameters["max_block_size"]);
    }

    [OracleFact]
    public async Task An_insert_sends_blocks_naming_the_table_types_that_ClickHouse_26_9_reads_back_as_the_rows()
    {
        (string Name, string Type)[] table =
            [("page", "LowCardinality(String)"), ("at", "DateTime('Europe/Berlin')"), ("level", "Enum8('LOW' = 1, 'HIGH' = 2)"), ("pair", "Tuple(UInt8, String)")];
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(table, _ => ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.Native });
        var at = new DateTime(2025, 6, 1, 12, 0, 0, DateTimeKind.Utc);

        await client.InsertAsync("loose", new[] { new LooseRow("/a", at, 2, (7, "x")), new LooseRow("/b", at.AddSeconds(1), 1, (8, "")) });

        ReplayRequest insert = Assert.Single(server.Requests, r => r.IsInsert);
        Assert.Equal("INSERT INTO `loose` (`page`, `at`, `level`, `pair`) FORMAT Native", insert.Parameters["query"]);
        Assert.DoesNotContain("input_format_with_types_use_header", insert.Parameters.Keys);
        Assert.Equal(
            [
                """{"page":"\/a","at":"2025-06-01 14:00:00","level":"HIGH","pair":[7,"x"]}""",
                """{"page":"\/b","at":"2025-06-01 14:00:01","level":"LOW","pair":[8,""]}""",
            ],
            TestSupport.OracleProcess.Parse(string.Join(", ", table.Select(c => $"{c.Name} {c.Type}")), "Native", insert.DecodedBody));
        Assert.NotEqual(Bodies.Native(new[] { new LooseRow("/a", at, 2, (7, "x")), new LooseRow("/b", at.AddSeconds(1), 1, (8, "")) }), insert.DecodedBody); // the row type's own names (String, Enum8('low'...)) were not sent
    }

    [Fact]
    public async Task Native_is_refused_with_RowBinaryWithDefaults_or_a_RowBinary_format_and_RowBinaryWithDefaults_stays_RowBinary()
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<NumberRow>();
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => o.WireFormat = ClickHouseWireFormat.Native);

        await Assert.ThrowsAsync<ArgumentException>(() => client.InsertAsync("numbers", new[] { new NumberRow(1, 0) },
            new ClickHouseInsertOptions { Format = RowBinaryFormat.RowBinaryWithDefaults, WireFormat = ClickHouseWireFormat.Native }));
        await Assert.ThrowsAsync<ArgumentException>(() => client.QueryListAsync<NumberRow>("SELECT 1",
            new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary, WireFormat = ClickHouseWireFormat.Native }));
        Assert.Empty(handler.Requests);

        await client.InsertAsync("numbers", new[] { new NumberRow(1, 0) }, new ClickHouseInsertOptions { Format = RowBinaryFormat.RowBinaryWithDefaults });
        Assert.EndsWith("FORMAT RowBinaryWithDefaults", Assert.Single(handler.Requests).Parameters["query"], StringComparison.Ordinal);
    }

    public static TheoryData<string, int> Generations()
    {
        var data = new TheoryData<string, int>();
        foreach (string generation in new[] { "gen1-18.x", "gen1", "gen2", "gen3" })
        {
            foreach (int chunk in new[] { 7, 4096, 65_537 })
            {
                data.Add(generation, chunk);
            }
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Generations))]
    public async Task Every_block_before_a_server_error_then_the_error(string generation, int chunk)
    {
        const int rowCount = 100_000; // two blocks
        byte[] data = Bodies.Native(Enumerable.Range(0, rowCount).Select(i => new NumberRow((ulong)i, 0)));
        var handler = new FakeClickHouse(_ => MidStreamErrorTests.Respond(generation, data, chunk));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var rows = new List<NumberRow>();
        var error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach (NumberRow row in client.QueryAsync<NumberRow>("SELECT number, throwIf(number = 100000) AS thrown FROM numbers(200000)", InNative))
            {
                rows.Add(row);
            }
        });

        Assert.Equal(395, error.Code);
        Assert.Equal(HttpStatusCode.OK, error.StatusCode);
        Assert.DoesNotContain("__exception__", error.ServerMessage);
        Assert.Equal(Enumerable.Range(0, rowCount).Select(i => new NumberRow((ulong)i, 0)), rows);
        await Assert.ThrowsAsync<ClickHouseServerException>(() => client.QueryListAsync<NumberRow>("SELECT 1", InNative));
    }
}
