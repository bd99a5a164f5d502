using System;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>
/// A Nullable or Array column the generated writer wrote as parts (<see cref="NativeColumnWriters.PartWriter"/>): a null
/// map and the values (a placeholder under each NULL), or each array's element count and the elements. Where the
/// column is sent as a type Native lays out so too, the parts are its data once the counts are turned into offsets;
/// where not (<c>LowCardinality(Nullable(String))</c> for a <c>Nullable(String)</c>, <c>Array(LowCardinality(String))</c>
/// for an <c>Array(String)</c>), they are joined back into RowBinary for the column's encoder.
/// </summary>
internal sealed class NativeWrittenParts
{
    private NativeWrittenParts(bool isArray, int valueSize, bool isData)
    {
        IsArray = isArray;
        ValueSize = valueSize;
        IsData = isData;
    }

    /// <summary>Counts and elements; else a null map and values.</summary>
    public bool IsArray { get; }

    /// <summary>The bytes of a value (or an element), or <see cref="NativeColumnParts.StringValues"/> for Strings.</summary>
    public int ValueSize { get; }

    /// <summary>Whether the parts are the column's data as sent (its wire type laid out as its row type is).</summary>
    public bool IsData { get; }

    /// <summary>
    /// The parts of a column of <paramref name="rowType"/> sent as <paramref name="wireType"/>, or null when the row type
    /// is no Nullable or Array of fixed-width or String values (the generated writer writes none for it).
    /// </summary>
    public static NativeWrittenParts? For(ClickHouseType rowType, ClickHouseType wireType)
    {
        if (Layout(rowType) is not { } row)
        {
            return null;
        }
        return new NativeWrittenParts(row.IsArray, row.ValueSize, Layout(wireType) == row);
    }

    /// <summary>
    /// Turns the counts of a run's arrays (each a little-endian UInt64, in place in <paramref name="counts"/>) into
    /// Native's offsets: each array's end among the block's elements, <paramref name="end"/> being the end before the run.
    /// </summary>
    public static void CountsToEnds(Span<byte> counts, ref ulong end)
    {
        for (int at = 0; at < counts.Length; at += sizeof(ulong))
        {
            end += BinaryPrimitives.ReadUInt64LittleEndian(counts.Slice(at));
            BinaryPrimitives.WriteUInt64LittleEndian(counts.Slice(at), end);
        }
    }

    /// <summary>
    /// Joins a run's parts back into RowBinary: for each of the <paramref name="map"/>'s rows (a NULL marker, or an
    /// array's count), the marker and the value unless NULL, or the count and the elements.
    /// </summary>
    public void Join(ReadOnlySpan<byte> map, ReadOnlySpan<byte> values, ref RowBinaryWriter rowBinary)
    {
        int at = 0;
        int rows = IsArray ? map.Length / sizeof(ulong) : map.Length;
        for (int row = 0; row < rows; row++)
        {
            if (!IsArray)
            {
                bool isNull = map[row] != 0;
                rowBinary.WriteNullMarker(isNull);
                int length = NativeColumnParts.ValueLength(values, at, ValueSize);
                if (!isNull)
                {
                    rowBinary.WriteBytes(values.Slice(at, length));
                }
                at += length;
                continue;
            }
            ulong count = BinaryPrimitives.ReadUInt64LittleEndian(map.Slice(row * sizeof(ulong)));
            rowBinary.WriteVarUInt(count);
            int start = at;
            for (ulong i = 0; i < count; i++)
            {
                at += NativeColumnParts.ValueLength(values, at, ValueSize);
            }
            rowBinary.WriteBytes(values.Slice(start, at - start));
        }
    }

    /// <summary>A Nullable's or an Array's layout in Native when its values are fixed-width or Strings, else null.</summary>
    private static (bool IsArray, int ValueSize)? Layout(ClickHouseType type)
    {
        type = NativeLayout.Expand(type);
        if (type.Kind is not (ClickHouseTypeKind.Nullable or ClickHouseTypeKind.Array))
        {
            return null;
        }
        ClickHouseType inner = NativeLayout.Expand(type.Arguments[0]);
        if (!NativeLayout.IsFlat(inner))
        {
            return null;
        }
        if (inner.Kind == ClickHouseTypeKind.String)
        {
            return (type.Kind == ClickHouseTypeKind.Array, NativeColumnParts.StringValues);
        }
        return inner.ByteSize > 0 ? (type.Kind == ClickHouseTypeKind.Array, inner.ByteSize) : null;
    }
}
