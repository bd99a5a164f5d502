using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Schema;

/// <summary>
/// The insert check where the server checks too (ClickHouse 21.12 and later, answered as 26.9 does): the rows go as
/// RowBinaryWithNamesAndTypes with the table's own type names, which ClickHouse 26.9 accepts, and a refusal that says
/// the table changed makes the client ask again. Also: one probe for many first callers, and the one rule set. The
/// clients insert RowBinary (Native blocks name their columns' types themselves: NativeWireTests).
/// </summary>
public sealed class ModernInsertCheckTests
{
    /// <summary>LooseRow's table as a server describes it: the same bytes, other type names.</summary>
    private static readonly (string Name, string Type)[] s_looseTable =
    [
        ("page", "LowCardinality(String)"), ("at", "DateTime('Europe/Berlin')"), ("level", "Enum8('LOW' = 1, 'HIGH' = 2)"),
        ("pair", "Tuple(UInt8, String)"),
    ];

    /// <summary>ClickHouse 26.9's refusal of a header whose type differs from the table's (the oracle's words, code 117).</summary>
    private const string HeaderRefusal =
        "Type of 'at' must be DateTime64(3, 'UTC'), not DateTime('Europe/Berlin'): (while reading header): While executing BinaryRowInputFormat. (INCORRECT_DATA)";

    private static readonly LooseRow[] s_rows = [new("home", new DateTime(2025, 6, 1, 12, 0, 0, DateTimeKind.Utc), 2, (7, "x"))];

    [Fact]
    public async Task Rows_go_with_a_header_of_the_tables_own_type_names_and_the_server_told_to_check_it()
    {
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(s_looseTable, _ => ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });

        ClickHouseInsertResult result = await client.InsertAsync("loose", s_rows);

