namespace ClickHouse.RowBinary.Tests.IO;

/// <summary>The exception factories and Interval conversions that generated code calls.</summary>
public class RowBinaryGeneratedSupportTests
{
    [Theory]
    [InlineData(0L, 10L)]
    [InlineData(-3L, 10_000L)]
    [InlineData(1_234L, 864_000_000_000L)]
    public void Interval_of_a_fixed_unit_round_trips_through_TimeSpan(long units, long ticksPerUnit)
    {
        TimeSpan value = RowBinaryGeneratedSupport.IntervalToTimeSpan(units, ticksPerUnit, "IntervalSecond", offset: 0);

        Assert.Equal(units * ticksPerUnit, value.Ticks);
        Assert.Equal(units, RowBinaryGeneratedSupport.IntervalFromTimeSpan(value, ticksPerUnit, "IntervalSecond"));
    }

    [Fact]
    public void Interval_from_a_TimeSpan_that_is_not_a_whole_number_of_units_fails()
    {
        var exception = Assert.Throws<RowBinaryException>(() => RowBinaryGeneratedSupport.IntervalFromTimeSpan(TimeSpan.FromMilliseconds(1500), 10_000_000L, "IntervalSecond"));

        Assert.Equal("IntervalSecond", exception.ClickHouseType);
        Assert.Contains("not a whole number of units of IntervalSecond", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Interval_outside_the_range_of_TimeSpan_fails_at_its_offset()
    {
        var exception = Assert.Throws<RowBinaryException>(() => RowBinaryGeneratedSupport.IntervalToTimeSpan(long.MaxValue, 10L, "IntervalMicrosecond", offset: 42));

        Assert.Equal((42L, "IntervalMicrosecond"), (exception.Offset, exception.ClickHouseType));
    }

    [Fact]
    public void IntervalNanosecond_round_trips_whole_ticks_and_rejects_finer_values()
    {
        Assert.Equal(TimeSpan.FromTicks(7), RowBinaryGeneratedSupport.IntervalNanosecondsToTimeSpan(700, offset: 0));
        Assert.Equal(700L, RowBinaryGeneratedSupport.IntervalNanosecondsFromTimeSpan(TimeSpan.FromTicks(7)));

        var finer = Assert.Throws<RowBinaryException>(() => RowBinaryGeneratedSupport.IntervalNanosecondsToTimeSpan(701, offset: 8));
        Assert.Equal((8L, "IntervalNanosecond"), (finer.Offset, finer.ClickHouseType));
        Assert.Throws<RowBinaryException>(() => RowBinaryGeneratedSupport.IntervalNanosecondsFromTimeSpan(TimeSpan.MaxValue));
    }

    [Fact]
    public void Arrays_of_numbers_are_written_and_read_as_the_writer_and_reader_do_one_value_at_a_time()
    {
        long[] values = [0, 1, -1, long.MinValue, long.MaxValue, 0x0102030405060708];
        var bulk = new System.Buffers.ArrayBufferWriter<byte>();
        var oneByOne = new System.Buffers.ArrayBufferWriter<byte>();
        var bulkWriter = new RowBinaryWriter(bulk);
        var oneByOneWriter = new RowBinaryWriter(oneByOne);

        RowBinaryGeneratedSupport.WriteLittleEndian<long>(ref bulkWriter, values);
        foreach (long value in values)
        {
            oneByOneWriter.WriteInt64(value);
        }
        bulkWriter.Flush();
        oneByOneWriter.Flush();

        Assert.Equal(oneByOne.WrittenSpan.ToArray(), bulk.WrittenSpan.ToArray());
        var read = new long[values.Length];
        var reader = new RowBinaryReader(bulk.WrittenSpan);
        RowBinaryGeneratedSupport.ReadLittleEndian(ref reader, new Span<long>(read), "Array(Int64)");
        Assert.Equal(values, read);
    }

    [Fact]
    public void An_array_of_numbers_cut_short_fails_naming_its_type()
    {
        var reader = new RowBinaryReader(new byte[6]);
        var read = new int[2];

        RowBinaryException exception;
        try
        {
            RowBinaryGeneratedSupport.ReadLittleEndian(ref reader, new Span<int>(read), "Array(Int32)");
            throw new InvalidOperationException("Six bytes held two Int32 values.");
        }
        catch (RowBinaryException caught)
        {
            exception = caught;
        }

        Assert.Equal("Array(Int32)", exception.ClickHouseType);
    }

    [Fact]
    public void ExactRunBytes_counts_each_strings_varint_length_and_UTF8_bytes()
    {
        // "ab": 1 + 2; 100 'é': a two-byte varint for 200, then 200 bytes.
        Assert.Equal(3 + 3 + 202, RowBinaryGeneratedSupport.ExactRunBytes(3, "ab", new string('é', 100)));
        Assert.Equal(5, RowBinaryGeneratedSupport.ExactRunBytes(5));
    }

    [Fact]
    public void NullValue_says_the_same_as_the_writer_for_a_null_JSON_value()
    {
        RowBinaryException generated = RowBinaryGeneratedSupport.NullValue("JSON");
        var writer = new RowBinaryWriter(new System.Buffers.ArrayBufferWriter<byte>());

        RowBinaryException runtime;
        try
        {
            writer.WriteJson((string)null!);
            throw new InvalidOperationException("WriteJson accepted null.");
        }
        catch (RowBinaryException exception)
        {
            runtime = exception;
        }

        Assert.Equal(runtime.Message, generated.Message);
        Assert.StartsWith("A null value cannot be written as JSON: ClickHouse has no NULL for it.", generated.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void UnknownColumn_names_the_column()
    {
        ArgumentOutOfRangeException exception = RowBinaryGeneratedSupport.UnknownColumn(7);

        Assert.Equal(("column", (object?)7), (exception.ParamName, exception.ActualValue));
    }
}
