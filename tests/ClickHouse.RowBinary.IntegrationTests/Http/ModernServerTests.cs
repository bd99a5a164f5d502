using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>A row read by name from a header whose columns come in another order.</summary>
[ClickHouseRow]
public sealed partial record PersonRow
{
    [ClickHouseColumn("id")] public uint Id { get; init; }
    [ClickHouseColumn("name")] public string Name { get; init; } = "";
    [ClickHouseColumn("tags")] public string[] Tags { get; init; } = [];
    [ClickHouseColumn("ts", Type = "DateTime64(3, 'UTC')")] public DateTime Ts { get; init; }

    public bool Same(PersonRow other) => Id == other.Id && Name == other.Name && Tags.SequenceEqual(other.Tags) && Ts == other.Ts;
}

/// <summary>
/// What the client does against a modern server (which Debian's 18.16 cannot show): the replay server answers with
/// bytes ClickHouse 26.9 produced (the oracle, at test time) and records what the client sent, over real HTTP.
/// </summary>
public sealed class ModernServerTests
{
    private const string People = """
        SELECT * FROM (
            SELECT toDateTime64('2025-01-02 03:04:05.678', 3, 'UTC') AS ts, ['a', 'b'] AS tags, 'Zoë' AS name, toUInt32(7) AS id
            UNION ALL SELECT toDateTime64('1969-12-31 23:59:59.999', 3, 'UTC'), [], '', toUInt32(4294967295))
        ORDER BY id
        """;

    private static readonly PersonRow[] s_people =
    [
        new() { Id = 7, Name = "Zoë", Tags = ["a", "b"], Ts = new DateTime(2025, 1, 2, 3, 4, 5, 678, DateTimeKind.Utc) },
        new() { Id = uint.MaxValue, Name = "", Tags = [], Ts = new DateTime(1969, 12, 31, 23, 59, 59, 999, DateTimeKind.Utc) },
    ];

