using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary.Generator.Tests.Hostile;

/// <summary>
/// The reproducers of the hostile-bytes issue, each read through the public API a user calls: a few bytes must
/// never crash the process, claim work or memory out of proportion to their size, or raise anything but our
/// exceptions. Each test failed before its fix.
/// </summary>
public class HostileBytesTests
{
    private const byte Array = 0x1E;
    private const byte UnnamedTuple = 0x1F;
    private const byte Nullable = 0x23;
    private const byte LowCardinality = 0x26;
    private const byte Dynamic = 0x2B;
    private const byte FixedString = 0x16;
    private const byte Json = 0x30;
    private const byte QBit = 0x36;
    private const byte Float64 = 0x0E;

    private static RowBinaryException ReadFails<T>(byte[] bytes)
        where T : IClickHouseRow<T>
        => Assert.ThrowsAny<RowBinaryException>(() => RowBinarySerializer.ReadList<T>(bytes, RowBinaryFormat.RowBinary));

    private static void AssertAtColumnV(RowBinaryException error)
    {
        Assert.Equal("v", error.Column);
        Assert.Equal(0, error.Row);
        Assert.Contains("Column 'v', row 0", error.Message, StringComparison.Ordinal);
    }

    /// <summary>Runs <paramref name="read"/> on a thread with a 1 MiB stack, as many hosts give their threads.</summary>
    private static Exception? OnSmallStack(Action read)
    {
        Exception? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                read();
            }
            catch (Exception e)
            {
                failure = e;
            }
        }, maxStackSize: 1024 * 1024);
        thread.Start();
        thread.Join();
        return failure;
    }

    // ---- 1. crash and unbounded work ------------------------------------------------------------------------

    [Theory]
    [InlineData(600, 1)]     // Array(Dynamic) inside Array(Dynamic) ... : 4 bytes a level
    [InlineData(64, 60)]     // each Dynamic holds Array nested 60 deep, 64 Dynamic levels: about 8 KB
    [InlineData(2000, 1)]
    public void Nesting_through_Dynamic_values_is_capped_before_the_stack_runs_out(int dynamicLevels, int arraysPerLevel)
    {
        byte[] bytes = new WireBytes()
            .Repeat(dynamicLevels, [.. Enumerable.Repeat(Array, arraysPerLevel), Dynamic, 0x20, .. Enumerable.Repeat((byte)1, arraysPerLevel)])
            .Raw(0x00)
            .ToArray();

        Exception? failure = OnSmallStack(() => RowBinarySerializer.ReadList<HostileDynamicRow>(bytes, RowBinaryFormat.RowBinary));

        RowBinaryException error = Assert.IsAssignableFrom<RowBinaryException>(failure);
        AssertAtColumnV(error);
        Assert.Contains("levels deep", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Nesting_in_one_binary_type_encoding_is_capped()
    {
        byte[] bytes = new WireBytes()
            .Repeat(300, Array, LowCardinality, Nullable)
            .Raw(0x01)
            .ToArray();

        Exception? failure = OnSmallStack(() => RowBinarySerializer.ReadList<HostileDynamicRow>(bytes, RowBinaryFormat.RowBinary));

        RowBinaryException error = Assert.IsAssignableFrom<RowBinaryException>(failure);
        Assert.Contains("levels deep", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Zero_byte_elements_cannot_be_claimed_two_billion_times()
    {
        byte[] bytes = new WireBytes().Raw(Array, UnnamedTuple, 0x00).VarUInt(int.MaxValue).ToArray();

        RowBinaryException error = ReadFails<HostileDynamicRow>(bytes);

        AssertAtColumnV(error);
        Assert.Contains("a length of 2147483647 needs at least 2147483647 bytes", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Zero_byte_elements_are_read_when_the_data_backs_them()
    {
        // Array(Tuple()) of 3 elements, then a second row: each claimed element is backed by a byte of data left.
        byte[] bytes = new WireBytes().Raw(Array, UnnamedTuple, 0x00, 0x03).Raw(0x15).String("a").ToArray();

        List<HostileDynamicRow> rows = RowBinarySerializer.ReadList<HostileDynamicRow>(bytes, RowBinaryFormat.RowBinary);

        Assert.Equal(2, rows.Count);
        Assert.Equal(3, Assert.IsType<object?[]>(rows[0].V.Value).Length);
        Assert.Equal("a", rows[1].V.Value);
    }

    [Fact]
    public void A_tuple_too_wide_for_an_int_is_no_type()
    {
        // 129 elements of FixedString(16777215): one value would take 2,164,260,735 bytes, more than int.MaxValue.
        var type = new WireBytes().Raw(Array, UnnamedTuple).VarUInt(129);
        type.Repeat(129, [FixedString, 0xFF, 0xFF, 0xFF, 0x07]);
        byte[] bytes = type.VarUInt(3).Repeat(40, 0x00).ToArray();

        RowBinaryException error = ReadFails<HostileDynamicRow>(bytes);

        AssertAtColumnV(error);
        Assert.Contains("2164260735 bytes", error.Message, StringComparison.Ordinal);
        Assert.Throws<ClickHouseTypeParseException>(() =>
            ClickHouseType.Parse("Tuple(" + string.Join(", ", Enumerable.Repeat("FixedString(16777215)", 129)) + ")"));
        Assert.Equal(128 * 16777215, ClickHouseType.Parse("Tuple(" + string.Join(", ", Enumerable.Repeat("FixedString(16777215)", 128)) + ")").ByteSize);
    }

    [Fact]
    public void A_huge_FixedString_is_not_allocated_before_the_data_is_there()
    {
        byte[] dynamic = new WireBytes().Raw(FixedString).VarUInt(0xFFFFFF).Raw(1, 2, 3).ToArray();
        byte[] column = [1, 2, 3];

        long allocated = AllocatedBy(() =>
        {
            ReadFails<HostileDynamicRow>(dynamic);
            ReadFails<HostileFixedStringRow>(column);
        });

        Assert.True(allocated < 1024 * 1024, $"reading {dynamic.Length} and {column.Length} bytes allocated {allocated:N0} bytes");
    }

    [Fact]
    public void A_huge_FixedString_is_not_allocated_on_every_chunk_of_a_stream()
    {
        byte[] bytes = new WireBytes().Raw(FixedString).VarUInt(0xFFFFFF).Repeat(40, 0x01).ToArray();

        // The stream completes synchronously, so the whole read runs on this thread and its count sees all of it.
        long allocated = AllocatedBy(() => Assert.ThrowsAny<RowBinaryException>(() =>
            RowBinarySerializer.ReadListAsync<HostileDynamicRow>(new OneByteStream(bytes), RowBinaryFormat.RowBinary).GetAwaiter().GetResult()));

        Assert.True(allocated < 8 * 1024 * 1024, $"reading {bytes.Length} bytes one at a time allocated {allocated:N0} bytes");
    }

    [Fact]
    public void A_QBit_claiming_a_billion_elements_costs_only_the_bytes_given()
    {
        // A QBit dimension is at most 134,217,720 (ClickHouse's own cap), so a billion is no type at all...
        byte[] billion = new WireBytes().Raw(QBit, Float64).VarUInt(1_000_000_000).VarUInt(1_000_000_000).Raw(1, 2, 3).ToArray();
        // ...and the largest one, claimed in full by the type and the count, must still be backed by the data.
        byte[] dynamic = new WireBytes().Raw(QBit, Float64).VarUInt(134_217_720).VarUInt(134_217_720).Raw(1, 2, 3).ToArray();
        byte[] column = new WireBytes().VarUInt(134_217_720).Raw(1, 2, 3).ToArray();
        byte[] wrongCount = new WireBytes().VarUInt(1_000_000_000).Raw(1, 2, 3).ToArray();

        var errors = new List<RowBinaryException>();
        long allocated = AllocatedBy(() =>
        {
            errors.Add(ReadFails<HostileDynamicRow>(billion));
            errors.Add(ReadFails<HostileDynamicRow>(dynamic));
            errors.Add(ReadFails<HostileQBitRow>(column));
            errors.Add(ReadFails<HostileQBitRow>(wrongCount));
        });

        Assert.True(allocated < 1024 * 1024, $"reading four QBits of a few bytes each allocated {allocated:N0} bytes");
        Assert.All(errors, AssertAtColumnV);
        Assert.Contains("the QBit dimension must be between 1 and 134217720, got 1000000000", errors[0].Message, StringComparison.Ordinal);
        Assert.Contains("a length of 134217720 needs at least 1073741760 bytes, but only 3 remain", errors[1].Message, StringComparison.Ordinal);
        Assert.Contains("a length of 134217720 needs at least 1073741760 bytes, but only 3 remain", errors[2].Message, StringComparison.Ordinal);
        Assert.Contains("the vector has 1000000000 elements, but the type holds exactly 134217720", errors[3].Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_QBit_claiming_its_largest_dimension_is_not_allocated_on_every_chunk_of_a_stream()
    {
        byte[] bytes = new WireBytes().VarUInt(134_217_720).Repeat(40, 0x01).ToArray();

        long allocated = AllocatedBy(() => Assert.ThrowsAny<RowBinaryException>(() =>
            RowBinarySerializer.ReadListAsync<HostileQBitRow>(new OneByteStream(bytes), RowBinaryFormat.RowBinary).GetAwaiter().GetResult()));

        Assert.True(allocated < 8 * 1024 * 1024, $"reading {bytes.Length} bytes one at a time allocated {allocated:N0} bytes");
    }

    [Fact]
    public void Enum_values_are_looked_up_in_time_independent_of_the_member_count()
    {
        // Array(Enum16) of 65,536 members, then 65,536 values of the last one: a scan of the members per value
        // would make these 460 KB cost 4 billion comparisons.
        const int Members = 65_536;
        var bytes = new WireBytes().Raw(Array, 0x18).VarUInt(Members);
        for (int i = 0; i < Members; i++)
        {
            bytes.String("m" + i).Raw(BitConverter.GetBytes((short)(i - 32_768)));
        }
        bytes.VarUInt(Members).Repeat(Members, 0xFF, 0x7F);

        var watch = System.Diagnostics.Stopwatch.StartNew();
        List<HostileDynamicRow> rows = RowBinarySerializer.ReadList<HostileDynamicRow>(bytes.ToArray(), RowBinaryFormat.RowBinary);
        watch.Stop();

        object?[] values = Assert.IsType<object?[]>(rows[0].V.Value);
        Assert.Equal(Members, values.Length);
        Assert.Equal("m65535", values[^1]);
        Assert.True(watch.Elapsed < TimeSpan.FromSeconds(3), $"reading took {watch.Elapsed}: enum labels must not be found by scanning the members");
    }

    // ---- 3. only our exceptions -----------------------------------------------------------------------------

    private static byte[] JsonWithPath(string path, params byte[] dynamicValue)
        => new WireBytes().VarUInt(1).String(path).Raw(dynamicValue).ToArray();

    [Fact]
    public void A_JSON_path_deeper_than_JsonNode_parses_is_our_error_and_still_text()
    {
        byte[] bytes = JsonWithPath(string.Join('.', Enumerable.Repeat("a", 70)), 0x07, 0x01);

        foreach (RowBinaryException error in new[]
        {
            ReadFails<HostileJsonNodeRow>(bytes),
            ReadFails<HostileJsonDocumentRow>(bytes),
        })
        {
            AssertAtColumnV(error);
            Assert.Contains("more than 64 levels deep", error.Message, StringComparison.Ordinal);
        }
        // The text is ClickHouse's own rendering, whatever its depth.
        string text = RowBinarySerializer.ReadList<HostileJsonTextRow>(bytes, RowBinaryFormat.RowBinary)[0].V;
        Assert.Equal(string.Concat(Enumerable.Repeat("{\"a\":", 70)) + "1" + new string('}', 70), text);
    }

    [Theory]
    [InlineData("America")]
    [InlineData("leapseconds")]
    [InlineData("../../../../../../etc/hostname")]
    [InlineData("/etc/passwd")]
    [InlineData("")]
    public void A_time_zone_name_from_the_wire_never_reaches_the_file_system(string timeZone)
    {
        // A JSON path holding DateTime('<zone>') 2024-01-02 03:04:05 UTC.
        byte[] bytes = new WireBytes().VarUInt(1).String("t").Raw(0x12).String(timeZone).UInt32(1704164645).ToArray();

        List<HostileJsonTextRow> rows = RowBinarySerializer.ReadList<HostileJsonTextRow>(bytes, RowBinaryFormat.RowBinary);

        Assert.Equal("{\"t\":\"2024-01-02 03:04:05\"}", rows[0].V);
    }

    [Fact]
    public void A_known_time_zone_still_renders_local_time()
    {
        byte[] bytes = new WireBytes().VarUInt(1).String("t").Raw(0x12).String("Asia/Tokyo").UInt32(1704164645).ToArray();

        List<HostileJsonTextRow> rows = RowBinarySerializer.ReadList<HostileJsonTextRow>(bytes, RowBinaryFormat.RowBinary);

        Assert.Equal("{\"t\":\"2024-01-02 12:04:05\"}", rows[0].V);
    }

    [Fact]
    public void An_invalid_SKIP_REGEXP_is_a_type_parse_error()
    {
        ClickHouseTypeParseException parse = Assert.Throws<ClickHouseTypeParseException>(() => ClickHouseType.Parse("JSON(SKIP REGEXP '[a')"));
        Assert.Contains("SKIP REGEXP", parse.Message, StringComparison.Ordinal);

        // The same type as Dynamic's binary type encoding: JSON, version 0, default limits, no typed or skipped paths.
        byte[] bytes = new WireBytes().Raw(Json, 0x00).VarUInt(1024).Raw(32).VarUInt(0).VarUInt(0).VarUInt(1).String("[a").VarUInt(0).ToArray();
        RowBinaryException error = ReadFails<HostileDynamicRow>(bytes);
        AssertAtColumnV(error);
        Assert.Contains("SKIP REGEXP", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0x13, 8)]   // DateTime64(8)
    [InlineData(0x34, 8)]   // Time64(8)
    [InlineData(0x34, 7)]   // Time64(7)
    public void Extreme_temporal_values_inside_JSON_are_read_or_rejected_as_our_error(byte typeCode, byte precision)
    {
        byte[] bytes = new WireBytes().VarUInt(1).String("t").Raw(typeCode, precision).Int64(long.MinValue).ToArray();

        Exception? failure = Record.Exception(() =>
        {
            var reader = new RowBinaryReader(bytes);
            reader.ReadJson();
        });

        Assert.True(failure is null or RowBinaryException, $"{failure?.GetType()}: {failure?.Message}");
    }

    [Fact]
    public void A_Time64_at_the_minimum_reads_as_text()
    {
        byte[] bytes = new WireBytes().VarUInt(1).String("t").Raw(0x34, 8).Int64(long.MinValue).ToArray();
        var reader = new RowBinaryReader(bytes);

        Assert.Equal("{\"t\":\"-25620477:52:48.54775808\"}", reader.ReadJson());
    }

    [Fact]
    public void A_JSON_path_that_is_also_an_object_fails_during_the_read_of_a_JsonNode()
    {
        byte[] bytes = new WireBytes().VarUInt(2).String("a").Raw(0x07, 0x01).String("a.b").Raw(0x07, 0x02).ToArray();

        RowBinaryException node = ReadFails<HostileJsonNodeRow>(bytes);
        RowBinaryException document = ReadFails<HostileJsonDocumentRow>(bytes);

        foreach (RowBinaryException error in new[] { node, document })
        {
            AssertAtColumnV(error);
            Assert.Contains("the key 'a' occurs twice", error.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_JSON_path_twice_fails_during_the_read_of_a_JsonNode()
    {
        byte[] bytes = new WireBytes().VarUInt(2).String("a").Raw(0x07, 0x01).String("a").Raw(0x07, 0x02).ToArray();

        AssertAtColumnV(ReadFails<HostileJsonNodeRow>(bytes));
    }

    [Fact]
    public void JsonNode_reads_of_distinct_paths_still_work()
    {
        byte[] bytes = new WireBytes().VarUInt(2).String("a.c").Raw(0x07, 0x01).String("a.b").Raw(0x07, 0x02).ToArray();

        JsonNode node = RowBinarySerializer.ReadList<HostileJsonNodeRow>(bytes, RowBinaryFormat.RowBinary)[0].V;

        Assert.Equal(2, (int)node["a"]!["b"]!);
        Assert.Equal(1, (int)node["a"]!["c"]!);
    }

    [Fact]
    public void Dynamic_From_an_array_of_null_nullables_is_Array_of_Nullable()
    {
        Assert.Equal("Array(Nullable(Float64))", ClickHouseDynamic.From(new double?[] { null }).Type!.ToString());
        Assert.Throws<ArgumentException>(() => ClickHouseDynamic.From(new int[]?[] { null }));
    }

    internal static long AllocatedBy(Action action)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        action();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
