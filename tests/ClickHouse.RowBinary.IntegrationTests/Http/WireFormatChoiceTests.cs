using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// The format each request travels in when nothing says: inserts and the batch inserter Native, typed reads RowBinary
/// (docs/native-format.md measures both directions); rows with JSON or Dynamic columns, RowBinaryWithDefaults inserts
/// and inserts without the insert check RowBinary; a client's or a request's choice over the default.
/// </summary>
public sealed class WireFormatChoiceTests
{
    [Fact]
    public async Task By_default_inserts_go_as_Native_and_typed_reads_ask_for_Native()
    {
        EventRow[] rows = [EventRow.Numbered(1), EventRow.Numbered(2)];
        var native = new System.Buffers.ArrayBufferWriter<byte>();
        NativeSerializer.Write(native, rows);
        FakeClickHouse handler = new FakeClickHouse(request => FakeClickHouse.Ok(request.BodyText.StartsWith("SELECT", StringComparison.Ordinal) ? native.WrittenSpan.ToArray() : []))
            .Describing<EventRow>();
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        await client.InsertAsync("events", rows);
        Assert.Equal(rows, await client.QueryListAsync<EventRow>("SELECT id, name, code FROM events"));
        await foreach (EventRow row in client.QueryAsync<EventRow>("SELECT id, name, code FROM events"))
        {
            Assert.Contains(row, rows);
        }

        Assert.EndsWith(") FORMAT Native", Query(handler.Requests[0]), StringComparison.Ordinal);
        Assert.Equal(rows, NativeSerializer.ReadList<EventRow>(handler.Requests[0].DecodedBody));
        Assert.EndsWith("FORMAT Native", handler.Requests[1].BodyText, StringComparison.Ordinal);
        Assert.EndsWith("FORMAT Native", handler.Requests[2].BodyText, StringComparison.Ordinal);
    }

    [Fact]
    public async Task By_default_rows_with_JSON_or_Dynamic_columns_are_read_as_RowBinary()
    {
        var withHeader = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(withHeader, [new DocumentRow(1, """{"a":1}""")], RowBinaryFormat.RowBinaryWithNamesAndTypes);
        FakeClickHouse handler = new FakeClickHouse(_ => FakeClickHouse.Ok(withHeader.WrittenSpan.ToArray()));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        Assert.Single(await client.QueryListAsync<DocumentRow>("SELECT id, doc FROM docs"));

        Assert.EndsWith("FORMAT RowBinaryWithNamesAndTypes", Assert.Single(handler.Requests).BodyText, StringComparison.Ordinal);
    }

    [Fact]
    public async Task By_default_the_batch_inserter_sends_Native_blocks()
    {
        FakeClickHouse handler = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<EventRow>();
        using ClickHouseClient client = FakeClickHouse.Client(handler);
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            new ClickHouseBatchInserterOptions { MaxRows = 3, DeduplicationToken = false }))
        {
            await Task.WhenAll(Enumerable.Range(1, 3).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i))));
        }

        RecordedRequest insert = Assert.Single(handler.Requests, r => Query(r).StartsWith("INSERT", StringComparison.Ordinal));
        Assert.EndsWith(") FORMAT Native", Query(insert), StringComparison.Ordinal);
        Assert.Equal(3, NativeSerializer.ReadList<EventRow>(insert.DecodedBody).Count);
    }

    [Fact]
    public async Task Rows_with_JSON_or_Dynamic_columns_RowBinaryWithDefaults_and_unchecked_inserts_go_as_RowBinary_by_default()
    {
        FakeClickHouse handler = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing(TableColumns.Of<DocumentRow>());
        using ClickHouseClient client = FakeClickHouse.Client(handler);
        FakeClickHouse dynamicHandler = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing(TableColumns.Of<DynamicListRow>());
        using ClickHouseClient dynamicClient = FakeClickHouse.Client(dynamicHandler);
        FakeClickHouse defaultsHandler = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<DefaultedRow>();
        using ClickHouseClient defaultsClient = FakeClickHouse.Client(defaultsHandler);

        await client.InsertAsync("docs", [new DocumentRow(1, """{"a":1}""")]);
        await dynamicClient.InsertAsync("values", [new DynamicListRow(1, [ClickHouseDynamic.From(5L)])]);
        await defaultsClient.InsertAsync("defaults", [new DefaultedRow(1, null)], new ClickHouseInsertOptions { Format = RowBinaryFormat.RowBinaryWithDefaults });
        await defaultsClient.InsertAsync("defaults", [new DefaultedRow(2, "x")], new ClickHouseInsertOptions { CheckSchema = false });

        Assert.Matches(" FORMAT RowBinary(WithNamesAndTypes)?$", Query(Assert.Single(handler.Requests)));
        Assert.Matches(" FORMAT RowBinary(WithNamesAndTypes)?$", Query(Assert.Single(dynamicHandler.Requests)));
        Assert.Equal(2, defaultsHandler.Requests.Count);
        Assert.EndsWith(" FORMAT RowBinaryWithDefaults", Query(defaultsHandler.Requests[0]), StringComparison.Ordinal);
        Assert.EndsWith(") FORMAT RowBinary", Query(defaultsHandler.Requests[1]), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(ClickHouseWireFormat.RowBinary, ClickHouseWireFormat.Native, "Native")]
    [InlineData(ClickHouseWireFormat.Native, ClickHouseWireFormat.RowBinary, "RowBinary")]
    [InlineData(ClickHouseWireFormat.RowBinary, null, "RowBinary")]
    public async Task A_requests_choice_then_the_clients_decide_over_the_default(ClickHouseWireFormat client, ClickHouseWireFormat? request, string sent)
    {
        FakeClickHouse handler = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<EventRow>();
        using ClickHouseClient chosen = FakeClickHouse.Client(handler, o => o.WireFormat = client);

        await chosen.InsertAsync("events", [EventRow.Numbered(1)], new ClickHouseInsertOptions { WireFormat = request });

        Assert.EndsWith($") FORMAT {sent}", Query(Assert.Single(handler.Requests)), StringComparison.Ordinal);
    }

    private static string Query(RecordedRequest request) => request.Parameters.GetValueOrDefault("query") ?? request.BodyText;
}
