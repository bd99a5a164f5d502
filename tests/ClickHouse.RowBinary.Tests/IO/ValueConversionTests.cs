using System.Buffers;

namespace ClickHouse.RowBinary.Tests.IO;

public class ValueConversionTests
{
    private delegate void WriteAction(ref RowBinaryWriter writer);

    private static string Hex(WriteAction write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(output);
        write(ref writer);
        writer.Flush();
        return Convert.ToHexStringLower(output.WrittenSpan);
    }

    private static RowBinaryException WriteFails(WriteAction write)
        => Assert.Throws<RowBinaryException>(() => Hex(write));

    [Fact]
    public void Decimals_with_fewer_digits_after_the_point_are_scaled_exactly()
    {
        Assert.Equal("7b000000", Hex((ref RowBinaryWriter w) => w.WriteDecimal(1.23m, 9, 2)));
        Assert.Equal("e8030000", Hex((ref RowBinaryWriter w) => w.WriteDecimal(10m, 9, 2)));
        Assert.Equal("e8030000", Hex((ref RowBinaryWriter w) => w.WriteDecimal(10.000m, 9, 2)));
    }

    [Fact]
    public void A_decimal_that_would_lose_digits_is_an_error_not_a_rounding()
    {
        var e = WriteFails((ref RowBinaryWriter w) => w.WriteDecimal(1.005m, 9, 2));
        Assert.Contains("Decimal(9, 2)", e.Message);
        Assert.Contains("1.005", e.Message);
    }

    [Fact]
    public void A_decimal_beyond_the_precision_is_an_error()
    {
        var e = WriteFails((ref RowBinaryWriter w) => w.WriteDecimal(10_000_000m, 9, 2));
        Assert.Contains("does not fit Decimal(9, 2)", e.Message);
        WriteFails((ref RowBinaryWriter w) => w.WriteDecimal(ClickHouseDecimal.Parse("1" + new string('0', 60)), 76, 20));
    }

    [Fact]
    public void Reading_a_wide_decimal_that_System_Decimal_cannot_hold_is_an_error_naming_the_type()
    {
        string hex = Hex((ref RowBinaryWriter w) => w.WriteDecimal(ClickHouseDecimal.Parse("123456789012345678901234567890.5"), 38, 1));
        var e = Assert.Throws<RowBinaryException>(() =>
        {
            var reader = new RowBinaryReader(Convert.FromHexString(hex));
            reader.ReadDecimal(38, 1);
        });
        Assert.Contains("Decimal(38, 1)", e.Message);
        Assert.Contains("ClickHouseDecimal", e.Message);
    }

    [Fact]
    public void ClickHouseDecimal_is_exact_and_compares_numerically()
    {
        var value = ClickHouseDecimal.Parse("-0.00000000000000000001");
        Assert.Equal("-0.00000000000000000001", value.ToString());
        Assert.Equal(ClickHouseDecimal.Parse("1.50"), ClickHouseDecimal.Parse("1.5"));
        Assert.Equal(ClickHouseDecimal.Parse("1.50").GetHashCode(), ClickHouseDecimal.Parse("1.5").GetHashCode());
        Assert.Equal(1.5m, (decimal)ClickHouseDecimal.Parse("1.50"));
        Assert.Throws<OverflowException>(() => (decimal)ClickHouseDecimal.Parse("1" + new string('0', 40)));
        Assert.Throws<FormatException>(() => ClickHouseDecimal.Parse("1e5"));
    }

    [Theory]
    [InlineData(0, "f079e06500000000")]
    [InlineData(3, "9554dcf48d010000")]
    [InlineData(9, "408f9ef98655b817")]
    public void DateTime64_ticks_follow_the_precision(int precision, string hex)
    {
        var value = new DateTime(2024, 2, 29, 12, 34, 56, 789, DateTimeKind.Utc);
        Assert.Equal(hex, Hex((ref RowBinaryWriter w) => w.WriteDateTime64(value, precision)));
    }

    [Fact]
    public void DateTime64_before_1970_floors_toward_the_past()
    {
        var value = new DateTime(1969, 12, 31, 23, 59, 59, 999, DateTimeKind.Utc).AddTicks(5000);
        Assert.Equal("ffffffffffffffff", Hex((ref RowBinaryWriter w) => w.WriteDateTime64(value, 3)));
    }

