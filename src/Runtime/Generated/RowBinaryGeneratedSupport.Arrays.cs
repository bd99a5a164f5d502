using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Arrays (and QBit vectors) of numbers whose little-endian memory is their RowBinary encoding, written and read in
/// one call: the length, then one copy. Generated code calls these wherever such an array is a column, an element or
/// an arm, instead of writing the same four lines into every row type.
/// </summary>
public static partial class RowBinaryGeneratedSupport
{
    /// <summary>Writes an Array: the length, then the elements in one copy.</summary>
    /// <exception cref="RowBinaryException">The array is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteArray<T>(ref RowBinaryWriter writer, T[]? values, string clickHouseType)
        where T : unmanaged
    {
        ThrowIfNull(values, clickHouseType);
        writer.WriteLength(values.Length);
        WriteLittleEndian<T>(ref writer, values);
    }

    /// <summary>Writes an Array from a list: the length, then the elements in one copy.</summary>
    /// <exception cref="RowBinaryException">The list is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteArray<T>(ref RowBinaryWriter writer, List<T>? values, string clickHouseType)
        where T : unmanaged
    {
        ThrowIfNull(values, clickHouseType);
        writer.WriteLength(values.Count);
        WriteLittleEndian<T>(ref writer, CollectionsMarshal.AsSpan(values));
    }

    /// <summary>Writes an Array from an immutable array: the length, then the elements in one copy.</summary>
    /// <exception cref="RowBinaryException">The immutable array is default (it has no array).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteArray<T>(ref RowBinaryWriter writer, ImmutableArray<T> values, string clickHouseType)
        where T : unmanaged
    {
        if (values.IsDefault)
        {
            ThrowHelper.ThrowNullValue(clickHouseType);
        }
        writer.WriteLength(values.Length);
        WriteLittleEndian<T>(ref writer, values.AsSpan());
    }

    /// <summary>Writes a QBit vector: its length checked against the type's dimension, then the elements in one copy.</summary>
    /// <exception cref="RowBinaryException">The array is null or its length is not <paramref name="dimension"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteQBit<T>(ref RowBinaryWriter writer, T[]? values, int dimension, string clickHouseType)
        where T : unmanaged
    {
        ThrowIfNull(values, clickHouseType);
        writer.WriteQBitLength(values.Length, dimension, clickHouseType);
        WriteLittleEndian<T>(ref writer, values);
    }

    /// <summary>Reads an Array into a new array (the shared empty array for none).</summary>
    /// <exception cref="RowBinaryException">The length claims more elements than the bytes left hold.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[] ReadArray<T>(ref RowBinaryReader reader, string clickHouseType)
        where T : unmanaged
    {
        int count = reader.ReadLength(clickHouseType, Unsafe.SizeOf<T>());
        return ReadElements<T>(ref reader, count, clickHouseType);
    }

    /// <summary>A new list of <paramref name="values"/> (a Native array's elements).</summary>
    public static List<T> ToList<T>(ReadOnlySpan<T> values)
    {
        var list = new List<T>(values.Length);
        list.AddRange(values);
        return list;
    }

    /// <summary>Reads an Array into a new list.</summary>
    /// <exception cref="RowBinaryException">The length claims more elements than the bytes left hold.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static List<T> ReadList<T>(ref RowBinaryReader reader, string clickHouseType)
        where T : unmanaged
    {
        int count = reader.ReadLength(clickHouseType, Unsafe.SizeOf<T>());
        var values = new List<T>(count);
        CollectionsMarshal.SetCount(values, count);
        ReadLittleEndian(ref reader, CollectionsMarshal.AsSpan(values), clickHouseType);
        return values;
    }

    /// <summary>Reads a QBit vector into a new array: its length checked against the type's dimension.</summary>
    /// <exception cref="RowBinaryException">The length is not <paramref name="dimension"/>, or the bytes left do not hold it.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[] ReadQBit<T>(ref RowBinaryReader reader, int dimension, string clickHouseType)
        where T : unmanaged
    {
        int count = reader.ReadQBitLength(dimension, clickHouseType, Unsafe.SizeOf<T>());
        return ReadElements<T>(ref reader, count, clickHouseType);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T[] ReadElements<T>(ref RowBinaryReader reader, int count, string clickHouseType)
        where T : unmanaged
    {
        T[] values = count == 0 ? [] : new T[count];
        ReadLittleEndian(ref reader, new Span<T>(values), clickHouseType);
        return values;
    }
}
