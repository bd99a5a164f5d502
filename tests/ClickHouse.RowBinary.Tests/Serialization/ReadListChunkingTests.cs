using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// ReadListAsync collects long results in chunks of 65,536 rows and builds the list once at the end: every row
/// arrives once and in order on either side of a chunk boundary, and the list is exactly as large as the result.
/// </summary>
public class ReadListChunkingTests
{
    [Theory]
    [InlineData(65_535, 1 << 20)]
    [InlineData(65_536, 1 << 20)]
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
        if (rowCount > 65_536)
        {
            Assert.Equal(rowCount, rows.Capacity);
        }
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
