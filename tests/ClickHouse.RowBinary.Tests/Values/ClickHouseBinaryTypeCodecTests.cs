
namespace ClickHouse.RowBinary.Tests.Values;

/// <summary>
/// The binary type encoding against bytes ClickHouse 26.9 wrote (Dynamic vectors and answers of the oracle, as
/// <c>SELECT x::Dynamic</c> or a RowBinaryWithNamesAndTypes header with output_format_binary_encode_types_in_binary_format).
/// </summary>
public class ClickHouseBinaryTypeCodecTests
{
    [Theory]
    [InlineData("UInt64", "04")]
    [InlineData("String", "15")]
    [InlineData("Float64", "0e")]
    [InlineData("Nothing", "00")]
    [InlineData("Array(Int64)", "1e0a")]
    [InlineData("DateTime64(3, 'UTC')", "140303555443")]
    [InlineData("DateTime64(3)", "1303")]
    [InlineData("DateTime('UTC')", "1203555443")]
    [InlineData("Map(String, Int32)", "271509")]
    [InlineData("Tuple(UInt8, String)", "1f020115")]
    [InlineData("Tuple(a UInt8, b String)", "2002016101016215")]
    [InlineData("Decimal(18, 2)", "1a1202")]
    [InlineData("Decimal(9, 2)", "190902")]
    [InlineData("Decimal(38, 2)", "1b2602")]
    [InlineData("Decimal(76, 2)", "1c4c02")]
    [InlineData("FixedString(2)", "1602")]
    [InlineData("Enum8('a' = 1, 'b' = -2)", "17020162fe016101")]
    [InlineData("Enum16('a' = 1, 'b' = -2)", "18020162feff01610100")]
    [InlineData("IntervalSecond", "2203")]
    [InlineData("IntervalNanosecond", "2200")]
    [InlineData("IntervalYear", "220a")]
    [InlineData("Nullable(Nothing)", "2300")]
    [InlineData("LowCardinality(Nullable(String))", "262315")]
    [InlineData("Variant(String, UInt8)", "2a021501")]
    [InlineData("Dynamic", "2b20")]
    [InlineData("Dynamic(max_types=10)", "2b0a")]
    [InlineData("JSON", "3000800820000000")]
    [InlineData("JSON(max_dynamic_paths=300)", "3000ac0220000000")]
    [InlineData("JSON(a UInt32, max_dynamic_paths=10, max_dynamic_types=3, SKIP b.c, SKIP REGEXP 'x.*')", "30000a03010161030103622e630103782e2a")]
    [InlineData("Point", "2c05506f696e74")]
    [InlineData("MultiPolygon", "2c0c4d756c7469506f6c79676f6e")]
    [InlineData("Bool", "2d")]
    [InlineData("BFloat16", "31")]
    [InlineData("Time", "32")]
    [InlineData("Time64(3)", "3403")]
    [InlineData("IPv4", "28")]
    [InlineData("IPv6", "29")]
    [InlineData("UUID", "1d")]
    [InlineData("SimpleAggregateFunction(anyLast, Nullable(String))", "2e07616e794c61737400012315")]
    [InlineData("SimpleAggregateFunction(groupUniqArrayArray(10), Array(UInt8))", "2e1367726f7570556e69714172726179417272617901010a011e01")]
    [InlineData("Nested(a UInt8, b String)", "2f020161010162 15")]
    public void A_type_encodes_to_ClickHouses_bytes_and_decodes_back(string type, string hex)
    {
        ClickHouseType parsed = ClickHouseType.Parse(type);
        byte[] expected = Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal));
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(ClickHouseBinaryTypeCodec.Encode(parsed)));
        Assert.Equal(parsed, ClickHouseBinaryTypeCodec.Decode(expected));
    }

    [Fact]
    public void Bytes_after_the_type_are_an_error()
    {
        RowBinaryException error = Assert.Throws<RowBinaryException>(() => ClickHouseBinaryTypeCodec.Decode([0x04, 0x00]));
        Assert.Contains("1 bytes follow the encoding of UInt64", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Types_nested_deeper_than_64_levels_are_refused()
    {
        byte[] deep = Enumerable.Repeat((byte)0x1e, 100).Append((byte)0x01).ToArray();
        RowBinaryException error = Assert.Throws<RowBinaryException>(() => ClickHouseBinaryTypeCodec.Decode(deep));
        Assert.Contains("nested more than 64 levels deep", error.Message, StringComparison.Ordinal);
        Assert.Equal(65, error.Offset);
    }

    [Fact]
    public void An_unknown_interval_kind_is_refused()
    {
        RowBinaryException error = Assert.Throws<RowBinaryException>(() => ClickHouseBinaryTypeCodec.Decode([0x22, 0x1a]));
        Assert.Contains("interval kind 0x1A", error.Message, StringComparison.Ordinal);
        Assert.Equal(1, error.Offset);
    }
}
