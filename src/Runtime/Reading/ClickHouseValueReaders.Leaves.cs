using System;
using System.Collections.Generic;
using System.Net;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary;

internal static partial class ClickHouseValueReaders
{
    /// <summary>A leaf type of the type mapping: what it reads (for messages), and its reader for a column, or null.</summary>
    private sealed record Leaf(string Accepts, Func<ClickHouseType, ClickHouseValueReader?> Create);

    /// <summary>Makes the <c>T?</c> reader of a value type from the reader of <c>T</c>.</summary>
    private delegate ClickHouseValueReader NullableFactory(ClickHouseType column, ClickHouseValueReader value, bool hasMarker);

    private static readonly Dictionary<Type, Leaf> s_leaves = [];
    private static readonly Dictionary<Type, NullableFactory> s_nullables = [];

    /// <summary>
    /// The leaf types: the C# types of the type mapping, each with the ClickHouse types it reads. Integers read every
    /// integer type whose values they hold; the other alternatives are the mapping's own.
    /// </summary>
    static ClickHouseValueReaders()
    {
        Integer<sbyte>("Int8 or Enum8 (its number)", sbyte.MinValue, sbyte.MaxValue);
        Integer<short>("Int8, Int16, UInt8, Enum8 or Enum16 (its number)", short.MinValue, short.MaxValue);
        Integer<int>("Int8 to Int32, UInt8, UInt16, Enum8 or Enum16 (its number)", int.MinValue, int.MaxValue);
        Integer<long>("Int8 to Int64, UInt8 to UInt32, Enum8 or Enum16 (its number), DateTime64 (its raw ticks) or an Interval (its count)", long.MinValue, long.MaxValue);
        Integer<Int128>("Int8 to Int128, UInt8 to UInt64, Enum8 or Enum16 (its number)", (BigInteger)Int128.MinValue, (BigInteger)Int128.MaxValue);
        Integer<byte>("UInt8", byte.MinValue, byte.MaxValue);
        Integer<ushort>("UInt8 or UInt16", ushort.MinValue, ushort.MaxValue);
        Integer<uint>("UInt8 to UInt32, or IPv4 (its number)", uint.MinValue, uint.MaxValue);
        Integer<ulong>("UInt8 to UInt64", ulong.MinValue, ulong.MaxValue);
        Integer<UInt128>("UInt8 to UInt128", BigInteger.Zero, (BigInteger)UInt128.MaxValue);
        Integer<BigInteger>("any integer type, Int256 and UInt256 included", -(BigInteger.One << 255), max: null);

        Value("Float32 or BFloat16", static column => column.Kind switch
        {
            ClickHouseTypeKind.Float32 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadFloat32(), sizeof(float)),
            ClickHouseTypeKind.BFloat16 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadBFloat16()),
            _ => null,
        });
        Value("Float64, Float32 or BFloat16", static column => column.Kind switch
        {
            ClickHouseTypeKind.Float64 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadFloat64(), sizeof(double)),
            ClickHouseTypeKind.Float32 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => (double)r.ReadFloat32()),
            ClickHouseTypeKind.BFloat16 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => (double)r.ReadBFloat16()),
            _ => null,
        });
        Value("Bool, or UInt8 holding 0 or 1 (what EXISTS returns)", static column => column.Kind switch
        {
            ClickHouseTypeKind.Bool => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadBool()),
            ClickHouseTypeKind.UInt8 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => ReadFlag(ref r)),
            _ => null,
        });
        Value("Decimal of any precision (beyond 28 digits, a value decimal cannot hold is an error)", static column => column.Kind == ClickHouseTypeKind.Decimal
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadDecimal(c.Precision, c.Scale))
            : null);
        Value("Decimal of any precision", static column => column.Kind == ClickHouseTypeKind.Decimal
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadClickHouseDecimal(c.Precision, c.Scale))
            : null);

        Reference("String, FixedString (trailing zero bytes trimmed), Enum8 or Enum16 (the label) or JSON (its text)", static column => column.Kind switch
        {
            ClickHouseTypeKind.String => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadString()),
            ClickHouseTypeKind.FixedString => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadFixedString(c.Length)),
            ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16 => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => ReadLabel(ref r, c)),
            ClickHouseTypeKind.Json => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadJson(c)),
            _ => null,
        });
        Reference("String or FixedString (the bytes as stored)", static column => column.Kind switch
        {
            ClickHouseTypeKind.String => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadStringBytes()),
            ClickHouseTypeKind.FixedString => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadFixedStringBytes(c.Length)),
            _ => null,
        });
        Value("String or FixedString (the bytes as stored)", static column => column.Kind switch
        {
            ClickHouseTypeKind.String => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => new ReadOnlyMemory<byte>(r.ReadStringBytes())),
            ClickHouseTypeKind.FixedString => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => new ReadOnlyMemory<byte>(r.ReadFixedStringBytes(c.Length))),
            _ => null,
        });

        Value("Date or Date32", static column => column.Kind switch
        {
            ClickHouseTypeKind.Date => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadDate()),
            ClickHouseTypeKind.Date32 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadDate32()),
            _ => null,
        });
        Value("DateTime, DateTime64 (digits finer than 100 ns dropped), Date or Date32 (midnight UTC)", static column => column.Kind switch
        {
            ClickHouseTypeKind.DateTime => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadDateTime()),
            ClickHouseTypeKind.DateTime64 => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadDateTime64(c.Precision)),
            ClickHouseTypeKind.Date => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadDate().ToDateTime(TimeOnly.MinValue, DateTimeKind.Utc)),
            ClickHouseTypeKind.Date32 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadDate32().ToDateTime(TimeOnly.MinValue, DateTimeKind.Utc)),
            _ => null,
        });
        Value("DateTime or DateTime64 (offset zero)", static column => column.Kind switch
        {
            ClickHouseTypeKind.DateTime => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => new DateTimeOffset(r.ReadDateTime())),
            ClickHouseTypeKind.DateTime64 => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => new DateTimeOffset(r.ReadDateTime64(c.Precision))),
            _ => null,
        });
        Value("Time, Time64, or an Interval of a fixed-length unit (Nanosecond to Week)", static column => column.Kind switch
        {
            ClickHouseTypeKind.Time => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadTime()),
            ClickHouseTypeKind.Time64 => Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadTime64(c.Precision)),
            ClickHouseTypeKind.Interval when column.IntervalUnit == "Nanosecond" => Read(column, static (ref RowBinaryReader r, ClickHouseType _)
                => RowBinaryGeneratedSupport.IntervalNanosecondsToTimeSpan(r.ReadInt64(), r.Offset - 8)),
            ClickHouseTypeKind.Interval when TicksPerUnit(column.IntervalUnit) > 0 => Read(column, static (ref RowBinaryReader r, ClickHouseType c)
                => RowBinaryGeneratedSupport.IntervalToTimeSpan(r.ReadInt64(), TicksPerUnit(c.IntervalUnit), c.ToString(), r.Offset - 8)),
            _ => null,
        });

        Value("UUID", static column => column.Kind == ClickHouseTypeKind.UUID
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadUuid())
            : null);
        Reference("IPv4 or IPv6", static column => column.Kind switch
        {
            ClickHouseTypeKind.IPv4 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadIPv4()),
            ClickHouseTypeKind.IPv6 => Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadIPv6()),
            _ => null,
        });
        Reference("JSON", static column => column.Kind == ClickHouseTypeKind.Json
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadJsonNode(c))
            : null);
        Reference("JSON", static column => column.Kind == ClickHouseTypeKind.Json
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType c) => r.ReadJsonDocument(c))
            : null);

        Value("Point", static column => column.Kind == ClickHouseTypeKind.Point
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType _) => (r.ReadFloat64(), r.ReadFloat64()))
            : null);
        Reference("Ring, LineString or MultiPoint", static column => Geometry<(double X, double Y)[]>(column, ClickHouseTypeKind.Ring, ClickHouseTypeKind.LineString, ClickHouseTypeKind.MultiPoint));
        Reference("Polygon or MultiLineString", static column => Geometry<(double X, double Y)[][]>(column, ClickHouseTypeKind.Polygon, ClickHouseTypeKind.MultiLineString));
        Reference("MultiPolygon", static column => Geometry<(double X, double Y)[][][]>(column, ClickHouseTypeKind.MultiPolygon));
        Value("Geometry", static column => column.Kind == ClickHouseTypeKind.Geometry
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType _) => r.ReadGeometry())
            : null);

        Reference("QBit(Int8, N)", static column => QBit<sbyte[]>(column, ClickHouseTypeKind.Int8));
        Reference("QBit(Float32, N) or QBit(BFloat16, N)", static column => QBit<float[]>(column, ClickHouseTypeKind.Float32, ClickHouseTypeKind.BFloat16));
        Reference("QBit(Float64, N)", static column => QBit<double[]>(column, ClickHouseTypeKind.Float64));
    }

    private static void Integer<T>(string accepts, BigInteger min, BigInteger? max)
        where T : struct, IBinaryInteger<T>
        => Value(accepts, column => IntegerValueReader<T>.TryCreate(column, min, max));

    private static void Value<T>(string accepts, Func<ClickHouseType, ClickHouseValueReader<T>?> create)
        where T : struct
    {
        s_leaves[typeof(T)] = new Leaf(accepts, create);
        s_nullables[typeof(T)] = static (column, value, hasMarker) => new NullableValueReader<T>(column, (ClickHouseValueReader<T>)value, hasMarker);
    }

    private static void Reference<T>(string accepts, Func<ClickHouseType, ClickHouseValueReader<T>?> create)
        where T : class
        => s_leaves[typeof(T)] = new Leaf(accepts, create);

    private static DelegateValueReader<T> Read<T>(ClickHouseType column, ValueRead<T> read, int rawSize = 0) => new(column, read, rawSize);

    /// <summary>The geometry types, read as the codec reads them: arrays of points.</summary>
    private static DelegateValueReader<T>? Geometry<T>(ClickHouseType column, params ReadOnlySpan<ClickHouseTypeKind> kinds)
        where T : class
        => IsOneOf(column.Kind, kinds)
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType c) => (T)ClickHouseValueCodec.Read(ref r, c)!)
            : null;

    /// <summary>A QBit of one of <paramref name="elements"/>, read as the codec reads it: an array of its dimension.</summary>
    private static DelegateValueReader<T>? QBit<T>(ClickHouseType column, params ReadOnlySpan<ClickHouseTypeKind> elements)
        where T : class
        => column.Kind == ClickHouseTypeKind.QBit && IsOneOf(column.Arguments[0].Kind, elements)
            ? Read(column, static (ref RowBinaryReader r, ClickHouseType c) => (T)ClickHouseValueCodec.Read(ref r, c)!)
            : null;

    // On net8.0 MemoryExtensions.Contains needs IEquatable<T>, which an enum lacks (its overload without it came in .NET 9).
    private static bool IsOneOf(ClickHouseTypeKind kind, ReadOnlySpan<ClickHouseTypeKind> kinds)
    {
        foreach (ClickHouseTypeKind one in kinds)
        {
            if (one == kind)
            {
                return true;
            }
        }
        return false;
    }

    private static bool ReadFlag(ref RowBinaryReader reader)
    {
        long offset = reader.Offset;
        byte value = reader.ReadUInt8();
        if (value > 1)
        {
            ThrowHelper.ThrowInvalid(offset, "UInt8", $"{value} is no bool (expected 0 or 1); read the column as byte.");
        }
        return value == 1;
    }

    private static string ReadLabel(ref RowBinaryReader reader, ClickHouseType column)
    {
        long offset = reader.Offset;
        short value = column.Kind == ClickHouseTypeKind.Enum8 ? reader.ReadInt8() : reader.ReadInt16();
        if (!column.TryGetEnumLabel(value, out string label))
        {
            throw RowBinaryGeneratedSupport.UnknownEnumValue(value, column.ToString(), offset);
        }
        return label;
    }

    /// <summary>The 100 ns ticks of an Interval unit of fixed length; 0 for Month, Quarter and Year (and Nanosecond, finer than a tick).</summary>
    private static long TicksPerUnit(string? unit) => unit switch
    {
        "Microsecond" => 10L,
        "Millisecond" => TimeSpan.TicksPerMillisecond,
        "Second" => TimeSpan.TicksPerSecond,
        "Minute" => TimeSpan.TicksPerMinute,
        "Hour" => TimeSpan.TicksPerHour,
        "Day" => TimeSpan.TicksPerDay,
        "Week" => 7 * TimeSpan.TicksPerDay,
        _ => 0,
    };
}
