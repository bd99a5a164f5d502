using System;
using System.Collections;
using System.Collections.Generic;
using System.Net;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary;

internal static partial class ClickHouseValueCodec
{
    internal static void WriteValue(ref RowBinaryWriter writer, ClickHouseType type, object? value, int depth)
    {
        if (value is null && type.Kind is not (ClickHouseTypeKind.Nullable or ClickHouseTypeKind.Variant or ClickHouseTypeKind.Dynamic
            or ClickHouseTypeKind.Geometry or ClickHouseTypeKind.LowCardinality or ClickHouseTypeKind.SimpleAggregateFunction))
        {
            ThrowHelper.ThrowNullValue(type.ToString());
        }
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Int8: writer.WriteInt8((sbyte)ToInt64(value!, type, sbyte.MinValue, sbyte.MaxValue)); break;
            case ClickHouseTypeKind.Int16: writer.WriteInt16((short)ToInt64(value!, type, short.MinValue, short.MaxValue)); break;
            case ClickHouseTypeKind.Int32: writer.WriteInt32((int)ToInt64(value!, type, int.MinValue, int.MaxValue)); break;
            case ClickHouseTypeKind.Int64: writer.WriteInt64(ToInt64(value!, type, long.MinValue, long.MaxValue)); break;
            case ClickHouseTypeKind.Int128: writer.WriteInt128(value is Int128 int128 ? int128 : (Int128)ToInteger(value!, type, s_int128Min, s_int128Max)); break;
            case ClickHouseTypeKind.Int256: writer.WriteInt256(ToInteger(value!, type, s_int256Min, s_int256Max)); break;
            case ClickHouseTypeKind.UInt8: writer.WriteUInt8((byte)ToUInt64(value!, type, byte.MaxValue)); break;
            case ClickHouseTypeKind.UInt16: writer.WriteUInt16((ushort)ToUInt64(value!, type, ushort.MaxValue)); break;
            case ClickHouseTypeKind.UInt32: writer.WriteUInt32((uint)ToUInt64(value!, type, uint.MaxValue)); break;
            case ClickHouseTypeKind.UInt64: writer.WriteUInt64(ToUInt64(value!, type, ulong.MaxValue)); break;
            case ClickHouseTypeKind.UInt128: writer.WriteUInt128(value is UInt128 uint128 ? uint128 : (UInt128)ToInteger(value!, type, 0, s_uint128Max)); break;
            case ClickHouseTypeKind.UInt256: writer.WriteUInt256(ToInteger(value!, type, 0, s_uint256Max)); break;
            case ClickHouseTypeKind.Float32: writer.WriteFloat32(ToSingle(value!, type)); break;
            case ClickHouseTypeKind.BFloat16: writer.WriteBFloat16(ToSingle(value!, type)); break;
            case ClickHouseTypeKind.Float64: writer.WriteFloat64(ToDouble(value!, type)); break;
            case ClickHouseTypeKind.Bool: writer.WriteBool(value is bool flag ? flag : throw Mismatch(type, value, "a bool")); break;
            case ClickHouseTypeKind.String: WriteText(ref writer, type, value!); break;
            case ClickHouseTypeKind.FixedString: WriteFixedText(ref writer, type, value!); break;
            case ClickHouseTypeKind.Date:
                switch (value)
                {
                    case DateOnly date: writer.WriteDate(date); break;
                    case DateTime time: writer.WriteDate(time); break;
                    default: throw Mismatch(type, value, "a DateOnly or DateTime");
                }
                break;
            case ClickHouseTypeKind.Date32:
                switch (value)
                {
                    case DateOnly date: writer.WriteDate32(date); break;
                    case DateTime time: writer.WriteDate32(time); break;
                    default: throw Mismatch(type, value, "a DateOnly or DateTime");
                }
                break;
            case ClickHouseTypeKind.DateTime:
                switch (value)
                {
                    case DateTime time: writer.WriteDateTime(time); break;
                    case DateTimeOffset offset: writer.WriteDateTime(offset); break;
                    default: throw Mismatch(type, value, "a DateTime or DateTimeOffset");
                }
                break;
            case ClickHouseTypeKind.DateTime64:
                switch (value)
                {
                    case DateTime time: writer.WriteDateTime64(time, type.Precision); break;
                    case DateTimeOffset offset: writer.WriteDateTime64(offset, type.Precision); break;
                    case long ticks: writer.WriteInt64(ticks); break;
                    default: throw Mismatch(type, value, "a DateTime, DateTimeOffset or long (raw ticks)");
                }
                break;
            case ClickHouseTypeKind.Decimal: WriteDecimal(ref writer, type, value!); break;
            case ClickHouseTypeKind.UUID: writer.WriteUuid(value is Guid guid ? guid : throw Mismatch(type, value, "a Guid")); break;
            case ClickHouseTypeKind.IPv4:
                switch (value)
                {
                    case IPAddress address: writer.WriteIPv4(address); break;
                    case uint number: writer.WriteIPv4(number); break;
                    default: throw Mismatch(type, value, "an IPAddress or uint");
                }
                break;
            case ClickHouseTypeKind.IPv6: writer.WriteIPv6(value as IPAddress ?? throw Mismatch(type, value, "an IPAddress")); break;
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                WriteEnum(ref writer, type, value!);
                break;
            case ClickHouseTypeKind.Nullable:
                writer.WriteNullMarker(value is null);
                if (value is not null)
                {
                    WriteValue(ref writer, type.Arguments[0], value, depth);
                }
                break;
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                WriteValue(ref writer, type.Arguments[0], value, depth);
                break;
            case ClickHouseTypeKind.Array:
                {
                    IReadOnlyList<object?> items = ToList(value!, type);
                    writer.WriteLength(items.Count);
                    foreach (object? item in items)
                    {
                        WriteValue(ref writer, type.Arguments[0], item, depth);
                    }
                    break;
                }
            case ClickHouseTypeKind.Tuple:
                WriteTuple(ref writer, type, value!, depth);
                break;
            case ClickHouseTypeKind.Nested:
                {
                    IReadOnlyList<object?> rows = ToList(value!, type);
                    writer.WriteLength(rows.Count);
                    foreach (object? row in rows)
                    {
                        WriteTuple(ref writer, type, row ?? throw Mismatch(type, row, "a tuple of the Nested fields for every element"), depth);
                    }
                    break;
                }
            case ClickHouseTypeKind.Map:
                WriteMap(ref writer, type, value!, depth);
                break;
            case ClickHouseTypeKind.Variant:
                WriteVariant(ref writer, type, value, depth);
                break;
            case ClickHouseTypeKind.Dynamic:
                writer.WriteDynamic(value as ClickHouseDynamic? ?? ClickHouseDynamic.From(value), depth + 1);
                break;
            case ClickHouseTypeKind.Json:
                WriteJsonValue(ref writer, type, value!, depth);
                break;
            case ClickHouseTypeKind.Point:
                WritePoint(ref writer, type, value!);
                break;
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
                WritePoints(ref writer, type, value!);
                break;
            case ClickHouseTypeKind.Geometry:
                writer.WriteGeometry(value switch
                {
                    null => ClickHouseGeometry.Null,
                    ClickHouseGeometry geometry => geometry,
                    _ => throw Mismatch(type, value, "a ClickHouseGeometry"),
                });
                break;
            case ClickHouseTypeKind.QBit:
                {
                    IReadOnlyList<object?> items = ToList(value!, type);
                    writer.WriteQBitLength(items.Count, type.Dimension, type.ToString());
                    foreach (object? item in items)
                    {
                        WriteValue(ref writer, type.Arguments[0], item, depth);
                    }
                    break;
                }
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
                WriteLines(ref writer, type, value!);
                break;
            case ClickHouseTypeKind.MultiPolygon:
                {
                    IReadOnlyList<object?> polygons = ToList(value!, type);
                    writer.WriteLength(polygons.Count);
                    foreach (object? polygon in polygons)
                    {
                        WriteLines(ref writer, type, polygon ?? throw Mismatch(type, polygon, "a polygon for every element"));
                    }
                    break;
                }
            case ClickHouseTypeKind.Time: writer.WriteTime(value is TimeSpan span ? span : throw Mismatch(type, value, "a TimeSpan")); break;
            case ClickHouseTypeKind.Time64:
                switch (value)
                {
                    case TimeSpan span64: writer.WriteTime64(span64, type.Precision); break;
                    case long ticks: writer.WriteInt64(ticks); break;
                    default: throw Mismatch(type, value, "a TimeSpan or long (raw ticks)");
                }
                break;
            case ClickHouseTypeKind.Interval: writer.WriteInt64(ToInterval(value!, type)); break;
            case ClickHouseTypeKind.Nothing:
                throw new RowBinaryException("The Nothing type has no values; only NULL of Nullable(Nothing) can be written.", clickHouseType: "Nothing");
            default:
                throw new RowBinaryException($"Writing values of {type} is not supported.", clickHouseType: type.ToString());
        }
    }

    private static void WriteText(ref RowBinaryWriter writer, ClickHouseType type, object value)
    {
        switch (value)
        {
            case string text: writer.WriteString(text); break;
            case byte[] bytes: writer.WriteString(bytes.AsSpan()); break;
            case ReadOnlyMemory<byte> memory: writer.WriteString(memory.Span); break;
            case char c: writer.WriteString(c.ToString()); break;
            default: throw Mismatch(type, value, "a string or byte[]");
        }
    }

    private static void WriteFixedText(ref RowBinaryWriter writer, ClickHouseType type, object value)
    {
        switch (value)
        {
            case byte[] bytes: writer.WriteFixedString(bytes.AsSpan(), type.Length); break;
            case ReadOnlyMemory<byte> memory: writer.WriteFixedString(memory.Span, type.Length); break;
            case string text: writer.WriteFixedString(text, type.Length); break;
            default: throw Mismatch(type, value, "a byte[] or string");
        }
    }

    private static void WriteDecimal(ref RowBinaryWriter writer, ClickHouseType type, object value)
    {
        switch (value)
        {
            case decimal number: writer.WriteDecimal(number, type.Precision, type.Scale); break;
            case ClickHouseDecimal exact: writer.WriteDecimal(exact, type.Precision, type.Scale); break;
            default:
                if (TryGetInteger(value, out BigInteger integer))
                {
                    writer.WriteDecimal(new ClickHouseDecimal(integer, 0), type.Precision, type.Scale);
                    break;
                }
                throw Mismatch(type, value, "a decimal, ClickHouseDecimal or integer");
        }
    }

    private static void WriteEnum(ref RowBinaryWriter writer, ClickHouseType type, object value)
    {
        short? number = null;
        if (value is string label)
        {
            foreach (KeyValuePair<string, short> member in type.EnumMembers)
            {
                if (string.Equals(member.Key, label, StringComparison.Ordinal))
                {
                    number = member.Value;
                    break;
                }
            }
            if (number is null)
            {
                throw new RowBinaryException($"'{label}' is not a label of {type}; expected one of {DescribeMembers(type)}.", clickHouseType: type.ToString());
            }
        }
        else if (TryGetInteger(value, out BigInteger integer))
        {
            foreach (KeyValuePair<string, short> member in type.EnumMembers)
            {
                if (member.Value == integer)
                {
                    number = member.Value;
                    break;
                }
            }
            if (number is null)
            {
                throw new RowBinaryException($"{integer} is not a declared value of {type}; expected one of {DescribeMembers(type)}.", clickHouseType: type.ToString());
            }
        }
        else
        {
            throw Mismatch(type, value, "the label as a string, or the declared number");
        }
        if (type.Kind == ClickHouseTypeKind.Enum8)
        {
            writer.WriteInt8((sbyte)number.Value);
        }
        else
        {
            writer.WriteInt16(number.Value);
        }
    }

    private static void WriteTuple(ref RowBinaryWriter writer, ClickHouseType type, object value, int depth)
    {
        int count = type.Arguments.Count;
        switch (value)
        {
            case ITuple tuple when tuple.Length == count:
                for (int i = 0; i < count; i++)
                {
                    WriteValue(ref writer, type.Arguments[i], tuple[i], depth);
                }
                break;
            case IList list when list.Count == count:
                for (int i = 0; i < count; i++)
                {
                    WriteValue(ref writer, type.Arguments[i], list[i], depth);
                }
                break;
            default:
                throw Mismatch(type, value, $"an object?[] or value tuple of {count} elements");
        }
    }

    private static void WriteMap(ref RowBinaryWriter writer, ClickHouseType type, object value, int depth)
    {
        ClickHouseType keyType = type.Arguments[0];
        ClickHouseType valueType = type.Arguments[1];
        switch (value)
        {
            case IDictionary dictionary:
                {
                    writer.WriteLength(dictionary.Count);
                    IDictionaryEnumerator entries = dictionary.GetEnumerator();
                    while (entries.MoveNext())
                    {
                        WriteValue(ref writer, keyType, entries.Key, depth);
                        WriteValue(ref writer, valueType, entries.Value, depth);
                    }
                    break;
                }
            case IEnumerable<KeyValuePair<object, object?>> pairs:
                {
                    var list = pairs as IReadOnlyCollection<KeyValuePair<object, object?>> ?? new List<KeyValuePair<object, object?>>(pairs);
                    writer.WriteLength(list.Count);
                    foreach (KeyValuePair<object, object?> pair in list)
                    {
                        WriteValue(ref writer, keyType, pair.Key, depth);
                        WriteValue(ref writer, valueType, pair.Value, depth);
                    }
                    break;
                }
            default:
                throw Mismatch(type, value, "a List<KeyValuePair<object, object?>> or a dictionary");
        }
    }

    private static void WriteVariant(ref RowBinaryWriter writer, ClickHouseType type, object? value, int depth)
    {
        ClickHouseType? armType;
        object? armValue;
        if (value is ClickHouseDynamic dynamic)
        {
            armType = dynamic.Type;
            armValue = dynamic.Value;
        }
        else
        {
            armType = value is null ? null : FindArm(type, value);
            armValue = value;
        }
        if (armType is null)
        {
            writer.WriteUInt8(ClickHouseVariantOrder.NullDiscriminator);
            return;
        }
        int discriminator = IndexOf(type.Arguments, armType);
        if (discriminator < 0)
        {
            throw new RowBinaryException($"{armType} is not one of the types of {type}.", clickHouseType: type.ToString());
        }
        writer.WriteUInt8((byte)discriminator);
        WriteValue(ref writer, armType, armValue, depth);
    }

    /// <summary>The arm a plain value belongs to: the type it implies, else the only arm of its numeric family.</summary>
    private static ClickHouseType FindArm(ClickHouseType variant, object value)
    {
        ClickHouseType? natural = ClickHouseDynamic.InferType(value);
        if (natural is not null && IndexOf(variant.Arguments, natural) >= 0)
        {
            return natural;
        }
        ClickHouseType? candidate = null;
        int candidates = 0;
        foreach (ClickHouseType arm in variant.Arguments)
        {
            if (Accepts(arm, value))
            {
                candidate = arm;
                candidates++;
            }
        }
        if (candidates == 1)
        {
            return candidate!;
        }
        throw new RowBinaryException(
            candidates == 0
                ? $"A value of type {value.GetType()} fits none of the types of {variant}; pass new ClickHouseDynamic(armType, value)."
                : $"A value of type {value.GetType()} fits several types of {variant}; pass new ClickHouseDynamic(armType, value) to choose one.",
            clickHouseType: variant.ToString());
    }

    private static bool Accepts(ClickHouseType arm, object value) => arm.Unwrap().Kind switch
    {
        ClickHouseTypeKind.Int8 or ClickHouseTypeKind.Int16 or ClickHouseTypeKind.Int32 or ClickHouseTypeKind.Int64
            or ClickHouseTypeKind.Int128 or ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt8 or ClickHouseTypeKind.UInt16
            or ClickHouseTypeKind.UInt32 or ClickHouseTypeKind.UInt64 or ClickHouseTypeKind.UInt128 or ClickHouseTypeKind.UInt256
            => TryGetInteger(value, out _),
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.Float64 or ClickHouseTypeKind.BFloat16 => value is float or double,
        ClickHouseTypeKind.String or ClickHouseTypeKind.FixedString => value is string or byte[],
        ClickHouseTypeKind.Bool => value is bool,
        ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 => value is DateOnly,
        ClickHouseTypeKind.DateTime or ClickHouseTypeKind.DateTime64 => value is DateTime or DateTimeOffset,
        ClickHouseTypeKind.Decimal => value is decimal or ClickHouseDecimal,
        ClickHouseTypeKind.UUID => value is Guid,
        ClickHouseTypeKind.IPv4 or ClickHouseTypeKind.IPv6 => value is IPAddress,
        ClickHouseTypeKind.Array or ClickHouseTypeKind.Ring or ClickHouseTypeKind.LineString or ClickHouseTypeKind.Polygon
            or ClickHouseTypeKind.MultiLineString or ClickHouseTypeKind.MultiPolygon or ClickHouseTypeKind.MultiPoint
            or ClickHouseTypeKind.QBit => value is IEnumerable and not string and not byte[],
        ClickHouseTypeKind.Tuple or ClickHouseTypeKind.Point => value is ITuple,
        ClickHouseTypeKind.Map => value is IDictionary or IEnumerable<KeyValuePair<object, object?>>,
        ClickHouseTypeKind.Time or ClickHouseTypeKind.Time64 => value is TimeSpan,
        ClickHouseTypeKind.Json => value is JsonNode or JsonDocument or JsonElement,
        _ => false,
    };

    private static int IndexOf(IReadOnlyList<ClickHouseType> types, ClickHouseType type)
    {
        for (int i = 0; i < types.Count; i++)
        {
            if (types[i] == type)
            {
                return i;
            }
        }
        return -1;
    }

    private static void WriteJsonValue(ref RowBinaryWriter writer, ClickHouseType type, object value, int depth)
    {
        switch (value)
        {
            case string text: writer.WriteJson(text, type, depth + 1); break;
            case JsonNode node: writer.WriteJson(node, type, depth + 1); break;
            case JsonDocument document: writer.WriteJson(document.RootElement, type, depth + 1); break;
            case JsonElement element: writer.WriteJson(element, type, depth + 1); break;
            case JsonObjectValue nested: writer.WriteJson(nested, type, depth + 1); break;
            default: throw Mismatch(type, value, "JSON text (string), a JsonNode, a JsonDocument or a JsonElement");
        }
    }

    private static void WritePoint(ref RowBinaryWriter writer, ClickHouseType type, object value)
    {
        switch (value)
        {
            case ValueTuple<double, double> point:
                writer.WriteFloat64(point.Item1);
                writer.WriteFloat64(point.Item2);
                break;
            case ITuple tuple when tuple.Length == 2:
                writer.WriteFloat64(ToDouble(tuple[0] ?? throw Mismatch(type, value, "two numbers"), type));
                writer.WriteFloat64(ToDouble(tuple[1] ?? throw Mismatch(type, value, "two numbers"), type));
                break;
            case IList list when list.Count == 2:
                writer.WriteFloat64(ToDouble(list[0] ?? throw Mismatch(type, value, "two numbers"), type));
                writer.WriteFloat64(ToDouble(list[1] ?? throw Mismatch(type, value, "two numbers"), type));
                break;
            default:
                throw Mismatch(type, value, "a (double X, double Y) point");
        }
    }

    private static void WritePoints(ref RowBinaryWriter writer, ClickHouseType type, object value)
    {
        IReadOnlyList<object?> points = ToList(value, type);
        writer.WriteLength(points.Count);
        foreach (object? point in points)
        {
            WritePoint(ref writer, type, point ?? throw Mismatch(type, point, "a point for every element"));
        }
    }

    private static void WriteLines(ref RowBinaryWriter writer, ClickHouseType type, object value)
    {
        IReadOnlyList<object?> lines = ToList(value, type);
        writer.WriteLength(lines.Count);
        foreach (object? line in lines)
        {
            WritePoints(ref writer, type, line ?? throw Mismatch(type, line, "a list of points for every element"));
        }
    }

    private static long ToInterval(object value, ClickHouseType type)
    {
        if (value is TimeSpan span)
        {
            long ticksPerUnit = type.IntervalUnit switch
            {
                "Microsecond" => 10,
                "Millisecond" => TimeSpan.TicksPerMillisecond,
                "Second" => TimeSpan.TicksPerSecond,
                "Minute" => TimeSpan.TicksPerMinute,
                "Hour" => TimeSpan.TicksPerHour,
                "Day" => TimeSpan.TicksPerDay,
                "Week" => TimeSpan.TicksPerDay * 7,
                _ => 0,
            };
            if (type.IntervalUnit == "Nanosecond")
            {
                return checked(span.Ticks * 100);
            }
            if (ticksPerUnit == 0)
            {
                throw Mismatch(type, value, "a whole number of units as a long (months, quarters and years have no fixed length)");
            }
            if (span.Ticks % ticksPerUnit != 0)
            {
                throw new RowBinaryException($"{span} is not a whole number of {type.IntervalUnit}s; the value would be truncated.", clickHouseType: type.ToString());
            }
            return span.Ticks / ticksPerUnit;
        }
        return (long)ToInteger(value, type, long.MinValue, long.MaxValue);
    }
}
