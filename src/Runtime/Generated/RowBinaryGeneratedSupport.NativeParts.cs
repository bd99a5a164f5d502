using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

// Native writes straight into a column: fixed-width values into a span of their type, Nullable and Array values into
// the column's parts (a null map and the values, a placeholder under each NULL; each array's element count and the
// elements). The block writer turns the counts into Native's offsets (NativeWrittenParts).
public static partial class RowBinaryGeneratedSupport
{
    /// <summary>
    /// A number as it is stored little-endian, for a store into a span of its type: itself on a little-endian machine
    /// (the JIT folds the check away), its bytes reversed elsewhere.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T LittleEndian<T>(T value)
        where T : unmanaged
    {
        if (!BitConverter.IsLittleEndian)
        {
            MemoryMarshal.AsBytes(new Span<T>(ref value)).Reverse();
        }
        return value;
    }

    /// <summary>
    /// Writes row <paramref name="row"/>'s Nullable number whose little-endian memory is its encoding: its NULL marker
    /// into <paramref name="nulls"/>, the number (zeros under a NULL) into <paramref name="values"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullablePart<T>(Span<byte> nulls, Span<byte> values, int row, T? value)
        where T : unmanaged
    {
        Span<byte> slot = values.Slice(row * Unsafe.SizeOf<T>(), Unsafe.SizeOf<T>());
        if (!value.HasValue)
        {
            nulls[row] = 1;
            slot.Clear();
            return;
        }
        nulls[row] = 0;
        T number = LittleEndian(value.GetValueOrDefault());
        MemoryMarshal.Write(slot, in number);
    }

    /// <summary>
    /// Writes row <paramref name="row"/>'s Nullable string: its NULL marker into <paramref name="nulls"/>, the string
    /// (an empty one under a NULL) into <paramref name="values"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableStringPart(Span<byte> nulls, ref RowBinaryWriter values, int row, string? value)
    {
        nulls[row] = value is null ? (byte)1 : (byte)0;
        values.WriteString(value ?? "");
    }

    /// <summary>Writes row <paramref name="row"/>'s Array of numbers: its count into <paramref name="counts"/>, the elements into <paramref name="elements"/>.</summary>
    /// <exception cref="RowBinaryException">The array is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteArrayPart<T>(Span<byte> counts, ref RowBinaryWriter elements, int row, T[]? values, string clickHouseType)
        where T : unmanaged
    {
        ThrowIfNull(values, clickHouseType);
        WriteArrayPart(counts, ref elements, row, new ReadOnlySpan<T>(values));
    }

    /// <inheritdoc cref="WriteArrayPart{T}(Span{byte}, ref RowBinaryWriter, int, T[], string)"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteArrayPart<T>(Span<byte> counts, ref RowBinaryWriter elements, int row, List<T>? values, string clickHouseType)
        where T : unmanaged
    {
        ThrowIfNull(values, clickHouseType);
        WriteArrayPart(counts, ref elements, row, (ReadOnlySpan<T>)CollectionsMarshal.AsSpan(values));
    }

    /// <inheritdoc cref="WriteArrayPart{T}(Span{byte}, ref RowBinaryWriter, int, T[], string)"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteArrayPart<T>(Span<byte> counts, ref RowBinaryWriter elements, int row, ImmutableArray<T> values, string clickHouseType)
        where T : unmanaged
    {
        if (values.IsDefault)
        {
            ThrowHelper.ThrowNullValue(clickHouseType);
        }
        WriteArrayPart(counts, ref elements, row, values.AsSpan());
    }

    /// <summary>Writes row <paramref name="row"/>'s Array of String: its count into <paramref name="counts"/>, the strings into <paramref name="elements"/>.</summary>
    /// <exception cref="RowBinaryException">The array, or one of its strings, is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteStringsPart(Span<byte> counts, ref RowBinaryWriter elements, int row, string[]? values, string clickHouseType)
    {
        ThrowIfNull(values, clickHouseType);
        WriteStringsPart(counts, ref elements, row, new ReadOnlySpan<string>(values));
    }

    /// <inheritdoc cref="WriteStringsPart(Span{byte}, ref RowBinaryWriter, int, string[], string)"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteStringsPart(Span<byte> counts, ref RowBinaryWriter elements, int row, List<string>? values, string clickHouseType)
    {
        ThrowIfNull(values, clickHouseType);
        WriteStringsPart(counts, ref elements, row, (ReadOnlySpan<string>)CollectionsMarshal.AsSpan(values));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteArrayPart<T>(Span<byte> counts, ref RowBinaryWriter elements, int row, ReadOnlySpan<T> values)
        where T : unmanaged
    {
        BinaryPrimitives.WriteUInt64LittleEndian(counts.Slice(row * sizeof(ulong)), (ulong)values.Length);
        WriteLittleEndian(ref elements, values);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteStringsPart(Span<byte> counts, ref RowBinaryWriter elements, int row, ReadOnlySpan<string> values)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(counts.Slice(row * sizeof(ulong)), (ulong)values.Length);
        foreach (string value in values)
        {
            elements.WriteString(value);
        }
    }
}
