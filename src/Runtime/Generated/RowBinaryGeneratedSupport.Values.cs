using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Values that every row type would otherwise spell out the same way, written or read in one call: Nullable strings
/// and numbers, arrays of strings and of UUIDs, arrays of points (Ring, LineString, MultiPoint, <c>Array(Tuple(Float64,
/// Float64))</c>), and the Nothing types. Each is inlined where it is called, as the code it replaces was: a call
/// would keep the writer's position out of registers (docs/performance.md, "Generated code size").
/// </summary>
public static partial class RowBinaryGeneratedSupport
{
    /// <summary>Writes a <c>Nullable(String)</c>: the NULL marker, then the string unless it is null.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableString(ref RowBinaryWriter writer, string? value)
    {
        writer.WriteNullMarker(value is null);
        if (value is not null)
        {
            writer.WriteString(value);
        }
    }

    /// <summary>Writes a Nullable number whose little-endian memory is its encoding: the NULL marker, then the number.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullable<T>(ref RowBinaryWriter writer, T? value)
        where T : unmanaged
    {
        writer.WriteNullMarker(!value.HasValue);
        if (value.HasValue)
        {
            // One store of the number's bits, as the writer's own WriteInt32 or WriteFloat64 make (the size is a
            // constant to the JIT, which keeps one branch).
            T number = value.GetValueOrDefault();
            switch (Unsafe.SizeOf<T>())
            {
                case 1:
                    writer.WriteUInt8(Unsafe.As<T, byte>(ref number));
                    break;
                case 2:
                    writer.WriteUInt16(Unsafe.As<T, ushort>(ref number));
                    break;
                case 4:
                    writer.WriteUInt32(Unsafe.As<T, uint>(ref number));
                    break;
                case 8:
                    writer.WriteUInt64(Unsafe.As<T, ulong>(ref number));
                    break;
                default:
                    // The writer keeps no span it is given, so the number may be handed over by reference.
                    WriteLittleEndian(ref writer, MemoryMarshal.CreateReadOnlySpan(ref number, 1));
                    break;
            }
        }
    }

    /// <summary>Writes an Array of String.</summary>
    /// <exception cref="RowBinaryException">The array, or one of its strings, is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteStrings(ref RowBinaryWriter writer, string[]? values, string clickHouseType)
    {
        ThrowIfNull(values, clickHouseType);
        WriteStrings(ref writer, new ReadOnlySpan<string>(values));
    }

    /// <summary>Writes an Array of String from a list.</summary>
    /// <exception cref="RowBinaryException">The list, or one of its strings, is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteStrings(ref RowBinaryWriter writer, List<string>? values, string clickHouseType)
    {
        ThrowIfNull(values, clickHouseType);
        WriteStrings(ref writer, CollectionsMarshal.AsSpan(values));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteStrings(ref RowBinaryWriter writer, ReadOnlySpan<string> values)
    {
        writer.WriteLength(values.Length);
        foreach (string value in values)
        {
            writer.WriteString(value);
        }
    }

    /// <summary>Reads an Array of String into a new array.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string[] ReadStrings(ref RowBinaryReader reader, string clickHouseType)
        => ReadStrings(ref reader, reader.ReadLength(clickHouseType));

    /// <summary>Reads <paramref name="count"/> Strings into a new array (a Native array's elements).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string[] ReadStrings(ref RowBinaryReader reader, int count)
    {
        string[] values = count == 0 ? [] : new string[count];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = reader.ReadString();
        }
        return values;
    }

    /// <summary>Reads <paramref name="count"/> Strings into a new list (a Native array's elements).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static List<string> ReadStringList(ref RowBinaryReader reader, int count)
    {
        var values = new List<string>(count);
        for (int i = 0; i < count; i++)
        {
            values.Add(reader.ReadString());
        }
        return values;
    }

    /// <summary>Moves past the placeholder String under a NULL of a Native Nullable(String) column, and returns null.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string? SkipNullString(ref RowBinaryReader reader)
    {
        reader.Skip(reader.ReadLength("String"), "String");
        return null;
    }

    /// <summary>Reads an Array of String into a new list.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static List<string> ReadStringList(ref RowBinaryReader reader, string clickHouseType)
        => ReadStringList(ref reader, reader.ReadLength(clickHouseType));

    /// <summary>Writes an Array of UUID.</summary>
    /// <exception cref="RowBinaryException">The array is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUuids(ref RowBinaryWriter writer, Guid[]? values, string clickHouseType)
    {
        ThrowIfNull(values, clickHouseType);
        WriteUuids(ref writer, new ReadOnlySpan<Guid>(values));
    }

    /// <summary>Writes an Array of UUID from a list.</summary>
    /// <exception cref="RowBinaryException">The list is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUuids(ref RowBinaryWriter writer, List<Guid>? values, string clickHouseType)
    {
        ThrowIfNull(values, clickHouseType);
        WriteUuids(ref writer, CollectionsMarshal.AsSpan(values));
    }

