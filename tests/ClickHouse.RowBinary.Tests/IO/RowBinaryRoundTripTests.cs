using System.Buffers;
using System.Net;
using System.Numerics;

namespace ClickHouse.RowBinary.Tests.IO;

public class RowBinaryRoundTripTests
{
    private static readonly Guid SampleGuid = Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0");

    /// <summary>Writes one of everything the core writer knows.</summary>
    private static void WriteSample(ref RowBinaryWriter writer)
    {
        writer.WriteUInt8(200);
        writer.WriteInt16(-2);
        writer.WriteUInt32(16909060);
        writer.WriteInt64(long.MinValue);
        writer.WriteInt128(Int128.MinValue + 5);
        writer.WriteUInt128(UInt128.MaxValue - 7);
        writer.WriteInt256(BigInteger.Parse("-57896044618658097711785492504343953926634992332820282019728792003956564819968"));
        writer.WriteUInt256(BigInteger.Pow(2, 256) - 1);
        writer.WriteFloat32(-0.0f);
        writer.WriteFloat64(double.NaN);
        writer.WriteBFloat16(3.140625f);
        writer.WriteBool(true);
        writer.WriteNullMarker(true);
        writer.WriteVarUInt(ulong.MaxValue);
        writer.WriteString("Привет, мир 👋");
        writer.WriteString(new string('y', 300));
        writer.WriteFixedString("abc", 8);
        writer.WriteDate(new DateOnly(2149, 6, 6));
        writer.WriteDate32(new DateOnly(1900, 1, 1));
        writer.WriteDateTime(new DateTime(2024, 2, 29, 12, 34, 56, DateTimeKind.Utc));
        writer.WriteDateTime64(new DateTime(1900, 1, 1, 0, 0, 0, 1, DateTimeKind.Utc), 3);
        writer.WriteDecimal(-9999999.99m, 9, 2);
        writer.WriteDecimal(1234567890123456.7890123456m, 38, 10);
        writer.WriteDecimal(ClickHouseDecimal.Parse("-123456789012345678901234567890.12345678901234567890"), 76, 20);
        writer.WriteUuid(SampleGuid);
        writer.WriteIPv4(IPAddress.Parse("1.2.3.4"));
        writer.WriteIPv6(IPAddress.Parse("2001:db8::ff00:42:8329"));
        writer.WriteTime(TimeSpan.FromHours(-1));
        writer.WriteTime64(TimeSpan.FromMilliseconds(-1500), 3);
        writer.Flush();
    }

    private static void ReadSample(ref RowBinaryReader reader)
    {
        Assert.Equal(200, reader.ReadUInt8());
        Assert.Equal(-2, reader.ReadInt16());
        Assert.Equal(16909060u, reader.ReadUInt32());
        Assert.Equal(long.MinValue, reader.ReadInt64());
        Assert.Equal(Int128.MinValue + 5, reader.ReadInt128());
        Assert.Equal(UInt128.MaxValue - 7, reader.ReadUInt128());
        Assert.Equal(BigInteger.Parse("-57896044618658097711785492504343953926634992332820282019728792003956564819968"), reader.ReadInt256());
        Assert.Equal(BigInteger.Pow(2, 256) - 1, reader.ReadUInt256());
        Assert.True(float.IsNegative(reader.ReadFloat32()));
        Assert.True(double.IsNaN(reader.ReadFloat64()));
        Assert.Equal(3.140625f, reader.ReadBFloat16());
        Assert.True(reader.ReadBool());
        Assert.True(reader.ReadNullMarker());
        Assert.Equal(ulong.MaxValue, reader.ReadVarUInt());
        Assert.Equal("Привет, мир 👋", reader.ReadString());
        Assert.Equal(new string('y', 300), reader.ReadString());
        Assert.Equal("abc", reader.ReadFixedString(8));
        Assert.Equal(new DateOnly(2149, 6, 6), reader.ReadDate());
        Assert.Equal(new DateOnly(1900, 1, 1), reader.ReadDate32());
        Assert.Equal(new DateTime(2024, 2, 29, 12, 34, 56, DateTimeKind.Utc), reader.ReadDateTime());
        Assert.Equal(new DateTime(1900, 1, 1, 0, 0, 0, 1, DateTimeKind.Utc), reader.ReadDateTime64(3));
        Assert.Equal(-9999999.99m, reader.ReadDecimal(9, 2));
        Assert.Equal(1234567890123456.7890123456m, reader.ReadDecimal(38, 10));
        Assert.Equal(ClickHouseDecimal.Parse("-123456789012345678901234567890.12345678901234567890"), reader.ReadClickHouseDecimal(76, 20));
        Assert.Equal(SampleGuid, reader.ReadUuid());
        Assert.Equal(IPAddress.Parse("1.2.3.4"), reader.ReadIPv4());
        Assert.Equal(IPAddress.Parse("2001:db8::ff00:42:8329"), reader.ReadIPv6());
        Assert.Equal(TimeSpan.FromHours(-1), reader.ReadTime());
        Assert.Equal(TimeSpan.FromMilliseconds(-1500), reader.ReadTime64(3));
        Assert.True(reader.IsEnd);
    }

