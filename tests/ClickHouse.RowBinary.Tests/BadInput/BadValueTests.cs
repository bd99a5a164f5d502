using System.Buffers;

namespace ClickHouse.RowBinary.Tests.BadInput;

/// <summary>Values that a type cannot hold are refused with a message naming the type and what it expects; nothing is truncated.</summary>
public class BadValueTests
{
    private static RowBinaryException Write(string type, object? value)
    {
        ClickHouseType parsed = ClickHouseType.Parse(type);
        return Assert.ThrowsAny<RowBinaryException>(() =>
        {
            var writer = new RowBinaryWriter(new ArrayBufferWriter<byte>());
            ClickHouseValueCodec.Write(ref writer, parsed, value);
        });
    }

    [Theory]
    [InlineData("Int8", 128, "outside the range of Int8")]
    [InlineData("UInt32", -1L, "outside the range of UInt32")]
    [InlineData("UInt64", "12", "cannot be written as UInt64; expected an integer")]
    [InlineData("Float32", 0.1d, "expected a float")]
    [InlineData("Bool", 1, "expected a bool")]
    [InlineData("Enum8('a' = 1, 'b' = 2)", "c", "'c' is not a label of Enum8('a' = 1, 'b' = 2); expected one of 'a' = 1, 'b' = 2")]
    [InlineData("Enum8('a' = 1, 'b' = 2)", 3, "3 is not a declared value of Enum8('a' = 1, 'b' = 2)")]
    [InlineData("FixedString(2)", "abc", "does not fit FixedString(2)")]
    [InlineData("String", null, "A null value cannot be written as String")]
    [InlineData("Decimal(9, 2)", 1.234, "expected a decimal")]
    public void A_value_the_type_cannot_hold_is_refused(string type, object? value, string expected)
    {
        RowBinaryException error = Write(type, value);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_decimal_with_more_digits_than_the_scale_is_not_rounded()
    {
        RowBinaryException error = Write("Decimal(9, 2)", 1.234m);
        Assert.Contains("would lose digits in Decimal(9, 2)", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_variant_value_must_name_one_of_its_arms()
    {
        RowBinaryException error = Write("Variant(String, UInt64)", new ClickHouseDynamic(ClickHouseType.Parse("Int32"), 5));
        Assert.Contains("Int32 is not one of the types of Variant(String, UInt64)", error.Message, StringComparison.Ordinal);

        RowBinaryException ambiguous = Write("Variant(Int32, Int64)", (short)5);
        Assert.Contains("fits several types", ambiguous.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("[1, 2]", "must be a JSON object")]
    [InlineData("{\"a\": 1, \"a\": 2}", "the path 'a' more than once")]
    [InlineData("{\"a.b\": 1, \"a\": {\"b\": 2}}", "the path 'a.b' more than once")]
    [InlineData("{\"a\": 1e400}", "beyond the range of Float64")]
    [InlineData("{\"a\": ", "not valid JSON")]
    public void JSON_that_ClickHouse_would_reject_is_refused(string json, string expected)
    {
        RowBinaryException error = Write("JSON", json);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_typed_JSON_path_with_a_value_of_another_type_is_refused()
    {
        RowBinaryException error = Write("JSON(a UInt8)", "{\"a\": \"text\"}");
        Assert.Contains("JSON path 'a' holds \"text\", which is not a valid UInt8", error.Message, StringComparison.Ordinal);

        RowBinaryException range = Write("JSON(a UInt8)", "{\"a\": 300}");
        Assert.Contains("outside the range of UInt8", range.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_interval_that_is_not_a_whole_number_of_units_is_refused()
    {
        RowBinaryException error = Write("IntervalSecond", TimeSpan.FromMilliseconds(1500));
        Assert.Contains("not a whole number of Seconds", error.Message, StringComparison.Ordinal);

        RowBinaryException month = Write("IntervalMonth", TimeSpan.FromDays(30));
        Assert.Contains("months, quarters and years have no fixed length", month.Message, StringComparison.Ordinal);
    }
}
