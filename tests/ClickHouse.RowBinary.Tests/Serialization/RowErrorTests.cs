using System.Buffers;
using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>Bad values, read or written: the exception names the column, the row, the type and (reading) the byte offset.</summary>
public class RowErrorTests
{
    private static Tick[] FiveTicks() => [.. Enumerable.Range(0, 5).Select(i => TickRows.Create(i) with { Label = $"tick {i}" })];

    [Fact]
    public void Write_NullString_NamesColumnAndRow()
    {
        Tick[] ticks = FiveTicks();
        ticks[3] = ticks[3] with { Label = null };

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), ticks));

        Assert.Equal(("label", 3L, "String"), (exception.Column, exception.Row, exception.ClickHouseType));
        Assert.StartsWith("Column 'label', row 3: A String value cannot be null", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WriteAsync_ValueOutsideTheEnum_NamesColumnAndRow()
    {
        IEnumerable<Tick> ticks = FiveTicks().Select((t, i) => i == 2 ? t with { Status = (TickStatus)9 } : t);

        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.WriteAsync(Stream.Null, ticks));

        Assert.Equal(("status", 2L, "Enum8('ok' = 1, 'failed' = 2)"), (exception.Column, exception.Row, exception.ClickHouseType));
        Assert.StartsWith("Column 'status', row 2: The value '9' is not one of the values of Enum8('ok' = 1, 'failed' = 2)", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WriteAsync_AsyncSourceWithABadRow_NamesColumnAndRow()
    {
        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.WriteAsync(Stream.Null, BadFourthRow()));

        Assert.Equal(("label", 3L), (exception.Column, exception.Row));

        static async IAsyncEnumerable<Tick> BadFourthRow()
        {
            for (int i = 0; i < 5; i++)
            {
                await Task.Yield();
                yield return TickRows.Create(i) with { Label = i == 3 ? null : "x" };
            }
        }
    }

    [Fact]
    public void Write_NullArray_NamesColumnRowAndType()
    {
        List<Event> events = ExpectedRows.Events();
        events[1] = new Event { Id = events[1].Id, Ts = events[1].Ts, Kind = "k", Tags = null!, Props = new(), Ip = events[1].Ip };

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), events, RowBinaryFormat.RowBinaryWithDefaults));

        Assert.Equal(("tags", 1L, "Array(String)"), (exception.Column, exception.Row, exception.ClickHouseType));
        Assert.StartsWith("Column 'tags', row 1: A null value cannot be written as Array(String)", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Write_ExceptionFromTheRowTypeCode_IsWrappedWithColumnRowAndType()
    {
        FailingGetterRow[] rows = [new(1, "a"), new(2, "b"), new(3, FailingGetterRow.Fail)];

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), rows));

        Assert.Equal(("name", 2L, "String"), (exception.Column, exception.Row, exception.ClickHouseType));
        Assert.IsType<InvalidOperationException>(exception.InnerException!.InnerException);
        Assert.StartsWith("Column 'name', row 2: the member Name could not be written as String: InvalidOperationException:", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Write_BugInTheRowTypeCode_IsNotReportedAsABadValue()
    {
        FailingGetterRow[] rows = [new(1, "a"), new(2, FailingGetterRow.Bug)];

        // An index out of range or a null dereference is a bug in code, never a property of the data: it keeps its
        // own type and stack trace instead of becoming a RowBinaryException about a value.
        Assert.Throws<IndexOutOfRangeException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), rows));
    }

    [Fact]
    public void Write_NullRow_IsAnArgumentExceptionNamingTheRow()
    {
        WebVisit[] visits = [.. ExpectedRows.WebVisits()];
        visits[2] = null!;

        var exception = Assert.Throws<ArgumentException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), visits));

        Assert.StartsWith("Row 2 is null: every row of WebVisit must be an instance to be written.", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WriteAsync_ExceptionFromTheCallersSequence_IsNotWrapped()
    {
        IEnumerable<Tick> Failing()
        {
            yield return TickRows.Create(0);
            throw new InvalidOperationException("the source failed");
        }

        var exception = await Assert.ThrowsAsync<InvalidOperationException>(() => RowBinarySerializer.WriteAsync(Stream.Null, Failing()));

        Assert.Equal("the source failed", exception.Message);
    }

    [Fact]
    public async Task Read_ValueOutsideTheEnum_NamesColumnRowAndOffset()
    {
        // Encoded by the test's own encoder, not the code under test: with an empty label, a row's status is its
        // second-to-last byte (the last is the label's length, 0).
        var buffer = new byte[32];
        byte[] row0 = buffer[..GeneratedTickStream.Encode(TickRows.Create(0), buffer)];
        byte[] row1 = buffer[..GeneratedTickStream.Encode(TickRows.Create(1), buffer)];
        byte[] data = [.. row0, .. row1, .. buffer[..GeneratedTickStream.Encode(TickRows.Create(2), buffer)]];
        int statusOffset = row0.Length + row1.Length - 2;
        Assert.Equal((byte)TickStatus.Ok, data[statusOffset]);
        data[statusOffset] = 7;

        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => RowBinarySerializer.ReadListAsync<Tick>(new MemoryStream(data), RowBinaryFormat.RowBinary));

        Assert.Equal(("status", 1L, (long?)statusOffset), (exception.Column, exception.Row, exception.Offset));
        Assert.Equal($"Column 'status', row 1: Invalid Enum8('ok' = 1, 'failed' = 2) at byte offset {statusOffset}: 7 is not one of its values.", exception.Message);
    }

    [Fact]
    public void Read_InvalidBool_NamesColumnRowAndOffset()
    {
        byte[] data = TableVectors.RowBinary("events");
        int lastByte = data.Length - 1;
        data[lastByte] = 2;

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<Event>(data, RowBinaryFormat.RowBinary));

        Assert.Equal(("flag", 3L, (long?)lastByte), (exception.Column, exception.Row, exception.Offset));
        Assert.Equal($"Column 'flag', row 3: Invalid Bool at byte offset {lastByte}: expected 0 or 1, found 0x02.", exception.Message);
    }

    [Fact]
    public void Read_InvalidUtf8_NamesColumnAndRow()
    {
        byte[] data = TableVectors.RowBinary("web_visits");
        // Row 0 is Date (2) + the URL (a 1-byte length, then its UTF-8) + UInt16 + 3 UInt8 + UInt64; row 1's URL text
        // starts after its Date and length byte.
        int row0Length = 2 + 1 + System.Text.Encoding.UTF8.GetByteCount(ExpectedRows.WebVisits()[0].PageUrl) + 2 + 3 + 8;
        data[row0Length + 2 + 1] = 0xFF;

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinary));

        Assert.Equal(("page_url", 1L), (exception.Column, exception.Row));
        Assert.Contains("are not valid UTF-8 text", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadList_WithDefaults_IsRejectedAsAnInputOnlyFormat()
    {
        var exception = Assert.Throws<ArgumentException>(() => RowBinarySerializer.ReadList<WebVisit>([], RowBinaryFormat.RowBinaryWithDefaults));

        Assert.Contains("RowBinaryWithDefaults is an input format only", exception.Message, StringComparison.Ordinal);
    }
}