    [OracleFact]
    public async Task Columns_in_another_order_are_read_by_name_through_the_client()
    {
        byte[] answer = TestSupport.OracleProcess.Query(People, "RowBinaryWithNamesAndTypes");
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "RowBinaryWithNamesAndTypes"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });

        List<PersonRow> rows = await client.QueryListAsync<PersonRow>("SELECT ts, tags, name, id FROM people");

        Assert.Equal(s_people.Length, rows.Count);
        Assert.All(s_people.Zip(rows), pair => Assert.True(pair.First.Same(pair.Second), $"{pair.Second} read, {pair.First} expected"));
        Assert.EndsWith("FORMAT RowBinaryWithNamesAndTypes", Assert.Single(server.Requests).Query.Trim(), StringComparison.Ordinal);
        Assert.Null(server.Failure);
    }

    [OracleFact]
    public async Task A_header_that_does_not_fit_the_row_type_is_a_schema_mismatch_through_the_client_before_any_row()
    {
        byte[] answer = TestSupport.OracleProcess.Query(People.Replace("toUInt32(7) AS id", "toUInt64(7) AS id", StringComparison.Ordinal)
            .Replace("toUInt32(4294967295)", "toUInt64(4294967295)", StringComparison.Ordinal), "RowBinaryWithNamesAndTypes");
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "RowBinaryWithNamesAndTypes"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });
        int yielded = 0;

        RowBinarySchemaMismatchException error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(async () =>
        {
            await foreach (PersonRow _ in client.QueryAsync<PersonRow>("SELECT ts, tags, name, id FROM people"))
            {
                yielded++;
            }
        });

        Assert.Equal(0, yielded);
        Assert.Contains("'id'", error.Message, StringComparison.Ordinal);
        Assert.Contains("UInt64", error.Message, StringComparison.Ordinal);
        Assert.Contains("UInt32", error.Message, StringComparison.Ordinal);
    }

    [OracleFact]
    public async Task What_the_client_sends_as_RowBinaryWithDefaults_ClickHouse_reads_with_the_defaults_filled_in()
    {
        (string, string)[] table = [("id", "UInt32"), ("label", "Nullable(String)")];
        DefaultedRow[] rows = [new(1, null), new(2, "given"), new(3, "")];
        const string structure = "id UInt32, label Nullable(String) DEFAULT 'server'";
        string[] expected = ["""{"id":1,"label":"server"}""", """{"id":2,"label":"given"}""", """{"id":3,"label":""}"""];

        // A server that reads RowBinaryWithNamesAndTypesAndDefaults (26.6 and later) gets the table's header first; an older one the rows alone.
        foreach ((bool withHeader, string format) in new[] { (true, "RowBinaryWithNamesAndTypesAndDefaults"), (false, "RowBinaryWithDefaults") })
        {
            await using var server = new ReplayServer.ReplayServer(request => TableSchemaAnswer.IsProbe(request)
                ? new ReplayResponse(TableSchemaAnswer.Bytes(table, checksHeader: true, readsHeaderWithDefaults: withHeader))
                : ReplayResponse.Empty);
            using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });

            await client.InsertAsync("labels", rows, new ClickHouseInsertOptions { Format = RowBinaryFormat.RowBinaryWithDefaults });

            ReplayRequest insert = Assert.Single(server.Requests, r => r.IsInsert);
            Assert.Equal($"INSERT INTO `labels` (`id`, `label`) FORMAT {format}", insert.Parameters["query"]);
            Assert.Equal(expected, TestSupport.OracleProcess.Parse(structure, format, insert.DecodedBody));
        }
    }

    [Fact]
    public async Task Query_parameters_reach_a_modern_server_as_param_URL_parameters()
    {
        byte[] answer = [];
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "RowBinaryWithNamesAndTypes"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [new CountRow(5)], RowBinaryFormat.RowBinaryWithNamesAndTypes);
        answer = buffer.WrittenSpan.ToArray();

        List<CountRow> rows = await client.QueryListAsync<CountRow>("SELECT number FROM numbers(10) WHERE number = {n:UInt64} AND {day:Date} > '2000-01-01' AND {s:String} != ''",
            new Dictionary<string, object?> { ["n"] = 5UL, ["day"] = new DateOnly(2025, 1, 2), ["s"] = "it's \\ tab\t" });

        Assert.Equal([5UL], rows.Select(r => r.Number));
        ReplayRequest request = Assert.Single(server.Requests);
        Assert.Equal(("5", "2025-01-02", "it\\'s \\\\ tab\\t"), (request.Parameters["param_n"], request.Parameters["param_day"], request.Parameters["param_s"]));
        Assert.Contains("{n:UInt64}", request.Query, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_batch_retried_against_a_server_with_deduplication_carries_one_token_over_real_HTTP()
    {
        int inserts = 0;
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(TableColumns.Of<EventRow>(), request => request.IsInsert
            ? Interlocked.Increment(ref inserts) == 1 ? ReplayResponse.Error(252, "Too many parts (300)") : ReplayResponse.Empty
            : new ReplayResponse(System.Text.Encoding.UTF8.GetBytes(RecordedSettings.ClickHouse26_9))));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            new ClickHouseBatchInserterOptions { MaxRows = 2, RetryDelay = TimeSpan.FromMilliseconds(1) }))
        {
            await Task.WhenAll(inserter.InsertAsync(EventRow.Numbered(1)), inserter.InsertAsync(EventRow.Numbered(2)));
        }

        ReplayRequest[] attempts = [.. server.Requests.Where(r => r.IsInsert)];
        Assert.Equal(2, attempts.Length);
        string token = attempts[0].Parameters["insert_deduplication_token"];
        Assert.Equal(token, attempts[1].Parameters["insert_deduplication_token"]);
        Assert.NotEqual(attempts[0].Parameters["query_id"], attempts[1].Parameters["query_id"]);
        Assert.All(attempts, a => Assert.Equal("deflate", a.Header("Content-Encoding")));
        Assert.All(attempts, a => Assert.Equal(a.BodyLength.ToString(System.Globalization.CultureInfo.InvariantCulture), a.Header("Content-Length")));
        Assert.Equal(attempts[0].Body, attempts[1].Body);
    }
}
