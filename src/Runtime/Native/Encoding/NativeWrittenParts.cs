using System;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>
/// A Nullable, Array or Map column the generated writer wrote as parts (<see cref="NativeColumnWriters.PartWriter"/>):
/// a null map and the values (a placeholder under each NULL), each array's element count and the elements, or each
/// map's entry count, the keys and the values. Where the column is sent as a type Native lays out so too, the parts
/// are its data once the counts are turned into offsets; where not (<c>LowCardinality(Nullable(String))</c> for a
/// <c>Nullable(String)</c>, <c>Array(LowCardinality(String))</c> for an <c>Array(String)</c>), they are joined back into
/// RowBinary for the column's encoder.
/// </summary>
internal sealed class NativeWrittenParts
{
    private NativeWrittenParts(Layout layout, bool isData)
    {
        IsArray = layout.Kind == PartsKind.Array;
        IsMap = layout.Kind == PartsKind.Map;
        KeySize = layout.KeySize;
        ValueSize = layout.ValueSize;
        IsData = isData;
    }

    private enum PartsKind
    {
        Nullable,
        Array,
        Map,
    }

    /// <summary>Counts and elements.</summary>
    public bool IsArray { get; }

    /// <summary>Counts, keys and values.</summary>
    public bool IsMap { get; }

    /// <summary>The bytes of a map's key, or <see cref="NativeColumnParts.StringValues"/> for Strings.</summary>
    public int KeySize { get; }

    /// <summary>The bytes of a value (an element, a map's value), or <see cref="NativeColumnParts.StringValues"/> for Strings.</summary>
    public int ValueSize { get; }

    /// <summary>Whether the parts are the column's data as sent (its wire type laid out as its row type is).</summary>
    public bool IsData { get; }

    /// <summary>
    /// The parts of a column of <paramref name="rowType"/> sent as <paramref name="wireType"/>, or null when the row type
    /// is no Nullable, Array or Map of fixed-width or String values (the generated writer writes none for it).
    /// </summary>
    public static NativeWrittenParts? For(ClickHouseType rowType, ClickHouseType wireType)
    {
        if (LayoutOf(rowType, valuesOfLowCardinality: true) is not { } row)
        {
            return null;
        }
        return new NativeWrittenParts(row, LayoutOf(wireType, valuesOfLowCardinality: false) == row);
    }

    /// <summary>
    /// Turns the counts of a run's arrays or maps (each a little-endian UInt64, in place in <paramref name="counts"/>)
    /// into Native's offsets: each one's end among the block's elements, <paramref name="end"/> being the end before the
    /// run.
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
    /// Joins a run's parts back into RowBinary: for each of the <paramref name="map"/>'s rows (a NULL marker, or a
    /// count), the marker and the value unless NULL, the count and the elements, or the count and each key and value.
    /// </summary>
    public void Join(ReadOnlySpan<byte> map, ReadOnlySpan<byte> values, ReadOnlySpan<byte> mapValues, ref RowBinaryWriter rowBinary)
    {
        int at = 0;
        int valueAt = 0;
        bool isCounts = IsArray || IsMap;
        int rows = isCounts ? map.Length / sizeof(ulong) : map.Length;
        for (int row = 0; row < rows; row++)
        {
            if (!isCounts)
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
            for (ulong i = 0; i < count; i++)
            {
                int length = NativeColumnParts.ValueLength(values, at, IsMap ? KeySize : ValueSize);
                rowBinary.WriteBytes(values.Slice(at, length));
                at += length;
                if (IsMap)
                {
                    int valueLength = NativeColumnParts.ValueLength(mapValues, valueAt, ValueSize);
                    rowBinary.WriteBytes(mapValues.Slice(valueAt, valueLength));
                    valueAt += valueLength;
                }
            }
        }
    }

    private readonly record struct Layout(PartsKind Kind, int KeySize, int ValueSize);

    /// <summary>
    /// A Nullable's, an Array's or a Map's layout in Native when its values (and keys) are fixed-width or Strings, else
    /// null. With <paramref name="valuesOfLowCardinality"/>, LowCardinality values count as the values they hold (the
    /// parts the generated writer writes of them, in RowBinary).
    /// </summary>
    private static Layout? LayoutOf(ClickHouseType type, bool valuesOfLowCardinality)
    {
        if (type.Kind == ClickHouseTypeKind.Map)
        {
            return SizeOf(type.Arguments[0], valuesOfLowCardinality) is { } key && SizeOf(type.Arguments[1], valuesOfLowCardinality) is { } value
                ? new Layout(PartsKind.Map, key, value)
                : null;
        }
        type = NativeLayout.Expand(type);
        if (type.Kind is not (ClickHouseTypeKind.Nullable or ClickHouseTypeKind.Array) || SizeOf(type.Arguments[0], valuesOfLowCardinality) is not { } size)
        {
            return null;
        }
        return new Layout(type.Kind == ClickHouseTypeKind.Array ? PartsKind.Array : PartsKind.Nullable, 0, size);
    }

    /// <summary>The bytes of a fixed-width value laid out flat, <see cref="NativeColumnParts.StringValues"/> for a String, else null.</summary>
    private static int? SizeOf(ClickHouseType type, bool valuesOfLowCardinality)
    {
        type = NativeLayout.Expand(type);
        if (valuesOfLowCardinality && type.Kind == ClickHouseTypeKind.LowCardinality)
        {
            type = NativeLayout.Expand(type.Arguments[0]);
        }
        if (!NativeLayout.IsFlat(type))
        {
            return null;
        }
        if (type.Kind == ClickHouseTypeKind.String)
        {
            return NativeColumnParts.StringValues;
        }
        return type.ByteSize > 0 ? type.ByteSize : null;
    }
}
