using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>A body is read ahead on a thread of its own (<see cref="ReadAheadStream"/>) only once it has proved large.</summary>
public sealed class LargeBodyTests
{
    [Theory]
    [InlineData(100_000, false)] // 900 KB
    [InlineData(400_000, true)] // 3.6 MB
    public async Task Only_a_body_past_its_first_MiB_is_read_ahead_and_every_byte_arrives_in_order(int rowCount, bool readAhead)
    {
        byte[] data = Bodies.NumberRows(rowCount);
        Assert.Equal(readAhead, data.Length > ClickHouseResponseStream.ReadAheadAfter);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(data, 65_536));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        await using Stream body = await client.QueryStreamAsync("SELECT number, 0 AS thrown FROM numbers(400000) FORMAT RowBinary");
        var received = new MemoryStream();
        await body.CopyToAsync(received);

        Assert.Equal(data, received.ToArray());
        Assert.Equal(readAhead, Assert.IsType<ClickHouseResponseStream>(body).ReadingAhead);
    }

    [Fact]
    public async Task Rows_of_a_body_read_ahead_are_the_rows_sent()
    {
        byte[] data = Bodies.NumberRows(400_000);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(data, 10_000));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        List<NumberRow> rows = await client.QueryListAsync<NumberRow>("SELECT 1", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary });

        Assert.Equal(400_000, rows.Count);
        for (int i = 0; i < rows.Count; i++)
        {
            Assert.Equal((ulong)i, rows[i].Number);
        }
    }
}
