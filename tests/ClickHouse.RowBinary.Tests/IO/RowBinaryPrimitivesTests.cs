using System.Buffers;
using System.Text;

namespace ClickHouse.RowBinary.Tests.IO;

/// <summary>The span-level helpers generated code writes and reads runs of columns with.</summary>
public class RowBinaryPrimitivesTests
{
    [Theory]
    [InlineData("")]
    [InlineData("a")]
    [InlineData("héllo ✓ 𝄞")]
    [InlineData(126)] // 126 bytes: the last one-byte length
    [InlineData(127)]
    [InlineData(128)] // the first two-byte length: the bytes move one place
    [InlineData(16_383)]
    [InlineData(16_384)] // the first three-byte length
    public void WriteString_writes_what_the_writer_writes_within_MaxStringBytes(object text)
    {
        string value = text as string ?? new string('é', (int)text / 2) + new string('x', (int)text % 2);
        var span = new byte[RowBinaryPrimitives.MaxStringBytes(value) + 16];
        span.AsSpan().Fill(0xEE);

        int written = RowBinaryPrimitives.WriteString(span, value);

        Assert.Equal(WrittenByWriter((ref RowBinaryWriter w) => w.WriteString(value)), span[..written]);
        Assert.True(written <= RowBinaryPrimitives.MaxStringBytes(value));
        Assert.All(span[written..], b => Assert.Equal(0xEE, b));
    }

    [Fact]
    public void WriteString_of_the_worst_case_text_fits_MaxStringBytes()
    {
        // Every char a lone surrogate: the encoder writes three replacement bytes for each.
        string value = new('\uD800', 1000);
        var span = new byte[RowBinaryPrimitives.MaxStringBytes(value)];

        int written = RowBinaryPrimitives.WriteString(span, value);

        Assert.Equal(2 + 3000, written);
        Assert.Equal(WrittenByWriter((ref RowBinaryWriter w) => w.WriteString(value)), span[..written]);
    }

