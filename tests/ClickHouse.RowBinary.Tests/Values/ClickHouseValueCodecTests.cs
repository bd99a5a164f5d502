using System.Buffers;
using System.Net;

namespace ClickHouse.RowBinary.Tests.Values;

/// <summary>The object model of <see cref="ClickHouseValueCodec"/>: the forms values read as, and the other forms accepted on write.</summary>
public class ClickHouseValueCodecTests
{
    private static byte[] Write(string type, object? value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        ClickHouseValueCodec.Write(ref writer, ClickHouseType.Parse(type), value);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static object? Read(string type, byte[] bytes)
    {
        var reader = new RowBinaryReader(bytes);
        object? value = ClickHouseValueCodec.Read(ref reader, ClickHouseType.Parse(type));
        Assert.True(reader.IsEnd, $"{reader.Remaining} bytes left");
        return value;
    }

    [Fact]
    public void A_map_keeps_its_order_and_duplicate_keys()
    {
        var entries = new List<KeyValuePair<object, object?>> { new("b", 2UL), new("a", 1UL), new("b", 3UL) };
        byte[] bytes = Write("Map(String, UInt64)", entries);
        Assert.Equal(entries, (List<KeyValuePair<object, object?>>)Read("Map(String, UInt64)", bytes)!);
    }

    [Fact]
    public void A_dictionary_writes_as_a_map()
    {
        var dictionary = new Dictionary<string, ulong> { ["a"] = 1, ["b"] = 2 };
        Assert.Equal("020161010000000000000001620200000000000000", Convert.ToHexString(Write("Map(String, UInt64)", dictionary)).ToLowerInvariant());
    }

    [Fact]
    public void Tuples_and_arrays_accept_value_tuples_lists_and_typed_arrays()
    {
        Assert.Equal(Write("Tuple(UInt8, String)", new object?[] { (byte)1, "one" }), Write("Tuple(UInt8, String)", ((byte)1, "one")));
        Assert.Equal(Write("Array(UInt16)", new object?[] { (ushort)1, (ushort)2 }), Write("Array(UInt16)", new List<ushort> { 1, 2 }));
        Assert.Equal(Write("Array(UInt8)", new object?[] { (byte)1, (byte)2 }), Write("Array(UInt8)", new byte[] { 1, 2 }));
        Assert.Equal(Write("Int64", 5L), Write("Int64", 5));
    }

    [Fact]
    public void Strings_that_are_not_UTF8_read_as_their_bytes()
    {
        byte[] bytes = Convert.FromHexString("0400ff80c0");
        Assert.Equal(new byte[] { 0x00, 0xff, 0x80, 0xc0 }, Read("String", bytes));
        Assert.Equal(bytes, Write("String", new byte[] { 0x00, 0xff, 0x80, 0xc0 }));
        Assert.Equal("é", Read("String", Convert.FromHexString("02c3a9")));
    }

    [Fact]
    public void Variant_values_read_as_their_arm_type_and_value()
    {
        var value = (ClickHouseDynamic)Read("Variant(String, UInt64, Array(UInt8))", Convert.FromHexString("022a00000000000000"))!;
        Assert.Equal(ClickHouseType.Parse("UInt64"), value.Type);
        Assert.Equal(42UL, value.Value);
        Assert.True(((ClickHouseDynamic)Read("Variant(String, UInt64)", [0xff])!).IsNull);

        // A plain value finds its arm by its .NET type.
        Assert.Equal(Convert.FromHexString("0103737472"), Write("Variant(String, UInt64, Array(UInt8))", "str"));
        Assert.Equal(Convert.FromHexString("022a00000000000000"), Write("Variant(String, UInt64, Array(UInt8))", 42UL));
        Assert.Equal(Convert.FromHexString("ff"), Write("Variant(String, UInt64, Array(UInt8))", null));
    }

    [Fact]
    public void DateTime64_beyond_100ns_reads_as_raw_ticks_so_no_digit_is_lost()
    {
        byte[] bytes = Convert.FromHexString("ffffffffffffffff");
        Assert.Equal(-1L, Read("DateTime64(9, 'UTC')", bytes));
        Assert.Equal(new DateTime(1969, 12, 31, 23, 59, 59, 999, DateTimeKind.Utc).AddTicks(9999), Read("DateTime64(7, 'UTC')", bytes));
        Assert.Equal(bytes, Write("DateTime64(9, 'UTC')", -1L));
    }

    [Theory]
    [InlineData("IntervalSecond", 90L, "5a00000000000000")]
    [InlineData("IntervalMillisecond", 1500L, "dc05000000000000")]
    [InlineData("IntervalNanosecond", 1500000000L, "002f685900000000")]
    [InlineData("IntervalWeek", 2L, "0200000000000000")]
    public void Intervals_of_fixed_length_accept_a_TimeSpan(string type, long expected, string hex)
    {
        TimeSpan span = type switch
        {
            "IntervalSecond" => TimeSpan.FromSeconds(expected),
            "IntervalMillisecond" => TimeSpan.FromMilliseconds(expected),
            "IntervalNanosecond" => TimeSpan.FromTicks(expected / 100),
            _ => TimeSpan.FromDays(7 * expected),
        };
        Assert.Equal(hex, Convert.ToHexString(Write(type, span)).ToLowerInvariant());
        Assert.Equal(expected, Read(type, Convert.FromHexString(hex)));
    }

    [Theory]
    [InlineData("Int8")]
    [InlineData("UInt256")]
    [InlineData("Float32")]
    [InlineData("FixedString(3)")]
    [InlineData("Date32")]
    [InlineData("DateTime64(3, 'UTC')")]
    [InlineData("Decimal(76, 20)")]
    [InlineData("Enum8('b' = 2, 'a' = 1)")]
    [InlineData("Nullable(String)")]
    [InlineData("Array(Array(String))")]
    [InlineData("Tuple(a Int32, b Map(String, IPv6))")]
    [InlineData("Variant(String, UInt64)")]
    [InlineData("Dynamic")]
    [InlineData("JSON(a UInt8)")]
    [InlineData("MultiPolygon")]
    [InlineData("Time64(3)")]
    [InlineData("IntervalDay")]
    [InlineData("LowCardinality(Nullable(String))")]
    [InlineData("SimpleAggregateFunction(sum, UInt64)")]
    public void The_default_value_of_every_type_writes_and_reads_back(string type)
    {
        ClickHouseType parsed = ClickHouseType.Parse(type);
        object? value = ClickHouseValueCodec.DefaultValue(parsed);
        byte[] bytes = Write(type, value);
        object? read = Read(type, bytes);
        Assert.Equal(bytes, Write(type, read));
    }

    [Fact]
    public void The_default_enum_value_is_its_smallest()
    {
        Assert.Equal("a", ClickHouseValueCodec.DefaultValue(ClickHouseType.Parse("Enum8('b' = 2, 'a' = 1)")));
    }

    [Fact]
    public void Geo_values_are_tuples_of_doubles_and_arrays_of_them()
    {
        byte[] ring = Convert.FromHexString("0300000000000000000000000000000000000000000000f03f0000000000000000000000000000f03f000000000000f03f");
        var points = ((double X, double Y)[])Read("Ring", ring)!;
        Assert.Equal([(0d, 0d), (1d, 0d), (1d, 1d)], points);
        Assert.Equal(ring, Write("Ring", new List<(double, double)> { (0, 0), (1, 0), (1, 1) }));
        Assert.Equal(IPAddress.Parse("1.2.3.4"), Read("IPv4", [4, 3, 2, 1]));
    }
}
