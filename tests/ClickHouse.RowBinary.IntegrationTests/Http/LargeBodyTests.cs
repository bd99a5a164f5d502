using System.Net;
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
    public async Task A_Native_query_reads_4_MiB_further_ahead_than_a_RowBinary_one()
    {
        // A Native reader waits for whole blocks, so the next block must be able to arrive while it builds a block's rows:
        // its body is read ahead by ReadAheadStream.NativeChunks, RowBinary's by DefaultChunks. Both readers take 200,000
        // rows (1.8 MB: past the point where reading ahead starts), then wait while the body is read as far as it may be.
        const int Rows = 2_000_000;
        const int Taken = 200_000;
        long rowBinary = await ReadAheadOfAsync(Bodies.NumberRows(Rows), ClickHouseWireFormat.RowBinary);
        long native = await ReadAheadOfAsync(Bodies.Native(Enumerable.Range(0, Rows).Select(i => new NumberRow((ulong)i, 0))), ClickHouseWireFormat.Native);

        long more = (ReadAheadStream.NativeChunks - ReadAheadStream.DefaultChunks) * (long)ReadAheadStream.ChunkSize;
        Assert.InRange(native - rowBinary, more - (1 << 20), more + (1 << 20));

        static async Task<long> ReadAheadOfAsync(byte[] data, ClickHouseWireFormat format)
        {
            var body = new ScriptedStream(data, 1 << 20, breakAtEnd: false);
            var handler = new FakeClickHouse(_ => new HttpResponseMessage(HttpStatusCode.OK) { Content = new StreamContent(body) });
            using ClickHouseClient client = FakeClickHouse.Client(handler);
            ClickHouseQueryOptions options = format == ClickHouseWireFormat.Native
                ? new ClickHouseQueryOptions { WireFormat = format }
                : new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary };
            await using IAsyncEnumerator<NumberRow> rows = client.QueryAsync<NumberRow>("SELECT number, 0 AS thrown FROM numbers(2000000)", options).GetAsyncEnumerator();
            for (int i = 0; i < Taken; i++)
            {
                Assert.True(await rows.MoveNextAsync());
            }
            Assert.Equal((ulong)(Taken - 1), rows.Current.Number);
            long last = -1;
            for (int wait = 0; wait < 200; wait++)
            {
                if (body.Position == last)
                {
                    return last;
                }
                last = body.Position;
                await Task.Delay(50);
            }
            throw new TimeoutException($"The body was still being read after 10 s: {last} bytes.");
        }
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