    [Fact]
    public void An_IPv4_address_in_an_IPv6_column_is_written_IPv4_mapped()
    {
        System.Net.IPAddress address = System.Net.IPAddress.Parse("10.1.2.3");
        Assert.Equal("00000000000000000000ffff0a010203", Hex((ref RowBinaryWriter w) => w.WriteIPv6(address)));
        Assert.Equal(Convert.ToHexStringLower(address.MapToIPv6().GetAddressBytes()), Hex((ref RowBinaryWriter w) => w.WriteIPv6(address)));
    }

    [Fact]
    public void DateTimeOffset_and_local_times_are_written_as_the_same_instant()
    {
        var utc = new DateTime(2024, 2, 29, 12, 34, 56, DateTimeKind.Utc);
        string expected = Hex((ref RowBinaryWriter w) => w.WriteDateTime(utc));
        Assert.Equal(expected, Hex((ref RowBinaryWriter w) => w.WriteDateTime(new DateTimeOffset(2024, 2, 29, 21, 34, 56, TimeSpan.FromHours(9)))));
        Assert.Equal(expected, Hex((ref RowBinaryWriter w) => w.WriteDateTime(utc.ToLocalTime())));
    }

    [Fact]
    public void Dates_outside_the_ClickHouse_range_are_errors_naming_the_range()
    {
        var e = WriteFails((ref RowBinaryWriter w) => w.WriteDate(new DateOnly(1969, 12, 31)));
        Assert.Contains("1970-01-01 to 2149-06-06", e.Message);
        WriteFails((ref RowBinaryWriter w) => w.WriteDate32(new DateOnly(2300, 1, 1)));
        WriteFails((ref RowBinaryWriter w) => w.WriteDateTime(new DateTime(2106, 2, 8, 0, 0, 0, DateTimeKind.Utc)));
        WriteFails((ref RowBinaryWriter w) => w.WriteDateTime64(DateTime.MaxValue, 9));
        WriteFails((ref RowBinaryWriter w) => w.WriteTime(TimeSpan.FromHours(1000)));
    }

    [Fact]
    public void FixedString_longer_than_N_is_an_error_not_a_truncation()
    {
        var e = WriteFails((ref RowBinaryWriter w) => w.WriteFixedString("123456789", 8));
        Assert.Contains("FixedString(8)", e.Message);
        Assert.Equal("6162630000000000", Hex((ref RowBinaryWriter w) => w.WriteFixedString("abc"u8, 8)));
    }

    [Theory]
    [InlineData(1.0f, "803f")]
    [InlineData(1.00390625f, "803f")] // halfway between 1 and the next BFloat16: ties go to even
    [InlineData(1.01171875f, "823f")] // halfway, odd below: rounds up
    [InlineData(float.PositiveInfinity, "807f")]
    public void BFloat16_rounds_to_nearest_even(float value, string hex)
        => Assert.Equal(hex, Hex((ref RowBinaryWriter w) => w.WriteBFloat16(value)));

    [Theory]
    [InlineData("ac7f")] // a signaling NaN (quiet bit clear), as generateRandom makes them
    [InlineData("c0ff")] // the negative quiet NaN
    [InlineData("817f")]
    public void A_BFloat16_NaN_read_back_writes_the_same_bytes(string hex)
    {
        var reader = new RowBinaryReader(Convert.FromHexString(hex));
        float value = reader.ReadBFloat16();
        Assert.True(float.IsNaN(value));
        Assert.Equal(hex, Hex((ref RowBinaryWriter w) => w.WriteBFloat16(value)));
    }

    [Fact]
    public void A_Float32_NaN_whose_payload_is_all_in_the_lower_half_stays_a_NaN_as_BFloat16()
        => Assert.Equal("c07f", Hex((ref RowBinaryWriter w) => w.WriteBFloat16(BitConverter.UInt32BitsToSingle(0x7F800001))));

    [Fact]
    public void Invalid_utf8_is_an_error_that_points_to_reading_bytes()
    {
        var e = Assert.Throws<RowBinaryException>(() =>
        {
            var reader = new RowBinaryReader(Convert.FromHexString("0400ff80c0"));
            reader.ReadString();
        });
        Assert.Contains("byte[]", e.Message);
        Assert.Equal(1, e.Offset);

        var bytesReader = new RowBinaryReader(Convert.FromHexString("0400ff80c0"));
        Assert.Equal(Convert.FromHexString("00ff80c0"), bytesReader.ReadStringBytes());
    }
}
