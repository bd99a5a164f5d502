using System.Buffers.Binary;

namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>
/// Generated Native readers index a fixed-width column as a span of its stored type: the elements must be the
/// little-endian values on the wire, in place on a little-endian machine that loads from any address, copied elsewhere
/// (swapped on a big-endian one).
/// </summary>
public class TypedColumnValuesTests
{
    private static readonly byte[] Bytes = [.. Enumerable.Range(0, 64).Select(i => (byte)((i * 37) + 11))];

    [Fact]
    public void Values_AreTheLittleEndianValuesOfTheColumnsBytes()
    {
        Assert.True(BitConverter.IsLittleEndian, "This test reads little-endian values; the swapped copy is tested below.");
        var columns = new NativeColumns(Bytes, [new NativeColumnValues(8, 48, 100, Decoded: null)], strings: null, blockOffset: 0, stringValues: [null]);

        ReadOnlySpan<int> ints = columns.Values<int>(0);
        ReadOnlySpan<ulong> longs = columns.Values<ulong>(0);
        ReadOnlySpan<Int128> wide = columns.Values<Int128>(0);

        Assert.Equal(12, ints.Length);
        Assert.Equal(6, longs.Length);
        Assert.Equal(3, wide.Length);
        for (int i = 0; i < ints.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadInt32LittleEndian(Bytes.AsSpan(8 + (4 * i))), ints[i]);
        }
        for (int i = 0; i < longs.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadUInt64LittleEndian(Bytes.AsSpan(8 + (8 * i))), longs[i]);
        }
        for (int i = 0; i < wide.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadInt128LittleEndian(Bytes.AsSpan(8 + (16 * i))), wide[i]);
        }
    }

    [Fact]
    public void Copied_WithoutSwapping_HoldsTheLittleEndianValues()
    {
        long[] longs = NativeColumns.Copied<long>(Bytes.AsSpan(3, 40), swap: false);
        float[] floats = NativeColumns.Copied<float>(Bytes.AsSpan(1, 41), swap: false);

        Assert.Equal(5, longs.Length);
        Assert.Equal(10, floats.Length);
        for (int i = 0; i < longs.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadInt64LittleEndian(Bytes.AsSpan(3 + (8 * i))), longs[i]);
        }
        for (int i = 0; i < floats.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadSingleLittleEndian(Bytes.AsSpan(1 + (4 * i))), floats[i]);
        }
    }

    [Fact]
    public void Copied_Swapped_ReversesTheBytesOfEachElement()
    {
        // On this (little-endian) machine a swapped element reads as the big-endian value of its bytes: what a
        // big-endian machine gets is the little-endian value.
        short[] shorts = NativeColumns.Copied<short>(Bytes, swap: true);
        uint[] uints = NativeColumns.Copied<uint>(Bytes, swap: true);
        double[] doubles = NativeColumns.Copied<double>(Bytes, swap: true);
        UInt128[] wide = NativeColumns.Copied<UInt128>(Bytes, swap: true);

        Assert.Equal(32, shorts.Length);
        Assert.Equal(16, uints.Length);
        Assert.Equal(8, doubles.Length);
        Assert.Equal(4, wide.Length);
        for (int i = 0; i < shorts.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadInt16BigEndian(Bytes.AsSpan(2 * i)), shorts[i]);
        }
        for (int i = 0; i < uints.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadUInt32BigEndian(Bytes.AsSpan(4 * i)), uints[i]);
        }
        for (int i = 0; i < doubles.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadDoubleBigEndian(Bytes.AsSpan(8 * i)), doubles[i]);
        }
        for (int i = 0; i < wide.Length; i++)
        {
            Assert.Equal(BinaryPrimitives.ReadUInt128BigEndian(Bytes.AsSpan(16 * i)), wide[i]);
        }
    }
}
