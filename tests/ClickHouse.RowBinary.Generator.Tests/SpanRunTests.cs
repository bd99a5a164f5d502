using System.Buffers;
using System.Text;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// A row in two runs on read (id..score, then small..at) and one on write (every column, the string included):
/// the generated code writes and reads each run through one span.
/// </summary>
[ClickHouseRow]
public partial record SpanRunRow(
    [property: ClickHouseColumn("id")] ulong Id,
    [property: ClickHouseColumn("ok")] bool Ok,
    [property: ClickHouseColumn("day")] DateOnly Day,
    [property: ClickHouseColumn("score")] double Score,
    [property: ClickHouseColumn("name")] string Name,
    [property: ClickHouseColumn("small")] sbyte Small,
    [property: ClickHouseColumn("uid")] Guid Uid,
    [property: ClickHouseColumn("at", Type = "DateTime('UTC')")] DateTime At);

/// <summary>Runs of columns written into and read from one span: same bytes, same errors as value by value.</summary>
public class SpanRunTests
{
    private const int RunOneBytes = 8 + 1 + 2 + 8;
    private const int RunTwoBytes = 1 + 16 + 4;

    private static readonly SpanRunRow[] s_rows =
    [
        new(1, true, new DateOnly(2024, 2, 29), 1.5, "first", -3, Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0"), new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc)),
        new(ulong.MaxValue, false, new DateOnly(2149, 6, 6), double.NaN, "ünïcødé ✓ " + new string('x', 150), sbyte.MinValue, Guid.Empty, DateTime.UnixEpoch),
        new(0, true, new DateOnly(1970, 1, 1), -0.0, "", sbyte.MaxValue, Guid.Parse("ffffffff-ffff-ffff-ffff-ffffffffffff"), new DateTime(2106, 2, 7, 6, 28, 15, DateTimeKind.Utc)),
    ];

    [Fact]
    public void Write_puts_the_same_bytes_as_the_value_by_value_writer()
    {
        Assert.Equal(ValueByValue(s_rows, withDefaults: false), Written(s_rows, RowBinaryFormat.RowBinary));
        Assert.Equal(ValueByValue(s_rows, withDefaults: true), Written(s_rows, RowBinaryFormat.RowBinaryWithDefaults));
    }

    [Fact]
    public void Write_of_a_string_too_long_to_reserve_takes_the_value_by_value_path_with_the_same_bytes()
    {
        // 30,000 two-byte chars could need 90,000 bytes: more than one row reserves at once.
        SpanRunRow[] rows = [s_rows[0] with { Name = new string('é', 30_000) }, s_rows[1]];

        byte[] written = Written(rows, RowBinaryFormat.RowBinary);

        Assert.Equal(ValueByValue(rows, withDefaults: false), written);
        Assert.Equal(rows, RowBinarySerializer.ReadList<SpanRunRow>(written, RowBinaryFormat.RowBinary));
    }

    [Fact]
    public void Read_through_two_segments_split_at_every_offset_gives_the_rows()
    {
        byte[] data = Written(s_rows, RowBinaryFormat.RowBinary);

        for (int cut = 1; cut < data.Length; cut++)
        {
            Assert.Equal(s_rows, RowBinarySerializer.ReadList<SpanRunRow>(SegmentedSequence.Split(data, cut), RowBinaryFormat.RowBinary));
        }
        Assert.Equal(s_rows, RowBinarySerializer.ReadList<SpanRunRow>(SegmentedSequence.Split(data, [.. Enumerable.Range(1, data.Length - 1)]), RowBinaryFormat.RowBinary));
    }

    [Fact]
    public void Read_of_data_cut_inside_a_run_names_the_column_the_data_ends_in()
    {
        byte[] row = Written([s_rows[0]], RowBinaryFormat.RowBinary);
        int nameBytes = 1 + s_rows[0].Name.Length;
        // Where each column starts, and where the row ends.
        int[] starts = [0, 8, 9, 11, 19, 19 + nameBytes, 20 + nameBytes, 36 + nameBytes, 40 + nameBytes];
        string[] columns = ["id", "ok", "day", "score", "name", "small", "uid", "at"];
        Assert.Equal(starts[^1], row.Length);

        for (int length = 1; length < row.Length; length++)
        {
            byte[] truncated = row[..length];
            int column = Array.FindLastIndex(starts, s => s <= length);

            var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<SpanRunRow>(truncated, RowBinaryFormat.RowBinary));

            Assert.Equal(columns[column], exception.Column);
            Assert.Equal(0L, exception.Row);
            Assert.Contains($"the data ends at byte offset {length}, {length} bytes later, before column '{columns[column]}'", exception.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Read_of_a_bad_bool_inside_a_run_names_the_column_and_the_offset_of_the_byte()
    {
        byte[] data = Written(s_rows, RowBinaryFormat.RowBinary);
        int rowOne = Written([s_rows[0]], RowBinaryFormat.RowBinary).Length;
        int badByte = rowOne + 8;
        Assert.Equal(0, data[badByte]);
        data[badByte] = 2;

        // In one segment the run is read from one span; split inside the run it is read value by value.
        foreach (ReadOnlySequence<byte> sequence in new[] { new ReadOnlySequence<byte>(data), SegmentedSequence.Split(data, rowOne + 4), SegmentedSequence.Split(data, rowOne + 9) })
        {
            var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<SpanRunRow>(sequence, RowBinaryFormat.RowBinary));

            Assert.Equal(("ok", 1L, "Bool", (long?)badByte), (exception.Column, exception.Row, exception.ClickHouseType, exception.Offset));
            Assert.Contains($"Invalid Bool at byte offset {badByte}: expected 0 or 1, found 0x02.", exception.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Write_of_a_date_out_of_range_names_its_column_and_row_and_writes_nothing_of_the_row()
    {
        SpanRunRow[] rows = [s_rows[0], s_rows[1] with { Day = new DateOnly(1969, 12, 31) }];
        var output = new ArrayBufferWriter<byte>();

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(output, rows));

        Assert.Equal(("day", 1L, "Date"), (exception.Column, exception.Row, exception.ClickHouseType));
        Assert.Contains("The value 1969-12-31 is outside the range of Date (1970-01-01 to 2149-06-06).", exception.Message, StringComparison.Ordinal);
        // The rule: Write commits to the buffer writer only when its buffer (4 KiB or more) fills and once at the
        // end, so a failed Write leaves committed at most a prefix of the rows before the bad one, never a byte of
        // the bad row (its values are converted before its run is written), and the caller discards the output.
        // Rows that fit the first buffer, as here, leave nothing committed: the valid row 0 is not written either.
        Assert.Equal(0, output.WrittenCount);
    }

    [Fact]
    public void Write_of_a_bad_row_after_rows_larger_than_the_buffer_commits_only_a_prefix_of_the_rows_before_it()
    {
        SpanRunRow[] rows = [s_rows[0] with { Name = new string('x', 10_000) }, s_rows[2] with { Name = new string('y', 10_000) }, s_rows[1] with { Day = new DateOnly(1969, 12, 31) }];
        byte[] validRows = Written(rows[..2], RowBinaryFormat.RowBinary);
        var output = new ArrayBufferWriter<byte>();

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(output, rows));

        Assert.Equal(("day", 2L), (exception.Column, exception.Row));
        Assert.InRange(output.WrittenCount, 0, validRows.Length);
        Assert.Equal(validRows[..output.WrittenCount], output.WrittenSpan.ToArray());
    }

    [Fact]
    public void Write_of_a_null_string_after_a_converted_column_names_the_string_column()
    {
        SpanRunRow[] rows = [s_rows[0] with { Name = null! }];

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), rows));

        Assert.Equal(("name", 0L, "String"), (exception.Column, exception.Row, exception.ClickHouseType));
    }

