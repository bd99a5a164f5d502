using System.Buffers;
using System.Net;
using System.Numerics;

namespace ClickHouse.RowBinary.Tests.Values;

public class ClickHouseDynamicTests
{
    public static TheoryData<object, string> Inferred() => new()
    {
        { (sbyte)-1, "Int8" }, { (short)2, "Int16" }, { 3, "Int32" }, { 4L, "Int64" }, { (Int128)5, "Int128" },
        { (byte)6, "UInt8" }, { (ushort)7, "UInt16" }, { 8u, "UInt32" }, { 9UL, "UInt64" }, { (UInt128)10, "UInt128" },
        { new BigInteger(-11), "Int256" }, { 1.5f, "Float32" }, { 2.5, "Float64" }, { true, "Bool" }, { "text", "String" },
        { 'c', "String" }, { new byte[] { 0xff, 0x00 }, "String" }, { 1.25m, "Decimal(28, 2)" },
        { ClickHouseDecimal.Parse("-1.000"), "Decimal(76, 3)" }, { new DateOnly(1900, 1, 1), "Date32" },
        { new DateTime(2024, 2, 29, 12, 34, 56, 789, DateTimeKind.Utc), "DateTime64(7, 'UTC')" },
        { new DateTimeOffset(2024, 2, 29, 12, 0, 0, TimeSpan.FromHours(3)), "DateTime64(7, 'UTC')" },
        { TimeSpan.FromMilliseconds(-1500), "Time64(7)" }, { Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0"), "UUID" },
        { IPAddress.Parse("1.2.3.4"), "IPv4" }, { IPAddress.Parse("2001:db8::1"), "IPv6" }, { (1.5, -2.5), "Point" },
        { new long[] { 1, 2 }, "Array(Int64)" }, { new int?[] { 1, null }, "Array(Nullable(Int32))" }, { new string[0], "Array(String)" },
        { new double[][] { [1.5], [] }, "Array(Array(Float64))" }, { Array.Empty<Guid>(), "Array(UUID)" },
    };

    [Theory]
    [MemberData(nameof(Inferred))]
    public void From_infers_the_type_and_the_value_reads_back_equal(object value, string type)
    {
        ClickHouseDynamic dynamic = ClickHouseDynamic.From(value);
        Assert.Equal(ClickHouseType.Parse(type), dynamic.Type);

        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        writer.WriteDynamic(dynamic);
        writer.Flush();
        var reader = new RowBinaryReader(buffer.WrittenSpan);
        ClickHouseDynamic read = reader.ReadDynamic();
        Assert.True(reader.IsEnd);
        Assert.Equal(dynamic, read);
    }

    [Fact]
    public void Null_and_default_are_NULL_and_write_the_Nothing_code()
    {
        Assert.True(ClickHouseDynamic.From<string?>(null).IsNull);
        Assert.Equal(ClickHouseDynamic.Null, default);
        Assert.True(new ClickHouseDynamic(ClickHouseType.Parse("Int64"), null).IsNull);
        Assert.True(new ClickHouseDynamic(ClickHouseType.Parse("Nothing"), 1).IsNull);
        Assert.Equal("NULL", ClickHouseDynamic.Null.ToString());

        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        writer.WriteDynamic(default);
        writer.Flush();
        Assert.Equal([0x00], buffer.WrittenSpan.ToArray());
    }

    [Fact]
    public void A_nullable_type_holds_its_element_type_as_Dynamic_does()
    {
        var dynamic = new ClickHouseDynamic(ClickHouseType.Parse("Nullable(UInt64)"), 42UL);
        Assert.Equal(ClickHouseType.Parse("UInt64"), dynamic.Type);
        Assert.Equal("42 (UInt64)", dynamic.ToString());
    }

    [Fact]
    public void Equality_compares_type_and_value_structurally()
    {
        ClickHouseType array = ClickHouseType.Parse("Array(Int64)");
        Assert.Equal(new ClickHouseDynamic(array, new object?[] { 1L, 2L }), new ClickHouseDynamic(array, new object?[] { 1L, 2L }));
        Assert.NotEqual(new ClickHouseDynamic(array, new object?[] { 1L, 2L }), new ClickHouseDynamic(array, new object?[] { 1L, 3L }));
        Assert.NotEqual(ClickHouseDynamic.From(1L), ClickHouseDynamic.From(1));
        Assert.Equal(ClickHouseDynamic.From(double.NaN), ClickHouseDynamic.From(double.NaN));
    }

    [Fact]
    public void A_local_time_is_stored_as_the_same_instant_in_UTC()
    {
        var local = new DateTime(2024, 7, 1, 12, 0, 0, DateTimeKind.Local);
        ClickHouseDynamic dynamic = ClickHouseDynamic.From(local);
        Assert.Equal(local.ToUniversalTime(), (DateTime)dynamic.Value!);
        Assert.Equal(DateTimeKind.Utc, ((DateTime)dynamic.Value!).Kind);
    }

    [Fact]
    public void A_value_without_an_obvious_type_asks_for_one()
    {
        ArgumentException error = Assert.Throws<ArgumentException>(() => ClickHouseDynamic.From(new Uri("https://example.com")));
        Assert.Contains("new ClickHouseDynamic(type, value)", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("150364796e", "String", "dyn")]
    [InlineData("042a00000000000000", "UInt64", 42UL)]
    [InlineData("0e0000000000000c40", "Float64", 3.5)]
    public void The_Dynamic_vectors_read_as_type_and_value(string hex, string type, object value)
    {
        var reader = new RowBinaryReader(Convert.FromHexString(hex));
        ClickHouseDynamic dynamic = reader.ReadDynamic();
        Assert.Equal(ClickHouseType.Parse(type), dynamic.Type);
        Assert.Equal(value, dynamic.Value);
    }

    public static TheoryData<string, object> Scalars() => new()
    {
        { "Int8", (sbyte)-8 }, { "Int16", (short)-16 }, { "Int32", -32 }, { "Int64", long.MinValue }, { "Int128", Int128.MaxValue },
        { "Int256", BigInteger.One << 200 }, { "UInt8", (byte)8 }, { "UInt32", 32u }, { "UInt64", ulong.MaxValue }, { "UInt128", UInt128.MaxValue },
        { "Float64", 1.5 }, { "String", "text" }, { "DateTime64(3)", new DateTime(2024, 2, 29, 0, 0, 0, DateTimeKind.Utc) },
        { "Decimal(18, 2)", 1.25m }, { "UUID", Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0") }, { "Nullable(Int32)", 5 },
    };

    [Theory]
    [MemberData(nameof(Scalars))]
    public void Writing_a_scalar_value_allocates_nothing(string type, object value)
    {
        // An integer's range check made BigIntegers of its type's bounds (past 31 bits, each allocates) for every value.
        var dynamic = new ClickHouseDynamic(ClickHouseType.Parse(type), value);
        var buffer = new ArrayBufferWriter<byte>(1 << 16);
        long allocated = 0;
        for (int round = 0; round < 3; round++)
        {
            buffer.ResetWrittenCount();
            long before = GC.GetAllocatedBytesForCurrentThread();
            var writer = new RowBinaryWriter(buffer);
            for (int i = 0; i < 1000; i++)
            {
                writer.WriteDynamic(dynamic);
            }
            writer.Flush();
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }

        Assert.True(allocated < 1000, $"1,000 {type} values allocated {allocated} bytes.");
    }
}
