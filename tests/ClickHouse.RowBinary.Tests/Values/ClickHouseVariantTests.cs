using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Values;

public class ClickHouseVariantTests
{
    [Fact]
    public void The_default_value_is_null()
    {
        ClickHouseVariant<string, ulong> value = default;
        Assert.True(value.IsNull);
        Assert.Equal(-1, value.Index);
        Assert.Null(value.Value);
        Assert.Equal(ClickHouseVariant<string, ulong>.Null, value);
        Assert.Equal("NULL", value.ToString());
    }

    [Fact]
    public void Each_arm_is_held_in_its_declared_position()
    {
        ClickHouseVariant<string, ulong, byte[]> text = "str";
        ClickHouseVariant<string, ulong, byte[]> number = 42UL;
        ClickHouseVariant<string, ulong, byte[]> bytes = new byte[] { 1, 2 };

        Assert.Equal(0, text.Index);
        Assert.Equal("str", text.Value0);
        Assert.Equal(1, number.Index);
        Assert.Equal(42UL, number.Value1);
        Assert.Equal(2, bytes.Index);
        Assert.Equal(new byte[] { 1, 2 }, bytes.Value2);
        Assert.False(number.IsNull);
        Assert.Equal(42UL, number.Value);
    }

    [Fact]
    public void Reading_another_arm_says_which_arm_holds_the_value()
    {
        ClickHouseVariant<string, ulong> number = ClickHouseVariant<string, ulong>.From1(7);
        InvalidOperationException wrongArm = Assert.Throws<InvalidOperationException>(() => number.Value0);
        Assert.Contains("holds arm 1; Value0 is not set", wrongArm.Message, StringComparison.Ordinal);

        InvalidOperationException isNull = Assert.Throws<InvalidOperationException>(() => ClickHouseVariant<string, ulong>.Null.Value1);
        Assert.Contains("is NULL", isNull.Message, StringComparison.Ordinal);

        Assert.False(number.TryGet0(out string? text));
        Assert.Null(text);
        Assert.True(number.TryGet1(out ulong value));
        Assert.Equal(7UL, value);
    }

    [Fact]
    public void Match_calls_the_function_of_the_arm_or_of_null()
    {
        static string Describe(ClickHouseVariant<int, double, bool, DateOnly> v)
            => v.Match(i => $"int {i}", d => $"double {d}", b => $"bool {b}", d => $"date {d:yyyy-MM-dd}", () => "null");

        Assert.Equal("int 1", Describe(1));
        Assert.Equal("double 2.5", Describe(2.5));
        Assert.Equal("bool True", Describe(true));
        Assert.Equal("date 2024-01-01", Describe(new DateOnly(2024, 1, 1)));
        Assert.Equal("null", Describe(default));
    }

    [Fact]
    public void Equality_needs_the_same_arm_and_value()
    {
        var first = ClickHouseVariant<long, long>.From0(5);
        var second = ClickHouseVariant<long, long>.From1(5);
        Assert.NotEqual(first, second);
        Assert.Equal(first, ClickHouseVariant<long, long>.From0(5));
        Assert.True(first == ClickHouseVariant<long, long>.From0(5));
        Assert.True(first != second);
        Assert.Equal(first.GetHashCode(), ClickHouseVariant<long, long>.From0(5).GetHashCode());
        Assert.NotEqual(first, ClickHouseVariant<long, long>.Null);
    }

    [Fact]
    public void Eight_arms_work_like_two()
    {
        ClickHouseVariant<sbyte, short, int, long, float, double, string, Guid> last = Guid.Empty;
        Assert.Equal(7, last.Index);
        Assert.Equal(Guid.Empty, last.Value7);
        Assert.True(last.TryGet7(out _));
        Assert.False(last.TryGet0(out _));
        Assert.Equal("f32", ClickHouseVariant<sbyte, short, int, long, float, double, string, Guid>.From4(1f)
            .Match(_ => "i8", _ => "i16", _ => "i32", _ => "i64", _ => "f32", _ => "f64", _ => "s", _ => "uuid", () => "null"));
    }

    /// <summary>
    /// The contract the generated code follows: the arm's discriminator from <see cref="ClickHouseVariantOrder"/>,
    /// then the arm's value. The bytes are the golden vectors' for Variant(String, UInt64, Array(UInt8)).
    /// </summary>
    [Theory]
    [InlineData(0, "0103737472")]
    [InlineData(1, "022a00000000000000")]
    [InlineData(2, "00020102")]
    [InlineData(-1, "ff")]
    public void A_variant_written_through_its_discriminators_gives_the_vector_bytes(int arm, string hex)
    {
        byte[] discriminators = ClickHouseVariantOrder.GetDiscriminators("Variant(String, UInt64, Array(UInt8))");
        ClickHouseVariant<string, ulong, byte[]> value = arm switch
        {
            0 => "str",
            1 => 42UL,
            2 => new byte[] { 1, 2 },
            _ => default,
        };

        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        if (value.IsNull)
        {
            writer.WriteUInt8(ClickHouseVariantOrder.NullDiscriminator);
        }
        else
        {
            writer.WriteUInt8(discriminators[value.Index]);
            switch (value.Index)
            {
                case 0: writer.WriteString(value.Value0); break;
                case 1: writer.WriteUInt64(value.Value1); break;
                default: writer.WriteLength(value.Value2.Length); writer.WriteBytes(value.Value2); break;
            }
        }
        writer.Flush();
        Assert.Equal(hex, Convert.ToHexString(buffer.WrittenSpan).ToLowerInvariant());

        var reader = new RowBinaryReader(buffer.WrittenSpan);
        byte discriminator = reader.ReadVariantDiscriminator(3, "Variant(Array(UInt8), String, UInt64)");
        int index = discriminator == ClickHouseVariantOrder.NullDiscriminator ? -1 : Array.IndexOf(discriminators, discriminator);
        Assert.Equal(arm, index);
    }
}