    [Fact]
    public void Write_of_a_datetime_out_of_range_names_the_column_after_the_string()
    {
        SpanRunRow[] rows = [s_rows[0], s_rows[1], s_rows[2] with { At = new DateTime(2106, 2, 7, 6, 28, 16, DateTimeKind.Utc) }];

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), rows));

        Assert.Equal(("at", 2L, "DateTime"), (exception.Column, exception.Row, exception.ClickHouseType));
    }

    private static byte[] Written(SpanRunRow[] rows, RowBinaryFormat format)
    {
        var output = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(output, rows, format);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>The rows written with one RowBinaryWriter call per value, the path the golden vectors prove.</summary>
    private static byte[] ValueByValue(SpanRunRow[] rows, bool withDefaults)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(output);
        foreach (SpanRunRow row in rows)
        {
            Column(ref writer, withDefaults).WriteUInt64(row.Id);
            Column(ref writer, withDefaults).WriteBool(row.Ok);
            Column(ref writer, withDefaults).WriteDate(row.Day);
            Column(ref writer, withDefaults).WriteFloat64(row.Score);
            Column(ref writer, withDefaults).WriteString(row.Name);
            Column(ref writer, withDefaults).WriteInt8(row.Small);
            Column(ref writer, withDefaults).WriteUuid(row.Uid);
            Column(ref writer, withDefaults).WriteDateTime(row.At);
        }
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    private static ref RowBinaryWriter Column(ref RowBinaryWriter writer, bool withDefaults)
    {
        if (withDefaults)
        {
            writer.WriteUInt8(0);
        }
        return ref writer;
    }
}
