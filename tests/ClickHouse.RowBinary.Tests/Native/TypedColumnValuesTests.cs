using System.Buffers.Binary;

namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>
/// Generated Native readers index a fixed-width column as a span of its stored type: the elements must be the
/// little-endian values on the wire, in place on a little-endian machine and swapped into a copy on a big-endian one.
/// </summary>
public class TypedColumnValuesTests
{
    private static readonly byte[] Bytes = [.. Enumerable.Range(0, 64).Select(i => (byte)((i * 37) + 11))];

    [Fact]
    public void Values_AreTheLittleEndianValuesOfTheColumnsBytes()
    {
        Assert.True(BitConverter.IsLittleEndian, "This test reads in place; the swapped copy is tested below.");
        var columns = new NativeColumns(Bytes, [new NativeColumnValues(8, 48, 100, Decoded: null)], strings: null);

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
    public void InMachineOrder_ReversesTheBytesOfEachElement()
    {
        // On this (little-endian) machine a swapped element reads as the big-endian value of its bytes: what a
        // big-endian machine gets is the little-endian value.
        short[] shorts = NativeColumns.InMachineOrder<short>(Bytes);
        uint[] uints = NativeColumns.InMachineOrder<uint>(Bytes);
        double[] doubles = NativeColumns.InMachineOrder<double>(Bytes);
        UInt128[] wide = NativeColumns.InMachineOrder<UInt128>(Bytes);

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
