using System.Buffers;

namespace ClickHouse.RowBinary.Tests.BadInput;

/// <summary>
/// Data that is not a valid RowBinary value of its type raises a <see cref="RowBinaryException"/> whose message
/// names the type, the byte offset and what was expected, and whose <see cref="RowBinaryException.Offset"/> points
/// at the problem; nothing is allocated for a length the data cannot back.
/// </summary>
public class BadInputTests
{
    private static RowBinaryException Read(string type, string hex)
    {
        byte[] bytes = Convert.FromHexString(hex);
        ClickHouseType parsed = ClickHouseType.Parse(type);
        return Assert.ThrowsAny<RowBinaryException>(() =>
        {
            var reader = new RowBinaryReader(bytes);
            ClickHouseValueCodec.Read(ref reader, parsed);
        });
    }

    private static void AssertNames(RowBinaryException error, long offset, params string[] parts)
    {
        Assert.Equal(offset, error.Offset);
        Assert.Contains($"byte offset {offset}", error.Message, StringComparison.Ordinal);
        foreach (string part in parts)
        {
            Assert.Contains(part, error.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("Int32", "010203", 0, "expected 4 more bytes, 3 remain")]
    [InlineData("UInt64", "0102030405", 0, "expected 8 more bytes, 5 remain")]
    [InlineData("Int128", "00000000000000000102", 8, "expected 8 more bytes, 2 remain")]
    [InlineData("UUID", "e711b35c04c4f061a0db", 8, "expected 8 more bytes, 2 remain")]
    [InlineData("Decimal(38, 10)", "ff1bf4abfdffffff", 8, "expected 8 more bytes, 0 remain")]
    [InlineData("DateTime64(3, 'UTC')", "9554dcf4", 0, "expected 8 more bytes, 4 remain")]
    [InlineData("FixedString(8)", "616263", 0, "expected 8 more bytes, 3 remain")]
    [InlineData("Nullable(UInt32)", "00", 1, "expected 4 more bytes, 0 remain")]
    [InlineData("Tuple(UInt8, String)", "01", 1, "expected 1 more bytes, 0 remain")]
    [InlineData("Array(Nullable(Int64))", "020001000000000000000001", 11, "expected 8 more bytes, 1 remain")]
    public void A_truncated_value_names_its_type_the_offset_and_the_bytes_missing(string type, string hex, long offset, string expected)
    {
        RowBinaryException error = Read(type, hex);
        AssertNames(error, offset, ClickHouseType.Parse(type).ToString(), "Unexpected end of data", expected);
        Assert.Equal(ClickHouseType.Parse(type).ToString(), error.ClickHouseType);
    }

    [Theory]
    [InlineData("String", "0568656c", "a length of 5 needs at least 5 bytes, but only 3 remain")]
    [InlineData("Array(UInt32)", "0201000000020000", "a length of 2 needs at least 8 bytes, but only 7 remain")]
    [InlineData("Map(String, UInt64)", "01016101000000", "a length of 1 needs at least 9 bytes, but only 6 remain")]
    [InlineData("Array(Tuple(UInt8, UInt16))", "020102000300", "a length of 2 needs at least 6 bytes, but only 5 remain")]
    public void A_length_longer_than_the_data_left_is_caught_when_it_is_read(string type, string hex, string expected)
    {
        RowBinaryException error = Read(type, hex);
        AssertNames(error, 1, ClickHouseType.Parse(type).ToString(), expected);
    }

    [Fact]
    public void A_varint_longer_than_10_bytes_is_rejected()
    {
        byte[] bytes = Convert.FromHexString("ffffffffffffffffffffff01");
        RowBinaryException direct = Assert.Throws<RowBinaryException>(() =>
        {
            var reader = new RowBinaryReader(bytes);
            reader.ReadVarUInt();
        });
        AssertNames(direct, 0, "VarUInt", "longer than 10 bytes");

        RowBinaryException asLength = Read("String", "ffffffffffffffffffffff01");
        AssertNames(asLength, 0, "String", "longer than 10 bytes");
    }

    [Theory]
    [InlineData("String")]
    [InlineData("Array(UInt64)")]
    [InlineData("Array(String)")]
    [InlineData("Map(String, String)")]
    [InlineData("JSON")]
    public void A_length_beyond_the_data_fails_before_anything_is_allocated_for_it(string type)
    {
        // 2^31 - 1 elements or bytes announced, 3 bytes of data.
        string hex = "ffffffff07" + "616263";
        Read(type, hex); // once to load and compile everything the measured call touches

        long before = GC.GetAllocatedBytesForCurrentThread();
        RowBinaryException error = Read(type, hex);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(allocated < 64 * 1024, $"{allocated} bytes were allocated for a length the data cannot back");
        AssertNames(error, 5, ClickHouseType.Parse(type).ToString(), "a length of 2147483647", "but only 3 remain");
    }

    [Fact]
    public void A_length_no_collection_can_hold_is_rejected()
    {
        RowBinaryException error = Read("Array(UInt8)", "80808080808001");
        AssertNames(error, 7, "Array(UInt8)", "larger than any .NET collection can hold");
    }

    [Fact]
    public void A_bool_byte_other_than_0_or_1_is_rejected()
    {
        RowBinaryException error = Read("Bool", "02");
        AssertNames(error, 0, "Bool", "expected 0 or 1, found 0x02");

        RowBinaryException inArray = Read("Array(Bool)", "03000107");
        AssertNames(inArray, 3, "Array(Bool)", "expected 0 or 1, found 0x07");
    }

    [Fact]
    public void A_null_marker_other_than_0_or_1_is_rejected()
    {
        RowBinaryException error = Read("Nullable(Int32)", "0201000000");
        AssertNames(error, 0, "Nullable(Int32)", "expected a NULL marker of 0 or 1, found 0x02");
    }

    [Fact]
    public void An_unknown_variant_discriminator_names_the_discriminator_and_the_variant_count()
    {
        RowBinaryException error = Read("Variant(String, UInt64, Array(UInt8))", "0301");
        AssertNames(error, 0, "Variant(Array(UInt8), String, UInt64)", "discriminator 3", "has 3 types", "255 for NULL");

        byte[] bytes = [0x07];
        RowBinaryException direct = Assert.Throws<RowBinaryException>(() =>
        {
            var reader = new RowBinaryReader(bytes);
            reader.ReadVariantDiscriminator(2, "Variant(String, UInt64)");
        });
        AssertNames(direct, 0, "Variant(String, UInt64)", "discriminator 7", "has 2 types");
    }

    [Theory]
    [InlineData("Enum8('a' = -128, 'b' = 0, 'c' = 127)", "05", "5 is not a declared value", "'a' = -128, 'b' = 0, 'c' = 127")]
    [InlineData("Enum16('x' = -32768, 'y' = 1000)", "e903", "1001 is not a declared value", "'x' = -32768, 'y' = 1000")]
    public void An_undeclared_enum_value_names_the_value_and_the_declared_set(string type, string hex, string value, string declared)
    {
        RowBinaryException error = Read(type, hex);
        AssertNames(error, 0, ClickHouseType.Parse(type).ToString(), value, declared);
    }

    [Fact]
    public void An_unknown_type_code_in_a_dynamic_value_is_rejected()
    {
        RowBinaryException error = Read("Dynamic", "99");
        AssertNames(error, 0, "binary type encoding", "0x99 is not a known type code");

        RowBinaryException aggregate = Read("Dynamic", "25000373756d000101");
        AssertNames(aggregate, 0, "AggregateFunction");
    }

    [Fact]
    public void A_date32_outside_its_range_is_rejected()
    {
        RowBinaryException error = Read("Date32", "00000080");
        AssertNames(error, 0, "Date32", "outside 1900-01-01 to 2299-12-31");
    }

    [Fact]
    public void Only_null_is_read_for_Nullable_Nothing()
    {
        byte[] bytes = [0x01];
        var reader = new RowBinaryReader(bytes);
        Assert.Null(ClickHouseValueCodec.Read(ref reader, ClickHouseType.Parse("Nullable(Nothing)")));

        RowBinaryException error = Read("Nullable(Nothing)", "00");
        AssertNames(error, 1, "Nullable(Nothing)", "the Nothing type has no values");
    }

    [Fact]
    public void A_json_value_with_too_many_paths_for_the_data_is_rejected()
    {
        RowBinaryException error = Read("JSON", "05016101");
        AssertNames(error, 1, "JSON", "a length of 5 needs at least 10 bytes");
    }

    [Fact]
    public void Incomplete_data_in_a_block_that_is_not_final_asks_for_more_rather_than_failing()
    {
        byte[] bytes = Convert.FromHexString("0301610003");
        var sequence = new ReadOnlySequence<byte>(bytes);
        Assert.Throws<RowBinaryNeedMoreDataException>(() =>
        {
            var reader = new RowBinaryReader(sequence, isFinalBlock: false);
            ClickHouseValueCodec.Read(ref reader, ClickHouseType.Parse("Array(String)"));
        });
    }
}
