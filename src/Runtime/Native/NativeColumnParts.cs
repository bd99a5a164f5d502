using System;
using System.Buffers;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>
/// Where a batch of a Nullable column's null map and values, or of an Array column's offsets and elements, lie in the
/// block: what generated readers read in place instead of the column's values in RowBinary.
/// </summary>
/// <param name="MapStart">The null map's (or the offsets') start.</param>
/// <param name="MapLength">The null map's (or the offsets') length.</param>
/// <param name="ValuesStart">The values' (or the elements') start.</param>
/// <param name="ValuesLength">The values' (or the elements') length.</param>
/// <param name="ElementsBefore">For an Array column, the elements before the batch's first array.</param>
/// <param name="SecondValuesStart">For a Map column, its values' start (its keys are the first values).</param>
/// <param name="SecondValuesLength">For a Map column, its values' length.</param>
internal readonly record struct NativeColumnParts(int MapStart, int MapLength, int ValuesStart, int ValuesLength, ulong ElementsBefore,
    int SecondValuesStart = 0, int SecondValuesLength = 0)
{
    /// <summary>The value size that asks for String values (each a varint length, then the bytes).</summary>
    public const int StringValues = -1;

    /// <summary>
    /// Whether the values of <paramref name="values"/> are of <paramref name="valueSize"/> bytes each (or Strings, for
    /// <see cref="StringValues"/>) and so read in place as the generated reader asks.
    /// </summary>
    public static bool LieInPlace(NativeColumnDecoder values, int valueSize)
        => valueSize == StringValues ? values is StringColumnDecoder : values is FixedWidthColumnDecoder fixedWidth && fixedWidth.Size == valueSize;

    /// <summary>
    /// A Nullable column's values in RowBinary (a marker, then the value unless NULL) taken apart into a null map and
    /// values that hold a placeholder under each NULL (zeros, or an empty string), as Native lays them out.
    /// </summary>
    public static (byte[] NullMap, byte[] Values) SplitNullable(ReadOnlySpan<byte> rowBinary, int valueSize)
    {
        var map = new ArrayBufferWriter<byte>();
        var values = new ArrayBufferWriter<byte>();
        int at = 0;
        while (at < rowBinary.Length)
        {
            byte isNull = rowBinary[at++];
            map.Write([isNull]);
            if (isNull != 0)
            {
                int placeholder = valueSize == StringValues ? 1 : valueSize;
                values.GetSpan(placeholder).Slice(0, placeholder).Clear();
                values.Advance(placeholder);
                continue;
            }
            int length = ValueLength(rowBinary, at, valueSize);
            values.Write(rowBinary.Slice(at, length));
            at += length;
        }
        return (map.WrittenSpan.ToArray(), values.WrittenSpan.ToArray());
    }

    /// <summary>
    /// An Array column's values in RowBinary (a varint count, then the elements) taken apart into Native's offsets
    /// (each array's end, a little-endian UInt64) and the elements one after the other.
    /// </summary>
    public static (byte[] Ends, byte[] Elements) SplitArrays(ReadOnlySpan<byte> rowBinary, int valueSize)
    {
        var ends = new ArrayBufferWriter<byte>();
        var elements = new ArrayBufferWriter<byte>();
        ulong end = 0;
        int at = 0;
        while (at < rowBinary.Length)
        {
            int count = NextCount(rowBinary, ref at, ends, ref end);
            int start = at;
            for (int i = 0; i < count; i++)
            {
                at += ValueLength(rowBinary, at, valueSize);
            }
            elements.Write(rowBinary.Slice(start, at - start));
        }
        return (ends.WrittenSpan.ToArray(), elements.WrittenSpan.ToArray());
    }

    /// <summary>
    /// A Map column's values in RowBinary (a varint count, then key, value, key, value) taken apart into Native's offsets,
    /// the keys one after the other and the values one after the other.
    /// </summary>
    public static (byte[] Ends, byte[] Keys, byte[] Values) SplitMaps(ReadOnlySpan<byte> rowBinary, int keySize, int valueSize)
    {
        var ends = new ArrayBufferWriter<byte>();
        var keys = new ArrayBufferWriter<byte>();
        var values = new ArrayBufferWriter<byte>();
        ulong end = 0;
        int at = 0;
        while (at < rowBinary.Length)
        {
            int count = NextCount(rowBinary, ref at, ends, ref end);
            for (int i = 0; i < count; i++)
            {
                int keyLength = ValueLength(rowBinary, at, keySize);
                keys.Write(rowBinary.Slice(at, keyLength));
                at += keyLength;
                int valueLength = ValueLength(rowBinary, at, valueSize);
                values.Write(rowBinary.Slice(at, valueLength));
                at += valueLength;
            }
        }
        return (ends.WrittenSpan.ToArray(), keys.WrittenSpan.ToArray(), values.WrittenSpan.ToArray());
    }

    /// <summary>Reads an array's (or a map's) count at <paramref name="at"/> and appends its end to <paramref name="ends"/>.</summary>
    private static int NextCount(ReadOnlySpan<byte> rowBinary, ref int at, ArrayBufferWriter<byte> ends, ref ulong end)
    {
        int count = (int)NativeVarInt.Read(rowBinary, ref at);
        end += (ulong)count;
        BinaryPrimitives.WriteUInt64LittleEndian(ends.GetSpan(sizeof(ulong)), end);
        ends.Advance(sizeof(ulong));
        return count;
    }

    /// <summary>The bytes of the value at <paramref name="at"/>: <paramref name="valueSize"/>, or a String's length and bytes.</summary>
    public static int ValueLength(ReadOnlySpan<byte> rowBinary, int at, int valueSize)
    {
        if (valueSize != StringValues)
        {
            return valueSize;
        }
        int bytesAt = at;
        int length = (int)NativeVarInt.Read(rowBinary, ref bytesAt);
        return bytesAt - at + length;
    }
}