    /// <summary>Writes an Array of UUID from an immutable array.</summary>
    /// <exception cref="RowBinaryException">The immutable array is default (it has no array).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUuids(ref RowBinaryWriter writer, ImmutableArray<Guid> values, string clickHouseType)
    {
        if (values.IsDefault)
        {
            ThrowHelper.ThrowNullValue(clickHouseType);
        }
        WriteUuids(ref writer, values.AsSpan());
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteUuids(ref RowBinaryWriter writer, ReadOnlySpan<Guid> values)
    {
        writer.WriteLength(values.Length);
        foreach (Guid value in values)
        {
            writer.WriteUuid(value);
        }
    }

    /// <summary>Reads an Array of UUID into a new array.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Guid[] ReadUuids(ref RowBinaryReader reader, string clickHouseType)
    {
        int count = reader.ReadLength(clickHouseType, 16);
        Guid[] values = count == 0 ? [] : new Guid[count];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = reader.ReadUuid();
        }
        return values;
    }

    /// <summary>Reads an Array of UUID into a new list.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static List<Guid> ReadUuidList(ref RowBinaryReader reader, string clickHouseType)
    {
        int count = reader.ReadLength(clickHouseType, 16);
        var values = new List<Guid>(count);
        for (int i = 0; i < count; i++)
        {
            values.Add(reader.ReadUuid());
        }
        return values;
    }

    /// <summary>Writes a Point: two Float64.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WritePoint(ref RowBinaryWriter writer, (double X, double Y) point)
    {
        writer.WriteFloat64(point.X);
        writer.WriteFloat64(point.Y);
    }

    /// <summary>Writes an Array of points (two Float64 each): a Ring, a LineString, a MultiPoint.</summary>
    /// <exception cref="RowBinaryException">The array is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WritePoints(ref RowBinaryWriter writer, (double X, double Y)[]? points, string clickHouseType)
    {
        ThrowIfNull(points, clickHouseType);
        WritePoints(ref writer, new ReadOnlySpan<(double X, double Y)>(points));
    }

    /// <summary>Writes an Array of points from a list.</summary>
    /// <exception cref="RowBinaryException">The list is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WritePoints(ref RowBinaryWriter writer, List<(double X, double Y)>? points, string clickHouseType)
    {
        ThrowIfNull(points, clickHouseType);
        WritePoints(ref writer, CollectionsMarshal.AsSpan(points));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WritePoints(ref RowBinaryWriter writer, ReadOnlySpan<(double X, double Y)> points)
    {
        writer.WriteLength(points.Length);
        foreach ((double X, double Y) point in points)
        {
            WritePoint(ref writer, point);
        }
    }

    /// <summary>Reads an Array of points into a new array.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static (double X, double Y)[] ReadPoints(ref RowBinaryReader reader, string clickHouseType)
    {
        int count = reader.ReadLength(clickHouseType, 16);
        (double X, double Y)[] points = count == 0 ? [] : new (double X, double Y)[count];
        for (int i = 0; i < points.Length; i++)
        {
            points[i] = (reader.ReadFloat64(), reader.ReadFloat64());
        }
        return points;
    }

    /// <summary>Reads an Array of points into a new list.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static List<(double X, double Y)> ReadPointList(ref RowBinaryReader reader, string clickHouseType)
    {
        int count = reader.ReadLength(clickHouseType, 16);
        var points = new List<(double X, double Y)>(count);
        for (int i = 0; i < count; i++)
        {
            points.Add((reader.ReadFloat64(), reader.ReadFloat64()));
        }
        return points;
    }

    /// <summary>Writes a <c>Nullable(Nothing)</c>, which holds only NULL.</summary>
    /// <exception cref="RowBinaryException">The member has a value.</exception>
    public static void WriteNullNothing<T>(ref RowBinaryWriter writer, T? value, string clickHouseType)
    {
        if (value is not null)
        {
            throw NotNull(clickHouseType);
        }
        writer.WriteNullMarker(true);
    }

    /// <summary>Writes an <c>Array(Nothing)</c>, which holds only empty arrays.</summary>
    /// <exception cref="RowBinaryException">The array is null or has elements.</exception>
    public static void WriteNothingArray<T>(ref RowBinaryWriter writer, T[]? values, string clickHouseType)
    {
        ThrowIfNull(values, clickHouseType);
        if (values.Length != 0)
        {
            throw NothingElements(values.Length, clickHouseType);
        }
        writer.WriteLength(0);
    }

    /// <summary>Reads an <c>Array(Nothing)</c>: the shared empty array.</summary>
    /// <exception cref="RowBinaryException">The data claims elements.</exception>
    public static T[] ReadNothingArray<T>(ref RowBinaryReader reader, string clickHouseType)
    {
        int count = reader.ReadLength(clickHouseType);
        if (count != 0)
        {
            throw NothingElements(count, clickHouseType, reader.Offset);
        }
        return [];
    }
}
