using System.Buffers;
using ClickHouse.RowBinary.Tests.IO;
using ClickHouse.RowBinary.Tests.Serialization.Rows;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>The tables.json streams that ClickHouse 26.9 wrote: read to the expected rows, and written back byte for byte.</summary>
public class GoldenVectorTests
{
    [Fact]
    public void ReadList_WebVisitsRowBinary_GivesTheRowsClickHouseListed()
    {
        List<WebVisit> rows = RowBinarySerializer.ReadList<WebVisit>(TableVectors.RowBinary("web_visits"), RowBinaryFormat.RowBinary);

        Assert.Equal(ExpectedRows.WebVisits(), rows);
    }

    [Fact]
    public void ReadList_WebVisitsWithNamesAndTypes_ChecksTheHeaderAndGivesTheRows()
    {
        List<WebVisit> rows = RowBinarySerializer.ReadList<WebVisit>(TableVectors.WithNamesAndTypes("web_visits"), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(ExpectedRows.WebVisits(), rows);
    }

    [Fact]
    public void ReadList_OverOneSegmentPerByte_GivesTheSameRows()
    {
        ReadOnlySequence<byte> data = SegmentedSequence.OneBytePerSegment(TableVectors.WithNamesAndTypes("web_visits"));

        List<WebVisit> rows = RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(ExpectedRows.WebVisits(), rows);
    }

    [Fact]
    public void ReadList_Destination_AppendsAfterWhatIsThereAndCounts()
    {
        WebVisit existing = new(new DateOnly(2000, 1, 1), "kept", 1, 2, 3, 4, 5);
        var destination = new List<WebVisit> { existing };

        int appended = RowBinarySerializer.ReadList(TableVectors.RowBinary("web_visits"), RowBinaryFormat.RowBinary, destination);

        Assert.Equal(5, appended);
        Assert.Equal([existing, .. ExpectedRows.WebVisits()], destination);
    }

    [Fact]
    public void Write_WebVisits_GivesClickHouseBytesExactly()
    {
        var output = new ArrayBufferWriter<byte>();

        RowBinarySerializer.Write(output, ExpectedRows.WebVisits());

        Assert.Equal(Convert.ToHexString(TableVectors.RowBinary("web_visits")), Convert.ToHexString(output.WrittenSpan));
    }

    [Fact]
    public void Write_WithNamesAndTypes_GivesClickHouseHeaderAndBytesExactly()
    {
        var output = new ArrayBufferWriter<byte>();

        RowBinarySerializer.Write(output, ExpectedRows.WebVisits().ToArray().AsSpan(), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(Convert.ToHexString(TableVectors.WithNamesAndTypes("web_visits")), Convert.ToHexString(output.WrittenSpan));
    }

    [Fact]
    public void Write_ThroughSpansOfExactlyTheSizeAskedFor_GivesTheSameBytes()
    {
        var output = new StingyBufferWriter();

        // A lazy sequence: the enumerator path rather than the span fast path.
        RowBinarySerializer.Write(output, ExpectedRows.WebVisits().Select(v => v), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(Convert.ToHexString(TableVectors.WithNamesAndTypes("web_visits")), Convert.ToHexString(output.WrittenBytes));
    }

    [Fact]
    public async Task WriteAsync_WebVisits_GivesClickHouseBytesExactly()
    {
        using var stream = new MemoryStream();

        await RowBinarySerializer.WriteAsync(stream, ExpectedRows.WebVisits());

        Assert.Equal(Convert.ToHexString(TableVectors.RowBinary("web_visits")), Convert.ToHexString(stream.ToArray()));
    }

    [Fact]
    public async Task ReadListAsync_EventsWithNamesAndTypes_AcceptsLowCardinalityForStringAndGivesTheRows()
    {
        // The data says kind is LowCardinality(String); Event declares String: the same bytes.
        using var stream = new MemoryStream(TableVectors.WithNamesAndTypes("events"));

        List<Event> rows = await RowBinarySerializer.ReadListAsync<Event>(stream, RowBinaryFormat.RowBinaryWithNamesAndTypes);

        ExpectedRows.AssertEqual(ExpectedRows.Events(), rows);
    }

    [Fact]
    public void Write_Events_GivesClickHouseBytesExactly()
    {
        var output = new ArrayBufferWriter<byte>();

        RowBinarySerializer.Write(output, ExpectedRows.Events());

        Assert.Equal(Convert.ToHexString(TableVectors.RowBinary("events")), Convert.ToHexString(output.WrittenSpan));
    }
}
