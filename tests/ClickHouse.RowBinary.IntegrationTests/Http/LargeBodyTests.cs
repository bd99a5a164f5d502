using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// A body is read ahead on a thread of its own (<see cref="ReadAheadStream"/>) only once it has proved large, and only
/// while it arrives faster than it is read (its reads fill all the room they are offered) or is compressed.
/// </summary>
public sealed class LargeBodyTests
{
    [Theory]
    [InlineData(100_000, 1 << 20, false)] // 900 KB
    [InlineData(400_000, 1 << 20, true)] // 3.6 MB, as fast as it is read
    [InlineData(400_000, 65_536, false)] // 3.6 MB, never more than 64 KiB waiting
    public async Task Only_a_large_body_that_arrives_faster_than_it_is_read_is_read_ahead_and_every_byte_arrives_in_order(int rowCount, int chunk, bool readAhead)
    {
        byte[] data = Bodies.NumberRows(rowCount);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(data, chunk));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        await using Stream body = await client.QueryStreamAsync("SELECT number, 0 AS thrown FROM numbers(400000) FORMAT RowBinary");
        var received = new MemoryStream();
        await body.CopyToAsync(received);

        Assert.Equal(data, received.ToArray());
        Assert.Equal(readAhead, Assert.IsType<ClickHouseResponseStream>(body).ReadingAhead);
    }

    [Fact]
    public async Task A_large_compressed_body_is_read_ahead_whatever_its_pace_and_decompressed_whole()
    {
        byte[] data = Bodies.NumberRows(400_000);
        var handler = new FakeClickHouse(_ => FakeClickHouse.OkGzip(data, 4096));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        await using Stream body = await client.QueryStreamAsync("SELECT 1 FORMAT RowBinary");
        var received = new MemoryStream();
        await body.CopyToAsync(received);

        Assert.Equal(data, received.ToArray());
        Assert.True(Assert.IsType<ClickHouseResponseStream>(body).ReadingAhead);
    }

    [Fact]
    public async Task Rows_of_a_body_read_ahead_are_the_rows_sent()
    {
        byte[] data = Bodies.NumberRows(400_000);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(data, 1 << 20));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        await using Stream body = await client.QueryStreamAsync("SELECT 1 FORMAT RowBinary");
        List<NumberRow> rows = await RowBinarySerializer.ReadListAsync<NumberRow>(body, RowBinaryFormat.RowBinary);

        Assert.True(Assert.IsType<ClickHouseResponseStream>(body).ReadingAhead);

        Assert.Equal(400_000, rows.Count);
        for (int i = 0; i < rows.Count; i++)
        {
            Assert.Equal((ulong)i, rows[i].Number);
        }
    }
}