        ReplayRequest insert = Assert.Single(server.Requests, r => r.IsInsert);
        Assert.Equal("INSERT INTO `loose` (`page`, `at`, `level`, `pair`) FORMAT RowBinaryWithNamesAndTypes", insert.Parameters["query"]);
        Assert.Equal(("1", "1"), (insert.Parameters["input_format_with_names_use_header"], insert.Parameters["input_format_with_types_use_header"]));
        byte[] body = insert.DecodedBody;
        var reader = new RowBinaryReader(body);
        RowBinaryHeader header = RowBinaryHeader.Read(ref reader);
        Assert.Equal(s_looseTable.Select(c => c.Name), header.Names);
        Assert.Equal(s_looseTable.Select(c => c.Type), header.Types);
        Assert.Equal(Tables(s_rows), body.AsSpan((int)reader.Offset).ToArray());
        Assert.Equal(body.Length, result.Bytes);
    }

    [OracleFact]
    public async Task ClickHouse_reads_what_is_sent_as_the_table_and_refuses_it_once_the_table_has_changed()
    {
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(s_looseTable, _ => ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });

        await client.InsertAsync("loose", s_rows);

        byte[] body = Assert.Single(server.Requests, r => r.IsInsert).DecodedBody;
        string table = string.Join(", ", s_looseTable.Select(c => $"{c.Name} {c.Type}"));
        Assert.Equal(["""{"page":"home","at":"2025-06-01 14:00:00","level":"HIGH","pair":[7,"x"]}"""],
            TestSupport.OracleProcess.Parse(table, "RowBinaryWithNamesAndTypes", body));
        var changed = Assert.Throws<InvalidOperationException>(
            () => TestSupport.OracleProcess.Parse(table.Replace("DateTime('Europe/Berlin')", "DateTime64(3, 'UTC')", StringComparison.Ordinal), "RowBinaryWithNamesAndTypes", body));
        Assert.Contains("Type of 'at' must be DateTime64(3, 'UTC'), not DateTime('Europe/Berlin')", changed.Message);
    }

    [Fact]
    public async Task A_refusal_that_says_the_table_changed_makes_the_next_insert_ask_again()
    {
        int inserts = 0;
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(s_looseTable, request => request.IsInsert
            ? Interlocked.Increment(ref inserts) == 2 ? ReplayResponse.Error(117, HeaderRefusal, 400) : ReplayResponse.Empty
            : ReplayResponse.Error(62, "unexpected query")));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });

        await client.InsertAsync("loose", s_rows);
        var refused = await Assert.ThrowsAsync<ClickHouseServerException>(() => client.InsertAsync("loose", s_rows));
        int probesBeforeRetry = server.Requests.Count(TableSchemaAnswer.IsProbe);
        await client.InsertAsync("loose", s_rows);
        await client.InsertAsync("loose", s_rows);

        Assert.Equal(117, refused.Code);
        Assert.Equal(1, probesBeforeRetry); // the first insert asked, the second used what it knew
        Assert.Equal(2, server.Requests.Count(TableSchemaAnswer.IsProbe)); // the refusal made the third ask again; the fourth did not
    }

    [Fact]
    public async Task A_thousand_concurrent_first_inserts_ask_the_server_once()
    {
        int probes = 0;
        var probeAnswered = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        byte[] description = TableSchemaAnswer.Bytes(TableColumns.Of<NoteRow>(), checksHeader: true);
        var fake = new FakeClickHouse(async request =>
        {
            if (!TableSchemaAnswer.IsProbe(request.BodyText))
            {
                return FakeClickHouse.Ok([]);
            }
            Interlocked.Increment(ref probes);
            await probeAnswered.Task; // held until every caller is waiting for it
            return FakeClickHouse.Ok(description);
        });
        using ClickHouseClient client = FakeClickHouse.Client(fake);

        Task[] inserts = [.. Enumerable.Range(0, 1000).Select(i => client.InsertAsync("notes", new[] { new NoteRow((uint)i, "n") }))];
        await Task.Delay(50);
        probeAnswered.SetResult();
        await Task.WhenAll(inserts).WaitAsync(TimeSpan.FromSeconds(60));

        Assert.Equal(1, probes);
        Assert.Equal(1000, fake.Requests.Count(r => r.Parameters.GetValueOrDefault("query", "").StartsWith("INSERT", StringComparison.Ordinal)));
    }

    [Fact]
    public async Task A_failed_probe_is_not_kept_and_the_next_insert_asks_again()
    {
        int probes = 0;
        var fake = new FakeClickHouse(request => !TableSchemaAnswer.IsProbe(request.BodyText)
            ? FakeClickHouse.Ok([])
            : Interlocked.Increment(ref probes) == 1
                ? FakeClickHouse.Error(HttpStatusCode.ServiceUnavailable, "Code: 202. DB::Exception: Too many simultaneous queries.", 202)
                : FakeClickHouse.Ok(TableSchemaAnswer.Bytes(TableColumns.Of<NoteRow>())));
        using ClickHouseClient client = FakeClickHouse.Client(fake);

        Assert.Equal(202, (await Assert.ThrowsAsync<ClickHouseServerException>(() => client.InsertAsync("notes", new[] { new NoteRow(1, "n") }))).Code);
        await client.InsertAsync("notes", new[] { new NoteRow(2, "n") });

        Assert.Equal(2, probes);
        Assert.Single(fake.Requests, r => r.Parameters.GetValueOrDefault("query", "").StartsWith("INSERT", StringComparison.Ordinal));
    }

    [Fact]
    public async Task The_batch_inserter_sends_the_header_with_every_batch()
    {
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(s_looseTable, _ => ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });
        await using (ClickHouseBatchInserter<LooseRow> inserter = client.CreateBatchInserter<LooseRow>("loose",
            new ClickHouseBatchInserterOptions { MaxRows = 1, DeduplicationToken = false }))
        {
            await inserter.InsertAsync(s_rows[0]);
            await inserter.InsertAsync(s_rows[0]);
        }

        ReplayRequest[] batches = [.. server.Requests.Where(r => r.IsInsert)];
        Assert.Equal(2, batches.Length);
        Assert.Single(server.Requests, TableSchemaAnswer.IsProbe);
        Assert.All(batches, batch =>
        {
            Assert.EndsWith("FORMAT RowBinaryWithNamesAndTypes", batch.Parameters["query"], StringComparison.Ordinal);
            var reader = new RowBinaryReader(batch.DecodedBody);
            Assert.Equal(s_looseTable.Select(c => c.Type), RowBinaryHeader.Read(ref reader).Types);
        });
    }

    /// <summary>One rule set: what a read accepts in a result's header is what an INSERT accepts in the table, column by column.</summary>
    [Theory]
    [InlineData("s", "LowCardinality(String)", true)]
    [InlineData("s", "SimpleAggregateFunction(any, String)", true)]
    [InlineData("s", "FixedString(3)", false)]
    [InlineData("s", "Nullable(String)", false)]
    [InlineData("dt", "DateTime('Europe/Berlin')", true)]
    [InlineData("dt", "DateTime64(3)", false)]
    [InlineData("dt", "UInt32", false)]
    [InlineData("u", "SimpleAggregateFunction(sum, UInt64)", true)]
    [InlineData("u", "LowCardinality(UInt64)", true)]
    [InlineData("u", "Int64", false)]
    [InlineData("e", "Enum8('x' = 1, 'y' = 2)", true)]
    [InlineData("e", "Enum8('a' = 1)", false)]
    [InlineData("e", "Enum16('a' = 1, 'b' = 2)", false)]
    [InlineData("ni", "LowCardinality(Nullable(Int32))", true)]
    [InlineData("ni", "Int32", false)]
    [InlineData("d", "Decimal64(4)", true)]
    [InlineData("d", "Decimal(18, 2)", false)]
    [InlineData("arr", "Array(LowCardinality(Int64))", true)]
    [InlineData("arr", "Array(Nullable(Int64))", false)]
    [InlineData("t", "Tuple(x UInt8, y String)", true)]
    [InlineData("t", "Tuple(UInt8, String)", true)]
    [InlineData("t", "Tuple(UInt8, String, String)", false)]
    [InlineData("t", "Tuple(UInt8, String", false)]
    [InlineData("q", "QBit(Float32, 16, 8)", true)]
    [InlineData("q", "QBit(Float32, 8)", false)]
    [InlineData("q", "QBit(BFloat16, 16)", false)]
    [InlineData("q", "Array(Float32)", false)]
    [InlineData("mp", "Ring", false)]
    [InlineData("mp", "Array(Point)", false)]
    [InlineData("g", "Variant(LineString, MultiLineString, MultiPolygon, Point, Polygon, Ring)", false)]
    [InlineData("g", "AggregateFunction(any, Point)", false)]
    public async Task Reads_and_inserts_accept_the_same_types(string column, string tableType, bool fits)
    {
        IEnumerable<(string Name, string Type)> table = TableColumns.Of<RuleRow>().Select(c => c.Name == column ? (c.Name, tableType) : c);
        using ClickHouseClient client = FakeClickHouse.Client(new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing(table));
        string rowType = ClickHouseRowSchema.Of<RuleRow>().Columns.Single(c => c.Name == column).Type;

        IReadOnlyList<RowBinaryColumnMismatch> mismatches = await client.ValidateTableAsync<RuleRow>("rules");
        bool readAccepts = ReadAccepts(rowType, tableType);

        Assert.Equal(fits, mismatches.Count == 0);
        Assert.Equal(fits, readAccepts);
        if (!fits)
        {
            RowBinaryColumnMismatch mismatch = Assert.Single(mismatches);
            Assert.Equal((column, RowBinaryColumnMismatchKind.TypeMismatch, rowType, tableType), (mismatch.Column, mismatch.Kind, mismatch.ExpectedType, mismatch.ActualType));
        }
    }

    [Fact]
    public async Task Omitted_columns_may_take_their_types_default_when_the_insert_says_so()
    {
        FakeClickHouse fake = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing([("id", "UInt32"), ("note", "String"), ("plain", "UInt32")]);
        using ClickHouseClient client = FakeClickHouse.Client(fake);
        var options = new ClickHouseInsertOptions();
        options.Settings["input_format_defaults_for_omitted_fields"] = "1";

        Assert.Equal(RowBinaryColumnMismatchKind.MissingFromRowType, Assert.Single(await client.ValidateTableAsync<NoteRow>("notes")).Kind);
        Assert.Empty(await client.ValidateTableAsync<NoteRow>("notes", options));
        await client.InsertAsync("notes", new[] { new NoteRow(1, "n") }, options);
        Assert.Single(fake.Requests);
    }

    /// <summary>What the check of a result's header says (a type that cannot be parsed does not fit there either).</summary>
    private static bool ReadAccepts(string rowType, string dataType)
    {
        try
        {
            return RowBinaryHeaderChecker.IsCompatible(rowType, dataType);
        }
        catch (ClickHouseTypeParseException)
        {
            return false;
        }
    }

    private static byte[] Tables<T>(IEnumerable<T> rows) where T : IClickHouseRow<T>
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows);
        return buffer.WrittenSpan.ToArray();
    }
}
