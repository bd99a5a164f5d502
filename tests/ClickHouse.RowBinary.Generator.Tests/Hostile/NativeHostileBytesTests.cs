using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests.Hostile;

/// <summary>
/// Native blocks made by hand as an attacker would: counts, offsets, dictionary sizes and type lists from the wire
/// bound nothing but the bytes given. Each read fails quickly with our exception naming the column, allocating little,
/// through the span reader and the stream readers alike (docs/hostile-input.md).
/// </summary>
public class NativeHostileBytesTests
{
    /// <summary>A read of a few bytes that fails, with what it allocated: far less than what the bytes claim.</summary>
    private const long SmallAllocation = 1024 * 1024;

    private static WireBytes Block(ulong rows, string type, ulong columns = 1) => new WireBytes().VarUInt(columns).VarUInt(rows).String("v").String(type);

    /// <summary>Reads the bytes through every Native read entry point; each must fail with our exception, allocating little.</summary>
    private static RowBinaryException ReadFails<T>(byte[] bytes)
        where T : IClickHouseRow<T>
    {
        RowBinaryException? first = null;
        foreach (Func<object> read in new Func<object>[]
        {
            () => NativeSerializer.ReadList<T>(bytes),
            () => NativeSerializer.ReadListAsync<T>(new OneByteStream(bytes, chunk: 3)).GetAwaiter().GetResult(),
            () => NativeSerializer.ReadAsync<T>(new OneByteStream(bytes, chunk: 64)).ToBlockingEnumerable().ToList(),
        })
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            RowBinaryException error = Assert.ThrowsAny<RowBinaryException>(read);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(allocated < SmallAllocation + (1024L * bytes.Length), $"reading {bytes.Length} bytes allocated {allocated:N0} bytes: {error.Message}");
            first ??= error;
        }
        return first!;
    }

    [Theory]
    [InlineData(1UL << 62)]
    [InlineData(1000)]
    public void A_block_claiming_more_rows_than_its_bytes_is_an_error(ulong rows)
    {
        byte[] bytes = Block(rows, "UInt64").Int64(1).ToArray();

        RowBinaryException error = ReadFails<UInt64Row>(bytes);

        Assert.Contains("row count", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_block_claiming_more_columns_than_its_bytes_is_an_error()
    {
        byte[] bytes = new WireBytes().VarUInt(ulong.MaxValue >> 1).VarUInt(1).ToArray();

        RowBinaryException error = ReadFails<UInt64Row>(bytes);

        Assert.Contains("column count", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Array_offsets_claiming_more_elements_than_bytes_are_an_error_naming_the_column()
    {
        byte[] bytes = Block(1, "Array(String)").Int64(1L << 40).ToArray();

        RowBinaryException error = ReadFails<ArrayStringRow>(bytes);

        Assert.Equal("v", error.Column);
        Assert.Contains("elements of Array(String)", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Array_offsets_that_go_back_are_an_error()
    {
        byte[] bytes = Block(2, "Array(String)").Int64(2).Int64(1).Raw(0, 0).ToArray();

        RowBinaryException error = ReadFails<ArrayStringRow>(bytes);

        Assert.Equal("v", error.Column);
        Assert.Contains("offset 1 is smaller than the offset 2 before it", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_null_map_byte_other_than_0_or_1_is_an_error()
    {
        byte[] bytes = Block(1, "Nullable(UInt32)").Raw(7).UInt32(5).ToArray();

        RowBinaryException error = ReadFails<NullableUInt32Row>(bytes);

        Assert.Contains("expected 0 or 1, found 0x07", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_LowCardinality_dictionary_larger_than_its_bytes_is_an_error()
    {
        byte[] bytes = Block(1, "LowCardinality(String)").Int64(1).Int64(0x600).Int64(1L << 50).ToArray();

        RowBinaryException error = ReadFails<LowCardinalityStringRow>(bytes);

        Assert.Equal("v", error.Column);
        Assert.Contains("LowCardinality(String) dictionary", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_LowCardinality_index_past_the_dictionary_is_an_error()
    {
        byte[] bytes = Block(1, "LowCardinality(String)").Int64(1).Int64(0x600).Int64(1).Raw(0).Int64(1).Raw(1).ToArray();

        RowBinaryException error = ReadFails<LowCardinalityStringRow>(bytes);

        Assert.Contains("index 1 is past the dictionary of 1 keys", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_LowCardinality_granule_of_more_rows_than_the_column_is_an_error()
    {
        byte[] bytes = Block(1, "LowCardinality(String)").Int64(1).Int64(0x600).Int64(1).Raw(0).Int64(1L << 40).ToArray();

        RowBinaryException error = ReadFails<LowCardinalityStringRow>(bytes);

        Assert.Contains("more than the 1 rows left", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_Variant_discriminator_with_no_arm_is_an_error()
    {
        byte[] bytes = Block(1, "Variant(Array(UInt8), String, UInt64)").Int64(0).Raw(3).ToArray();

        RowBinaryException error = ReadFails<VariantStringUInt64ArrayRow>(bytes);

        Assert.Contains("3 names no arm of the 3", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(1_000_000UL, "more than the 254")]
    [InlineData(300UL, "more than the 254")]
    public void A_Dynamic_claiming_too_many_types_is_an_error(ulong types, string message)
    {
        byte[] bytes = Block(1, "Dynamic").Int64(2).VarUInt(types).String("Int64").ToArray();

        RowBinaryException error = ReadFails<DynamicRow>(bytes);

        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_Dynamic_listing_a_type_twice_is_an_error()
    {
        byte[] bytes = Block(1, "Dynamic").Int64(2).VarUInt(2).String("Int64").String("Int64").Int64(0).Raw(0xFF).ToArray();

        RowBinaryException error = ReadFails<DynamicRow>(bytes);

        Assert.Contains("the type Int64 is listed twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_Dynamic_listing_what_is_no_type_is_an_error()
    {
        byte[] bytes = Block(1, "Dynamic").Int64(2).VarUInt(1).String(string.Concat(Enumerable.Repeat("Array(", 100)) + "UInt8" + new string(')', 100)).ToArray();

        RowBinaryException error = ReadFails<DynamicRow>(bytes);

        Assert.Contains("is not a type a Dynamic value can have", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Dynamic_types_nesting_Dynamic_are_capped_before_the_stack_runs_out()
    {
        // Each level lists the type Array(Dynamic): its own Dynamic's prefix follows, for as many levels as the bytes go.
        var bytes = Block(1, "Dynamic");
        for (int level = 0; level < 400; level++)
        {
            bytes.Int64(2).VarUInt(1).String("Array(Dynamic)").Int64(0);
        }

        RowBinaryException? error = null;
        var thread = new Thread(() => error = ReadFails<DynamicRow>(bytes.ToArray()), maxStackSize: 1024 * 1024);
        thread.Start();
        thread.Join();

        Assert.NotNull(error);
        Assert.Contains("levels deep", error!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void JSON_in_its_object_layout_is_an_error_naming_the_setting_that_sends_it_as_text()
    {
        byte[] bytes = Block(1, "JSON").Int64(0).VarUInt(0).VarUInt(0).Int64(0).ToArray();

        RowBinaryException error = ReadFails<JsonTextRow>(bytes);

        Assert.Equal("v", error.Column);
        Assert.Contains("output_format_native_write_json_as_string = 1", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_type_name_that_does_not_parse_is_an_error_naming_the_column()
    {
        byte[] bytes = Block(1, "Array(").Int64(0).ToArray();

        RowBinaryException error = ReadFails<ArrayStringRow>(bytes);

        Assert.Equal("v", error.Column);
        Assert.Contains("cannot be parsed", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_stream_claiming_a_huge_block_holds_only_the_bytes_it_sent()
    {
        // A block of 2^40 rows of UInt64 announced, then 64 KiB of its data, then the end of the stream.
        byte[] bytes = Block(1UL << 40, "UInt64").Raw(new byte[64 * 1024]).ToArray();

        RowBinaryException error = ReadFails<UInt64Row>(bytes);

        Assert.Contains("row count", error.Message, StringComparison.Ordinal);
    }
}
