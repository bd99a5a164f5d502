
namespace ClickHouse.RowBinary.Tests.Values;

public class ClickHouseVariantOrderTests
{
    [Theory]
    [InlineData("Variant(String, UInt64, Array(UInt8))", new byte[] { 1, 2, 0 })]
    [InlineData("Variant(Int32, Float64, Bool, Date)", new byte[] { 3, 2, 0, 1 })]
    [InlineData("Variant(UInt8, String)", new byte[] { 1, 0 })]
    [InlineData("Variant(Array(UInt8), Array(String), DateTime64(3, 'UTC'), DateTime)", new byte[] { 1, 0, 3, 2 })]
    public void Discriminators_number_the_arms_sorted_by_type_name(string variant, byte[] expected)
    {
        Assert.Equal(expected, ClickHouseVariantOrder.GetDiscriminators(variant));
    }

    [Theory]
    [InlineData("Variant(String, UInt64, Array(UInt8))")]
    [InlineData("Variant(Int32, Float64, Bool, Date)")]
    [InlineData("Variant(Tuple(a UInt8, b String), Map(String, Int32), Enum8('x' = 1, 'y, z' = 2), Decimal64(3))")]
    public void The_discriminator_of_each_declared_arm_finds_it_in_the_parsed_type(string variant)
    {
        IReadOnlyList<ClickHouseType> declared = ClickHouseVariantOrder.GetDeclaredArms(variant);
        byte[] discriminators = ClickHouseVariantOrder.GetDiscriminators(declared);
        ClickHouseType parsed = ClickHouseType.Parse(variant);
        Assert.Equal(parsed.Arguments.Count, declared.Count);
        for (int i = 0; i < declared.Count; i++)
        {
            Assert.Equal(declared[i], parsed.Arguments[discriminators[i]]);
        }
    }

    [Fact]
    public void Declared_arms_keep_the_order_of_the_type_string()
    {
        IReadOnlyList<ClickHouseType> arms = ClickHouseVariantOrder.GetDeclaredArms("Variant(String, UInt64, Array(UInt8))");
        Assert.Equal(["String", "UInt64", "Array(UInt8)"], arms.Select(a => a.ToString()));
    }

    [Fact]
    public void An_arm_twice_is_an_error()
    {
        ArgumentException error = Assert.Throws<ArgumentException>(() => ClickHouseVariantOrder.GetDiscriminators(["String", "UInt8", "String"]));
        Assert.Contains("String appears twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_type_that_is_not_a_variant_is_an_error()
    {
        Assert.Throws<ClickHouseTypeParseException>(() => ClickHouseVariantOrder.GetDeclaredArms("Array(UInt8)"));
    }
}
