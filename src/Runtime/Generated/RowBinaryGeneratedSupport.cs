using System;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// The exception factories and conversions that generated <c>IClickHouseRow&lt;T&gt;</c> code calls, compiled once
/// here instead of into every row type's file. A throw site that calls a factory keeps the hot method small.
/// For generated code only, not for users: its members may change in any version. (src/Runtime/Generated holds
/// everything the generator's code calls that applications do not.)
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class RowBinaryGeneratedSupport
{
    /// <summary>A null member whose column has no NULL (a String, an Array, a Map, ...).</summary>
    public static RowBinaryException NullValue(string clickHouseType) => ThrowHelper.NullValue(clickHouseType);

    /// <summary>Throws <see cref="NullValue"/> when <paramref name="value"/> is null: a null check on one line.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ThrowIfNull<T>([NotNull] T? value, string clickHouseType)
        where T : class
    {
        if (value is null)
        {
            ThrowHelper.ThrowNullValue(clickHouseType);
        }
    }

    /// <summary>A member with a value for a column that holds only NULL (<c>Nullable(Nothing)</c>).</summary>
    public static RowBinaryException NotNull(string clickHouseType)
        => new($"{clickHouseType} holds only NULL, but the member has a value.", clickHouseType: clickHouseType);

    /// <summary>A <c>Nothing</c> value, or a <c>Nullable(Nothing)</c> whose marker is not NULL, in the data.</summary>
    public static RowBinaryException NothingValue(string clickHouseType, long offset)
        => new($"Invalid {clickHouseType} at byte offset {offset}: expected the NULL marker 1, since the type holds only NULL.", offset, clickHouseType);

    /// <summary>A member with elements for an <c>Array(Nothing)</c> column, which holds only empty arrays.</summary>
    public static RowBinaryException NothingElements(int count, string clickHouseType)
        => new($"{clickHouseType} holds only empty arrays (Nothing has no values), but the member has {count} elements.", clickHouseType: clickHouseType);

    /// <summary>An <c>Array(Nothing)</c> in the data that claims elements.</summary>
    public static RowBinaryException NothingElements(int count, string clickHouseType, long offset)
        => new($"Invalid {clickHouseType} before byte offset {offset}: it claims {count} elements, but Nothing has no values, so the array is always empty.", offset, clickHouseType);

    /// <summary>A value to write that is not one of the labels (or numbers) of an Enum column.</summary>
    public static RowBinaryException NotAnEnumValue(string? value, string clickHouseType)
        => new($"The value '{value ?? "null"}' is not one of the values of {clickHouseType}; add it to the column's Enum type or write one of its values.", clickHouseType: clickHouseType);

    /// <summary>A number in the data that is not one of the values of an Enum column.</summary>
    public static RowBinaryException UnknownEnumValue(long value, string clickHouseType, long offset)
        => new($"Invalid {clickHouseType} at byte offset {offset}: {value} is not one of its values.", offset, clickHouseType);

    /// <summary>A <c>ClickHouseVariant</c> to write whose arm index the Variant column does not have.</summary>
    public static RowBinaryException InvalidVariantIndex(int index, string clickHouseType)
        => new($"A variant with arm index {index} cannot be written as {clickHouseType}, which has no such arm.", clickHouseType: clickHouseType);

    /// <summary>A Variant discriminator in the data that names no arm.</summary>
    public static RowBinaryException UnknownVariantDiscriminator(byte discriminator, string clickHouseType, long offset)
        => new($"Invalid {clickHouseType} at byte offset {offset}: the discriminator {discriminator} names no variant type (expected one of the arms, or 255 for NULL).", offset, clickHouseType);

    /// <summary>A Map in the data with a repeated key, read into a dictionary.</summary>
    public static RowBinaryException DuplicateMapKey(string? key, string clickHouseType, long offset)
        => new($"Invalid {clickHouseType} before byte offset {offset}: the key '{key}' appears more than once, and a dictionary holds one value per key; map the column to List<KeyValuePair<TKey, TValue>> to keep every entry.", offset, clickHouseType);

    /// <summary>The arrays of a Nested column in the data with different lengths.</summary>
    public static RowBinaryException NestedLengthMismatch(string column, int length, string firstColumn, int firstLength, string clickHouseType, long offset)
        => new($"Invalid {clickHouseType} before byte offset {offset}: the column '{column}' has {length} elements but '{firstColumn}' has {firstLength}; the arrays of a Nested column must have the same length.", offset, clickHouseType);

    /// <summary>A column order that names a column the row type's schema does not have.</summary>
    public static ArgumentOutOfRangeException UnknownColumn(int column)
        => new(nameof(column), column, $"The column order names column {column}, which Schema does not have.");

    /// <summary>
    /// The exact bytes of a run of columns: <paramref name="fixedBytes"/> plus each String's varint length and
    /// UTF-8 bytes. For a run whose strings could need more than <see cref="RowBinaryPrimitives.MaxRowReservation"/>
    /// at three bytes a char: counting costs a pass over the text, which only such long strings pay.
    /// </summary>
    /// <exception cref="OverflowException">The run takes more than <see cref="int.MaxValue"/> bytes.</exception>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int ExactRunBytes(int fixedBytes, params string[] strings)
    {
        int total = fixedBytes;
        foreach (string value in strings)
        {
            int byteCount = Encoding.UTF8.GetByteCount(value);
            total = checked(total + RowBinaryPrimitives.VarUIntLength((uint)byteCount) + byteCount);
        }
        return total;
    }

    /// <summary>
    /// Writes the elements of an Array of numbers whose little-endian memory is their RowBinary encoding: one copy
    /// on a little-endian machine, the bytes of each element reversed elsewhere.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteLittleEndian<T>(ref RowBinaryWriter writer, ReadOnlySpan<T> values)
        where T : unmanaged
    {
        ReadOnlySpan<byte> bytes = MemoryMarshal.AsBytes(values);
        if (BitConverter.IsLittleEndian || Unsafe.SizeOf<T>() == 1)
        {
            writer.WriteBytes(bytes);
            return;
        }
        WriteEachReversed(ref writer, bytes, Unsafe.SizeOf<T>());
    }

    /// <summary>
    /// Reads the elements of an Array of numbers whose little-endian memory is their RowBinary encoding: one copy
    /// on a little-endian machine, the bytes of each element reversed in place elsewhere.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ReadLittleEndian<T>(ref RowBinaryReader reader, Span<T> destination, string clickHouseType)
        where T : unmanaged
    {
        Span<byte> bytes = MemoryMarshal.AsBytes(destination);
        reader.ReadBytes(bytes, clickHouseType);
        if (!BitConverter.IsLittleEndian && Unsafe.SizeOf<T>() > 1)
        {
            for (int i = 0; i < bytes.Length; i += Unsafe.SizeOf<T>())
            {
                bytes.Slice(i, Unsafe.SizeOf<T>()).Reverse();
            }
        }
    }

    /// <summary>An Interval of a fixed-length unit from a TimeSpan: the number of whole units.</summary>
    /// <exception cref="RowBinaryException">The TimeSpan is not a whole number of units.</exception>
    public static long IntervalFromTimeSpan(TimeSpan value, long ticksPerUnit, string clickHouseType)
    {
        if (value.Ticks % ticksPerUnit != 0)
        {
            throw new RowBinaryException($"The value {value} is not a whole number of units of {clickHouseType}, which cannot hold it exactly.", clickHouseType: clickHouseType);
        }
        return value.Ticks / ticksPerUnit;
    }

    /// <summary>An Interval of a fixed-length unit as a TimeSpan.</summary>
    /// <exception cref="RowBinaryException">The interval is outside the range of TimeSpan.</exception>
    public static TimeSpan IntervalToTimeSpan(long value, long ticksPerUnit, string clickHouseType, long offset)
    {
        if (value > long.MaxValue / ticksPerUnit || value < long.MinValue / ticksPerUnit)
        {
            throw new RowBinaryException($"Invalid {clickHouseType} at byte offset {offset}: {value} is outside the range of System.TimeSpan; map the column to long.", offset, clickHouseType);
        }
        return TimeSpan.FromTicks(value * ticksPerUnit);
    }

    /// <summary>An IntervalNanosecond from a TimeSpan.</summary>
    /// <exception cref="RowBinaryException">The TimeSpan has more nanoseconds than a long holds.</exception>
    public static long IntervalNanosecondsFromTimeSpan(TimeSpan value)
    {
        if (value.Ticks > long.MaxValue / 100 || value.Ticks < long.MinValue / 100)
        {
            throw new RowBinaryException($"The value {value} is outside the range of IntervalNanosecond.", clickHouseType: "IntervalNanosecond");
        }
        return value.Ticks * 100;
    }

    /// <summary>An IntervalNanosecond as a TimeSpan.</summary>
    /// <exception cref="RowBinaryException">The interval is finer than the 100 ns of a TimeSpan tick.</exception>
    public static TimeSpan IntervalNanosecondsToTimeSpan(long value, long offset)
    {
        if (value % 100 != 0)
        {
            throw new RowBinaryException($"Invalid IntervalNanosecond at byte offset {offset}: {value} ns is finer than the 100 ns of System.TimeSpan; map the column to long to keep every nanosecond.", offset, "IntervalNanosecond");
        }
        return TimeSpan.FromTicks(value / 100);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void WriteEachReversed(ref RowBinaryWriter writer, ReadOnlySpan<byte> bytes, int size)
    {
        Span<byte> element = stackalloc byte[size];
        for (int i = 0; i < bytes.Length; i += size)
        {
            bytes.Slice(i, size).CopyTo(element);
            element.Reverse();
            writer.WriteBytes(element);
        }
    }
}
