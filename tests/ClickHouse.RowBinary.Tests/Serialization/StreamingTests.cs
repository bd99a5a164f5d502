using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>Streams that split rows and the header anywhere, and streams that end too early.</summary>
public class StreamingTests
{
    public static TheoryData<RowBinaryFormat> Formats => [RowBinaryFormat.RowBinary, RowBinaryFormat.RowBinaryWithNamesAndTypes];

    private static byte[] WebVisitData(RowBinaryFormat format) => format == RowBinaryFormat.RowBinary
        ? TableVectors.RowBinary("web_visits")
        : TableVectors.WithNamesAndTypes("web_visits");

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task ReadListAsync_OneBytePerRead_GivesEveryRow(RowBinaryFormat format)
    {
        ChunkedReadStream stream = ChunkedReadStream.OneByteAtATime(WebVisitData(format));

        List<WebVisit> rows = await RowBinarySerializer.ReadListAsync<WebVisit>(stream, format);

        Assert.Equal(ExpectedRows.WebVisits(), rows);
        Assert.True(stream.Reads >= WebVisitData(format).Length, "every byte came in a read of its own");
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task ReadAsync_OneBytePerRead_YieldsEveryRow(RowBinaryFormat format)
    {
        var rows = new List<WebVisit>();

        await foreach (WebVisit visit in RowBinarySerializer.ReadAsync<WebVisit>(ChunkedReadStream.OneByteAtATime(WebVisitData(format)), format))
        {
            rows.Add(visit);
        }

        Assert.Equal(ExpectedRows.WebVisits(), rows);
    }

    [Fact]
    public async Task ReadAsync_AfterDisposeAsync_ThrowsObjectDisposedException_AndReadsNothingMore()
    {
        ChunkedReadStream stream = ChunkedReadStream.OneByteAtATime(WebVisitData(RowBinaryFormat.RowBinaryWithNamesAndTypes));
        IAsyncEnumerator<WebVisit> rows = RowBinarySerializer.ReadAsync<WebVisit>(stream, RowBinaryFormat.RowBinaryWithNamesAndTypes).GetAsyncEnumerator();
        Assert.True(await rows.MoveNextAsync());
        await rows.DisposeAsync();
        int reads = stream.Reads;

        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await rows.MoveNextAsync());

        Assert.Equal(reads, stream.Reads);
    }