    [Fact]
    public void MaxStringBytes_of_null_is_the_null_string_error()
    {
        var exception = Assert.Throws<RowBinaryException>(() => RowBinaryPrimitives.MaxStringBytes(null));

        Assert.Equal("String", exception.ClickHouseType);
        Assert.StartsWith("A String value cannot be null", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void MaxStringBytes_caps_long_strings_just_above_the_reservation_limit_so_sums_cannot_overflow()
    {
        string huge = new('x', 50_000_000);

        Assert.Equal(RowBinaryPrimitives.MaxRowReservation + 1, RowBinaryPrimitives.MaxStringBytes(huge));
        Assert.Equal(5 + 3 * 101, RowBinaryPrimitives.MaxStringBytes(new string('x', 100)));
        Assert.True(RowBinaryPrimitives.MaxStringBytes(new string('x', RowBinaryPrimitives.MaxRowReservation / 3 - 1)) > RowBinaryPrimitives.MaxRowReservation - 10);
    }

    [Fact]
    public void ToDateDays_counts_days_from_1970_and_rejects_dates_outside_Date()
    {
        Assert.Equal(0, RowBinaryPrimitives.ToDateDays(new DateOnly(1970, 1, 1)));
        Assert.Equal(ushort.MaxValue, RowBinaryPrimitives.ToDateDays(new DateOnly(2149, 6, 6)));
        Assert.Equal(19_782, RowBinaryPrimitives.ToDateDays(new DateTime(2024, 2, 29, 23, 59, 59)));

        var before = Assert.Throws<RowBinaryException>(() => RowBinaryPrimitives.ToDateDays(new DateOnly(1969, 12, 31)));
        var after = Assert.Throws<RowBinaryException>(() => RowBinaryPrimitives.ToDateDays(new DateOnly(2149, 6, 7)));

        Assert.Equal("The value 1969-12-31 is outside the range of Date (1970-01-01 to 2149-06-06).", before.Message);
        Assert.Equal(("Date", "Date"), (before.ClickHouseType, after.ClickHouseType));
    }

    [Fact]
    public void ToDate32Days_is_negative_before_1970_and_rejects_dates_outside_Date32()
    {
        Assert.Equal(-25_567, RowBinaryPrimitives.ToDate32Days(new DateOnly(1900, 1, 1)));
        Assert.Equal(120_529, RowBinaryPrimitives.ToDate32Days(new DateOnly(2299, 12, 31)));

        var exception = Assert.Throws<RowBinaryException>(() => RowBinaryPrimitives.ToDate32Days(new DateOnly(1899, 12, 31)));

        Assert.Equal("Date32", exception.ClickHouseType);
    }

    [Fact]
    public void ToDateTimeSeconds_floors_to_seconds_in_UTC_and_rejects_instants_outside_DateTime()
    {
        Assert.Equal(1_704_164_645u, RowBinaryPrimitives.ToDateTimeSeconds(new DateTime(2024, 1, 2, 3, 4, 5, 999, DateTimeKind.Utc)));
        Assert.Equal(1_704_164_645u, RowBinaryPrimitives.ToDateTimeSeconds(new DateTimeOffset(2024, 1, 2, 5, 4, 5, TimeSpan.FromHours(2))));
        Assert.Equal(uint.MaxValue, RowBinaryPrimitives.ToDateTimeSeconds(new DateTime(2106, 2, 7, 6, 28, 15, DateTimeKind.Utc)));

        var exception = Assert.Throws<RowBinaryException>(() => RowBinaryPrimitives.ToDateTimeSeconds(new DateTime(1969, 12, 31, 23, 59, 59, DateTimeKind.Utc)));

        Assert.Equal("DateTime", exception.ClickHouseType);
    }

    [Fact]
    public void ToDateTime64Ticks_scales_to_the_precision_and_rejects_what_Int64_cannot_hold()
    {
        var at = new DateTime(2024, 1, 2, 3, 4, 5, 678, DateTimeKind.Utc);

        Assert.Equal(1_704_164_645_678L, RowBinaryPrimitives.ToDateTime64Ticks(at, 3));
        Assert.Equal(-1L, RowBinaryPrimitives.ToDateTime64Ticks(new DateTimeOffset(DateTime.UnixEpoch.AddTicks(-1)), 0));
        Assert.Throws<RowBinaryException>(() => RowBinaryPrimitives.ToDateTime64Ticks(DateTime.MaxValue, 9));
    }

    [Fact]
    public void Uuid_is_two_little_endian_halves_high_half_first()
    {
        var value = Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0");
        var span = new byte[16];

        RowBinaryPrimitives.WriteUuid(span, value);

        Assert.Equal(WrittenByWriter((ref RowBinaryWriter w) => w.WriteUuid(value)), span);
        Assert.Equal(Convert.FromHexString("E711B35C04C4F061A0DBD36A00A67B90"), span);
        Assert.Equal(value, RowBinaryPrimitives.ReadUuid(span));
    }

    [Fact]
    public void ReadDate_and_ReadDateTime_decode_what_the_writer_wrote()
    {
        byte[] data = WrittenByWriter((ref RowBinaryWriter w) =>
        {
            w.WriteDate(new DateOnly(2024, 2, 29));
            w.WriteDateTime(new DateTime(2106, 2, 7, 6, 28, 15, DateTimeKind.Utc));
        });

        Assert.Equal(new DateOnly(2024, 2, 29), RowBinaryPrimitives.ReadDate(data));
        DateTime at = RowBinaryPrimitives.ReadDateTime(data.AsSpan(2));
        Assert.Equal((new DateTime(2106, 2, 7, 6, 28, 15), DateTimeKind.Utc), (at, at.Kind));
    }

    [Fact]
    public void ReadBool_accepts_0_and_1_and_names_the_offset_of_any_other_byte()
    {
        Assert.False(RowBinaryPrimitives.ReadBool(0, 5));
        Assert.True(RowBinaryPrimitives.ReadBool(1, 5));

        var exception = Assert.Throws<RowBinaryException>(() => RowBinaryPrimitives.ReadBool(0x7F, 1234));

        Assert.Equal(("Bool", (long?)1234), (exception.ClickHouseType, exception.Offset));
        Assert.Equal("Invalid Bool at byte offset 1234: expected 0 or 1, found 0x7F.", exception.Message);
    }

    [Fact]
    public void TryReadSpan_returns_the_next_bytes_of_the_segment_and_moves_past_them()
    {
        byte[] data = [1, 2, 3, 4, 5];
        var reader = new RowBinaryReader(data);

        Assert.True(reader.TryReadSpan(3, out ReadOnlySpan<byte> span));

        Assert.Equal(new byte[] { 1, 2, 3 }, span.ToArray());
        Assert.Equal(3, reader.Offset);
        Assert.Equal(4, reader.ReadUInt8());
    }

    [Fact]
    public void TryReadSpan_across_a_segment_or_past_the_end_returns_false_and_moves_nothing()
    {
        var split = new RowBinaryReader(SegmentedSequence.Split([1, 2, 3, 4, 5], 2), isFinalBlock: true, startOffset: 100);
        split.ReadUInt8();

        Assert.False(split.TryReadSpan(2, out ReadOnlySpan<byte> none));
        Assert.True(none.IsEmpty);
        Assert.Equal(101, split.Offset);
        Assert.Equal((ushort)0x0302, split.ReadUInt16());

        var whole = new RowBinaryReader(new byte[] { 1, 2 });
        Assert.False(whole.TryReadSpan(3, out _));
        Assert.False(whole.TryReadSpan(-1, out _));
        Assert.Equal(0, whole.Offset);
        Assert.True(whole.TryReadSpan(2, out _));
        Assert.True(whole.TryReadSpan(0, out _));
        Assert.True(whole.IsEnd);
    }

    private delegate void WriteAction(ref RowBinaryWriter writer);

    private static byte[] WrittenByWriter(WriteAction write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(output);
        write(ref writer);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }
}
