using System;
using System.Collections;
using System.Collections.Generic;
using System.Net;
using System.Numerics;

namespace ClickHouse.RowBinary;

internal static partial class ClickHouseValueCodec
{
    /// <summary>
    /// The value a column of <paramref name="type"/> holds when none is given (0, empty, NULL, the smallest enum
    /// value, ...), in the codec's representation.
    /// </summary>
    public static object? DefaultValue(ClickHouseType type)
    {
        ArgumentNullException.ThrowIfNull(type);
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Int8: return (sbyte)0;
            case ClickHouseTypeKind.Int16: return (short)0;
            case ClickHouseTypeKind.Int32: return 0;
            case ClickHouseTypeKind.Int64: return 0L;
            case ClickHouseTypeKind.Int128: return Int128.Zero;
            case ClickHouseTypeKind.Int256: return BigInteger.Zero;
            case ClickHouseTypeKind.UInt8: return (byte)0;
            case ClickHouseTypeKind.UInt16: return (ushort)0;
            case ClickHouseTypeKind.UInt32: return 0u;
            case ClickHouseTypeKind.UInt64: return 0UL;
            case ClickHouseTypeKind.UInt128: return UInt128.Zero;
            case ClickHouseTypeKind.UInt256: return BigInteger.Zero;
            case ClickHouseTypeKind.Float32:
            case ClickHouseTypeKind.BFloat16:
                return 0f;
            case ClickHouseTypeKind.Float64: return 0d;
            case ClickHouseTypeKind.Bool: return false;
            case ClickHouseTypeKind.String: return string.Empty;
            case ClickHouseTypeKind.FixedString: return new byte[type.Length];
            case ClickHouseTypeKind.Date:
            case ClickHouseTypeKind.Date32:
                return DateOnly.FromDayNumber(ClickHouseTime.UnixEpochDayNumber);
            case ClickHouseTypeKind.DateTime:
            case ClickHouseTypeKind.DateTime64:
                return DateTime.UnixEpoch;
            case ClickHouseTypeKind.Decimal:
                return type.Precision <= 28 ? 0m : new ClickHouseDecimal(BigInteger.Zero, type.Scale);
            case ClickHouseTypeKind.UUID: return Guid.Empty;
            case ClickHouseTypeKind.IPv4: return IPAddress.Any;
            case ClickHouseTypeKind.IPv6: return IPAddress.IPv6Any;
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                return type.EnumMembers.Count > 0 ? type.EnumMembers[0].Key : null;
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                return DefaultValue(type.Arguments[0]);
            case ClickHouseTypeKind.Array:
            case ClickHouseTypeKind.Nested:
                return Array.Empty<object?>();
            case ClickHouseTypeKind.Tuple:
                {
                    var elements = new object?[type.Arguments.Count];
                    for (int i = 0; i < elements.Length; i++)
                    {
                        elements[i] = DefaultValue(type.Arguments[i]);
                    }
                    return elements;
                }
            case ClickHouseTypeKind.Map: return new List<KeyValuePair<object, object?>>();
            case ClickHouseTypeKind.Variant:
            case ClickHouseTypeKind.Dynamic:
                return ClickHouseDynamic.Null;
            case ClickHouseTypeKind.Json: return "{}";
            case ClickHouseTypeKind.Point: return (0d, 0d);
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
                return Array.Empty<(double X, double Y)>();
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
                return Array.Empty<(double X, double Y)[]>();
            case ClickHouseTypeKind.MultiPolygon: return Array.Empty<(double X, double Y)[][]>();
            case ClickHouseTypeKind.Geometry: return ClickHouseGeometry.Null;
            case ClickHouseTypeKind.QBit:
                // The zero vector, as ClickHouse fills a QBit column that is given no value.
                return type.Arguments[0].Kind switch
                {
                    ClickHouseTypeKind.Int8 => new sbyte[type.Dimension],
                    ClickHouseTypeKind.Float64 => new double[type.Dimension],
                    _ => new float[type.Dimension],
                };
            case ClickHouseTypeKind.Time:
            case ClickHouseTypeKind.Time64:
                return TimeSpan.Zero;
            case ClickHouseTypeKind.Interval: return 0L;
            default: return null;
        }
    }

    private static RowBinaryException Mismatch(ClickHouseType type, object? value, string expected)
        => new(value is null
                ? $"NULL cannot be written as {type}; expected {expected}."
                : $"A value of type {value.GetType()} ({Describe(value)}) cannot be written as {type}; expected {expected}.",
            clickHouseType: type.ToString());

    private static string Describe(object value)
    {
        string text = Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture) ?? string.Empty;
        return text.Length <= 64 ? text : text.Substring(0, 64) + "...";
    }

    internal static bool TryGetInteger(object value, out BigInteger integer)
    {
        if (TryGetInt64(value, out long small))
        {
            integer = small;
            return true;
        }
        switch (value)
        {
            case ulong v: integer = v; return true;
            case Int128 v: integer = (BigInteger)v; return true;
            case UInt128 v: integer = (BigInteger)v; return true;
            case BigInteger v: integer = v; return true;
            default: integer = default; return false;
        }
    }

    // The bounds of the wide integers, made once: a BigInteger past 31 bits allocates.
    private static readonly BigInteger s_int128Min = (BigInteger)Int128.MinValue;
    private static readonly BigInteger s_int128Max = (BigInteger)Int128.MaxValue;
    private static readonly BigInteger s_uint128Max = (BigInteger)UInt128.MaxValue;
    private static readonly BigInteger s_int256Min = -(BigInteger.One << 255);
    private static readonly BigInteger s_int256Max = (BigInteger.One << 255) - 1;
    private static readonly BigInteger s_uint256Max = (BigInteger.One << 256) - 1;

    /// <summary>A signed integer of at most 64 bits, checked against its type's range without a BigInteger when the value is a .NET integer that a long holds.</summary>
    private static long ToInt64(object value, ClickHouseType type, long min, long max)
    {
        if (!TryGetInt64(value, out long integer))
        {
            return (long)ToInteger(value, type, min, max);
        }
        if (integer < min || integer > max)
        {
            ThrowHelper.ThrowOutOfRange(type.ToString(), integer, $"{min} to {max}");
        }
        return integer;
    }

    /// <summary>An unsigned integer of at most 64 bits, as <see cref="ToInt64"/>.</summary>
    private static ulong ToUInt64(object value, ClickHouseType type, ulong max)
    {
        ulong integer;
        if (value is ulong unsigned)
        {
            integer = unsigned;
        }
        else if (TryGetInt64(value, out long signed) && signed >= 0)
        {
            integer = (ulong)signed;
        }
        else
        {
            return (ulong)ToInteger(value, type, 0, max);
        }
        if (integer > max)
        {
            ThrowHelper.ThrowOutOfRange(type.ToString(), integer, $"0 to {max}");
        }
        return integer;
    }

    private static bool TryGetInt64(object value, out long integer)
    {
        switch (value)
        {
            case sbyte v: integer = v; return true;
            case byte v: integer = v; return true;
            case short v: integer = v; return true;
            case ushort v: integer = v; return true;
            case int v: integer = v; return true;
            case uint v: integer = v; return true;
            case long v: integer = v; return true;
            case ulong v when v <= long.MaxValue: integer = (long)v; return true;
            default: integer = 0; return false;
        }
    }

    private static BigInteger ToInteger(object value, ClickHouseType type, BigInteger min, BigInteger max)
    {
        if (!TryGetInteger(value, out BigInteger integer))
        {
            throw Mismatch(type, value, "an integer");
        }
        if (integer < min || integer > max)
        {
            ThrowHelper.ThrowOutOfRange(type.ToString(), integer, $"{min} to {max}");
        }
        return integer;
    }

    private static float ToSingle(object value, ClickHouseType type)
    {
        switch (value)
        {
            case float single:
                return single;
            case double number when double.IsNaN(number) || (double)(float)number == number:
                return (float)number;
            default:
                if (TryGetInteger(value, out BigInteger integer) && (BigInteger)(float)integer == integer)
                {
                    return (float)integer;
                }
                throw Mismatch(type, value, "a float (or a double or integer that Float32 holds exactly)");
        }
    }

    private static double ToDouble(object value, ClickHouseType type)
    {
        switch (value)
        {
            case double number:
                return number;
            case float single:
                return single;
            default:
                if (TryGetInteger(value, out BigInteger integer) && (BigInteger)(double)integer == integer)
                {
                    return (double)integer;
                }
                throw Mismatch(type, value, "a double (or a float or integer that Float64 holds exactly)");
        }
    }

    /// <summary>The elements of an Array-like value, counted before the first is written.</summary>
    private static IReadOnlyList<object?> ToList(object value, ClickHouseType type)
    {
        switch (value)
        {
            case object?[] array:
                return array;
            case IReadOnlyList<object?> list:
                return list;
            case string:
            // An sbyte[] passes 'is byte[]' too (the runtime lets them alias), and QBit(Int8, N) takes one.
            case byte[] when type.Kind is not (ClickHouseTypeKind.Array or ClickHouseTypeKind.QBit):
                throw Mismatch(type, value, "a collection (object?[], T[], List<T>, ...)");
            case IEnumerable items:
                {
                    var copy = new List<object?>();
                    foreach (object? item in items)
                    {
                        copy.Add(item);
                    }
                    return copy;
                }
            default:
                throw Mismatch(type, value, "a collection (object?[], T[], List<T>, ...)");
        }
    }
}