    private static byte[] SampleBytes()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(output);
        WriteSample(ref writer);
        return output.WrittenSpan.ToArray();
    }

    [Fact]
    public void A_writer_that_refills_mid_value_writes_the_same_bytes()
    {
        // Each span the stingy writer hands out is exactly as large as asked for, so writing the sample
        // 20 times crosses refills at many different points inside values.
        var stingy = new StingyBufferWriter();
        var writer = new RowBinaryWriter(stingy);
        for (int i = 0; i < 20; i++)
        {
            WriteSample(ref writer);
        }

        byte[] one = SampleBytes();
        Assert.Equal(Enumerable.Repeat(one, 20).SelectMany(b => b).ToArray(), stingy.WrittenBytes);
        Assert.True(stingy.SpansHandedOut > 2, $"expected several refills, saw {stingy.SpansHandedOut}");
    }

    [Fact]
    public void Reading_a_span_gives_back_every_value()
    {
        var reader = new RowBinaryReader(SampleBytes());
        ReadSample(ref reader);
    }

    [Fact]
    public void Reading_one_byte_per_segment_gives_back_every_value()
    {
        var reader = new RowBinaryReader(SegmentedSequence.OneBytePerSegment(SampleBytes()));
        ReadSample(ref reader);
    }

    [Fact]
    public void Reading_gives_back_every_value_wherever_a_single_segment_boundary_falls()
    {
        byte[] data = SampleBytes();
        for (int cut = 1; cut < data.Length; cut++)
        {
            var reader = new RowBinaryReader(SegmentedSequence.Split(data, cut));
            ReadSample(ref reader);
        }
    }

    [Fact]
    public void A_block_that_is_not_final_asks_for_more_data_instead_of_failing()
    {
        byte[] data = SampleBytes();
        Assert.Throws<RowBinaryNeedMoreDataException>(() =>
        {
            var reader = new RowBinaryReader(new ReadOnlySequence<byte>(data, 0, data.Length - 1), isFinalBlock: false);
            ReadSample(ref reader);
        });
    }

    [Fact]
    public void Offsets_count_from_the_start_of_the_stream()
    {
        var reader = new RowBinaryReader(SegmentedSequence.Split([1, 2, 3, 4, 5, 6], 3), startOffset: 1000);
        reader.ReadUInt16();
        reader.ReadUInt16();
        Assert.Equal(1004, reader.Offset);
        Assert.Equal(4, reader.BytesConsumed);
        Assert.Equal(2, reader.Remaining);
    }

    [Theory]
    [InlineData(0ul, "00")]
    [InlineData(127ul, "7f")]
    [InlineData(128ul, "8001")]
    [InlineData(16384ul, "808001")]
    [InlineData(ulong.MaxValue, "ffffffffffffffffff01")]
    public void Varints_are_unsigned_leb128(ulong value, string hex)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(output);
        writer.WriteVarUInt(value);
        writer.Flush();
        Assert.Equal(hex, Convert.ToHexStringLower(output.WrittenSpan));

        var reader = new RowBinaryReader(Convert.FromHexString(hex));
        Assert.Equal(value, reader.ReadVarUInt());
    }
}
