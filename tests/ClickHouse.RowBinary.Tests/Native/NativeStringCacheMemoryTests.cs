namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>
/// A client's Native reads share what their string caches found with its RowBinary reads (per row type and column):
/// a plain String column whose values did not repeat in two reads starts the next read's cache off. The reads give the
/// caches' pooled arrays back when done, which is when they tell the memory.
/// </summary>
public class NativeStringCacheMemoryTests
{
    private static byte[] Blocks(Func<int, string> text)
    {
        PlainText[] rows = [.. Enumerable.Range(0, 3_000).Select(i => new PlainText((uint)i, text(i)))];
        return NativeBytes.Write(rows);
    }

    [Fact]
    public async Task Two_reads_of_values_that_do_not_repeat_start_the_column_off()
    {
        var memory = new StringCacheMemory();
        byte[] distinct = Blocks(i => "https://example.com/page/" + i);

        List<PlainText> first = await NativeSerializer.ReadListAsync<PlainText>(new MemoryStream(distinct), memory, CancellationToken.None);
        Assert.False(memory.StartsOff(1), "One read that did not pay is not enough to start a column off.");
        await using (var rows = NativeSerializer.ReadAsync<PlainText>(new MemoryStream(distinct)).GetAsyncEnumerator())
        {
            // A read on its own (no memory) tells nothing.
            while (await rows.MoveNextAsync())
            {
            }
        }
        Assert.False(memory.StartsOff(1));
        List<PlainText> second = await NativeSerializer.ReadListAsync<PlainText>(new MemoryStream(distinct), memory, CancellationToken.None);

        Assert.Equal(3_000, first.Count);
        Assert.Equal(first, second);
        Assert.True(memory.StartsOff(1), "The text column did not repeat in two reads.");
        Assert.False(memory.StartsOff(0), "The id column has no strings.");
    }

    [Fact]
    public async Task Reads_of_values_that_repeat_keep_the_column_on()
    {
        var memory = new StringCacheMemory();
        byte[] repeating = Blocks(i => "https://example.com/page/" + (i % 10));

        for (int read = 0; read < 3; read++)
        {
            List<PlainText> rows = await NativeSerializer.ReadListAsync<PlainText>(new MemoryStream(repeating), memory, CancellationToken.None);
            Assert.Equal(3_000, rows.Count);
        }

        Assert.False(memory.StartsOff(1));
    }
}
