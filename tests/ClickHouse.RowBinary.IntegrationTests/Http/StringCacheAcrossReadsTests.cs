using ClickHouse.RowBinary.IntegrationTests.Batching;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// A client remembers per row type whether its reads' string caches paid: after two reads whose names never repeated,
/// the next reads of that row type decode every value (no repeated value shared), lists and streams alike; other row
/// types and other clients are not affected.
/// </summary>
public sealed class StringCacheAcrossReadsTests
{
    private static readonly ClickHouseQueryOptions s_rowBinary = new() { Format = RowBinaryFormat.RowBinary };

    private static FakeClickHouse Answering()
    {
        byte[] distinct = Server.Tables.RowBinaryOf(Enumerable.Range(0, 300).Select(i => EventRow.Numbered((uint)i)));
        byte[] repeating = Server.Tables.RowBinaryOf(Enumerable.Range(0, 300).Select(i => new EventRow((uint)i, $"event {i % 10}", "ok")));
        return new FakeClickHouse(request => FakeClickHouse.Ok(request.BodyText.Contains("distinct", StringComparison.Ordinal) ? distinct : repeating));
    }

    [Fact]
    public async Task After_two_reads_of_names_that_never_repeat_the_next_reads_of_the_row_type_decode_every_name()
    {
        FakeClickHouse server = Answering();
        using ClickHouseClient client = FakeClickHouse.Client(server);
        using ClickHouseClient other = FakeClickHouse.Client(server);

        List<EventRow> first = await client.QueryListAsync<EventRow>("SELECT * FROM repeating", s_rowBinary);
        Assert.Same(first[0].Name, first[10].Name);
        await client.QueryListAsync<EventRow>("SELECT * FROM distinct", s_rowBinary);
        await client.QueryListAsync<EventRow>("SELECT * FROM distinct", s_rowBinary);

        List<EventRow> listed = await client.QueryListAsync<EventRow>("SELECT * FROM repeating", s_rowBinary);
        List<EventRow> streamed = await client.QueryAsync<EventRow>("SELECT * FROM repeating", s_rowBinary).ToListAsync();
        List<MutableEventRow> otherType = await client.QueryListAsync<MutableEventRow>("SELECT * FROM repeating", s_rowBinary);
        List<EventRow> otherClient = await other.QueryListAsync<EventRow>("SELECT * FROM repeating", s_rowBinary);

        Assert.Equal(first, listed);
        Assert.Equal(first, streamed);
        Assert.NotSame(listed[0].Name, listed[10].Name);
        Assert.NotSame(streamed[0].Name, streamed[10].Name);
        Assert.Same(otherType[0].Name, otherType[10].Name);
        Assert.Same(otherClient[0].Name, otherClient[10].Name);
    }
}