    [Theory]
    [InlineData(1, 7, 2_000)]
    [InlineData(2, 64, 20_000)]
    [InlineData(3, 3000, 20_000)]
    [InlineData(4, 70000, 20_000)]
    public async Task ReadAsync_RandomChunkSizes_GivesTheRowsOfAnyChunking(int seed, int maxChunk, int rowCount)
    {
        // Ticks with labels of every length up to 300, so that row boundaries fall at every offset of a read.
        Tick[] ticks = [.. Enumerable.Range(0, rowCount).Select(i => TickRows.Create(i) with { Label = new string('x', i % 300) })];
        using var written = new MemoryStream();
        await RowBinarySerializer.WriteAsync(written, ticks, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        var rows = new List<Tick>();

        await foreach (Tick tick in RowBinarySerializer.ReadAsync<Tick>(ChunkedReadStream.RandomChunks(written.ToArray(), seed, maxChunk), RowBinaryFormat.RowBinaryWithNamesAndTypes))
        {
            rows.Add(tick);
        }

        Assert.Equal(ticks, rows);
    }

    [Fact]
    public async Task ReadAsync_RowLargerThanThePipeBuffer_IsReadWhole()
    {
        // A 1 MiB label: larger than a pipe segment, so the pipe must hold several before the row is whole.
        Tick[] ticks = [TickRows.Create(1), TickRows.Create(2) with { Label = new string('y', 1 << 20) }, TickRows.Create(3)];
        using var written = new MemoryStream();
        await RowBinarySerializer.WriteAsync(written, ticks);

        List<Tick> rows = await RowBinarySerializer.ReadListAsync<Tick>(ChunkedReadStream.RandomChunks(written.ToArray(), 5, 50_000), RowBinaryFormat.RowBinary);

        Assert.Equal(ticks, rows);
    }

    [Fact]
    public async Task ReadListAsync_StreamEndingMidRow_NamesColumnRowAndOffset()
    {
        byte[] data = TableVectors.RowBinary("web_visits");
        // Rows are 2 + (1 + 23) + 2 + 1 + 1 + 1 + 8 = 39 bytes: cut row 2 after 10 bytes of its page_url.
        int cut = (2 * 39) + 2 + 1 + 10;
        ChunkedReadStream stream = ChunkedReadStream.OneByteAtATime(data[..cut]);

        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.ReadListAsync<WebVisit>(stream, RowBinaryFormat.RowBinary));

        Assert.Equal("page_url", exception.Column);
        Assert.Equal(2, exception.Row);
        Assert.Equal("String", exception.ClickHouseType);
        Assert.Equal(81, exception.Offset);
        Assert.StartsWith("Column 'page_url', row 2: The data ends mid-row: row 2 starts at byte offset 78 and the data ends at byte offset 91, 13 bytes later, before column 'page_url' (String) is complete.", exception.Message, StringComparison.Ordinal);
        Assert.EndsWith("Invalid String at byte offset 81: a length of 23 needs at least 23 bytes, but only 10 remain.", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadAsync_StreamEndingMidRow_YieldsTheWholeRowsFirst()
    {
        byte[] data = TableVectors.RowBinary("web_visits");
        var rows = new List<WebVisit>();

        var exception = await Assert.ThrowsAsync<RowBinaryException>(async () =>
        {
            await foreach (WebVisit visit in RowBinarySerializer.ReadAsync<WebVisit>(new MemoryStream(data[..^3]), RowBinaryFormat.RowBinary))
            {
                rows.Add(visit);
            }
        });

        Assert.Equal(ExpectedRows.WebVisits().Take(4), rows);
        Assert.Equal(("visits", 4L), (exception.Column, exception.Row));
        Assert.Contains("The data ends mid-row: row 4 starts at byte offset 156", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadList_SpanEndingMidRow_SaysSoToo()
    {
        byte[] data = TableVectors.WithNamesAndTypes("web_visits");

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<WebVisit>(data.AsSpan(0, data.Length - 9), RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Equal(("os_id", 4L), (exception.Column, exception.Row));
        Assert.Contains("The data ends mid-row: row 4", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadListAsync_ServerErrorTextAfterTheRows_IsAnErrorNotRows()
    {
        // Servers before 24.11 append the error text after the data; it must not become rows.
        byte[] data = [.. TableVectors.RowBinary("web_visits"), .. "Code: 395. DB::Exception: Value passed to 'throwIf' function is non-zero"u8];

        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.ReadListAsync<WebVisit>(new MemoryStream(data), RowBinaryFormat.RowBinary));

        Assert.Equal(5, exception.Row);
        Assert.NotNull(exception.Column);
    }

    [Fact]
    public async Task ReadListAsync_EmptyStreamWithNamesAndTypes_SaysTheHeaderIsMissing()
    {
        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.ReadListAsync<WebVisit>(new MemoryStream(), RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Contains("where the RowBinaryWithNamesAndTypes header should start", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadListAsync_EmptyRowBinaryStream_IsNoRows()
    {
        List<WebVisit> rows = await RowBinarySerializer.ReadListAsync<WebVisit>(new MemoryStream(), RowBinaryFormat.RowBinary);

        Assert.Empty(rows);
    }

    [Fact]
    public async Task ReadListAsync_HeaderCutShort_SaysTheHeaderCannotBeRead()
    {
        byte[] data = TableVectors.WithNamesAndTypes("web_visits")[..20];

        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.ReadListAsync<WebVisit>(ChunkedReadStream.OneByteAtATime(data), RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.IsNotType<RowBinarySchemaMismatchException>(exception);
        // 7 columns; "day", "page_url", then the 10 bytes of "country_id" of which 5 are there.
        Assert.StartsWith("The RowBinaryWithNamesAndTypes header that starts at byte offset 0 cannot be read: Invalid String at byte offset 15: a length of 10 needs at least 10 bytes, but only 5 remain.", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadAsync_LeavesTheStreamOpen()
    {
        byte[] data = TableVectors.RowBinary("web_visits");
        using var stream = new MemoryStream(data);

        var rows = new List<WebVisit>();
        await foreach (WebVisit visit in RowBinarySerializer.ReadAsync<WebVisit>(stream, RowBinaryFormat.RowBinary))
        {
            rows.Add(visit);
        }

        Assert.Equal(ExpectedRows.WebVisits(), rows);
        Assert.True(stream.CanRead);
        stream.Position = 0;
        Assert.Equal(data[0], stream.ReadByte());
    }
}
