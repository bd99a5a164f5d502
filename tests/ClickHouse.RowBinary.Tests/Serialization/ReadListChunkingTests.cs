using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// ReadListAsync collects long results in a first list of up to 8,192 rows, then in chunks as large as the rows
/// before them (up to 65,536), and builds the list once at the end: every row arrives once and in order on either
/// side of a chunk boundary, the list is exactly as large as the result, and collecting it allocates less than a
/// list that doubles.
/// </summary>
public class ReadListChunkingTests
{
    [Theory]
    [InlineData(8_191, 1 << 20)]
    [InlineData(8_192, 1 << 20)]
    [InlineData(8_193, 1 << 20)]
    [InlineData(16_385, 1 << 20)]
    [InlineData(65_537, 1 << 20)]
    [InlineData(200_000, 1 << 20)]
    [InlineData(140_000, 997)]
    public async Task Rows_AroundChunkBoundaries_ArriveOnceAndInOrder(int rowCount, int maxRead)
    {
        Tick[] ticks = [.. Enumerable.Range(0, rowCount).Select(i => TickRows.Create(i))];
        using var written = new MemoryStream();
        await RowBinarySerializer.WriteAsync(written, ticks, RowBinaryFormat.RowBinaryWithNamesAndTypes);

        List<Tick> rows = await RowBinarySerializer.ReadListAsync<Tick>(
            ChunkedReadStream.RandomChunks(written.ToArray(), seed: rowCount, maxRead), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(ticks, rows);
        if (rowCount > RowListBuilder<Tick>.FirstListRows)
        {
            Assert.Equal(rowCount, rows.Capacity);
        }
    }

    [Fact]
    public void Collecting_100000_rows_allocates_their_list_and_chunks_not_a_doubling_list()
    {
        var row = new object();
        Collect(row, 1_000);

        long before = GC.GetAllocatedBytesForCurrentThread();
        List<object> rows = Collect(row, 100_000);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(100_000, rows.Count);
        // The list's 800 KB, the first list grown as a list grows (128 KB), chunks of 8,192, 16,384, 32,768 and
        // 65,536 rows (960 KB) and the list of chunks; a list that doubles to 131,072 references allocates 2.1 MB,
        // chunks of 65,536 after a first one that doubles to 65,536 allocated 2.4 MB.
        Assert.InRange(allocated, 100_000 * 8, 2_000_000);
    }

    private static List<object> Collect(object row, int count)
    {
        var builder = new RowListBuilder<object>();
        for (int i = 0; i < count;)
        {
            List<object> destination = builder.Destination(out int room);
            for (int n = Math.Min(room, count - i); n > 0; n--, i++)
            {
                destination.Add(row);
            }
        }
        return builder.ToList();
    }

    [Fact]
    public async Task A_BadValue_AfterTheFirstChunk_NamesItsRow()
    {
        Tick[] ticks = [.. Enumerable.Range(0, 70_000).Select(i => TickRows.Create(i))];
        using var written = new MemoryStream();
        await RowBinarySerializer.WriteAsync(written, ticks, RowBinaryFormat.RowBinary);
        byte[] data = written.ToArray();
        Array.Resize(ref data, data.Length - 1);

        var error = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.ReadListAsync<Tick>(new MemoryStream(data), RowBinaryFormat.RowBinary));

        Assert.Contains("row 69999 ", error.Message, StringComparison.Ordinal);
    }
}
