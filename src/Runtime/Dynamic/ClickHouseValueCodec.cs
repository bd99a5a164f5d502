using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads and writes a RowBinary value of any parsed ClickHouse type as a boxed .NET object. It serves Dynamic and
/// JSON values, tools and tests; generated row serializers do not go through it.
/// </summary>
/// <remarks>
/// Representations: sbyte..ulong, Int128/UInt128, <see cref="System.Numerics.BigInteger"/> (Int256/UInt256), float
/// (Float32, BFloat16), double, bool; string for String (byte[] when the bytes are not valid UTF-8, so nothing is
/// replaced); byte[] for FixedString; DateOnly (Date, Date32); UTC DateTime (DateTime, DateTime64); long raw ticks
/// for DateTime64(8) and DateTime64(9), whose last digits DateTime cannot hold (likewise Time64(8|9)); decimal for
/// Decimal(P, S) with P &lt;= 28, else <see cref="ClickHouseDecimal"/>; Guid; IPAddress; the label string for Enum8/16;
/// null for NULL; object?[] for Array, Tuple and each Nested element (Nested reads as an array of tuples);
/// <c>List&lt;KeyValuePair&lt;object, object?&gt;&gt;</c> for Map (order and duplicate keys kept);
/// <see cref="ClickHouseDynamic"/> for Variant (the arm's type and value) and Dynamic; string (JSON text) for JSON;
/// <c>(double X, double Y)</c> for Point and arrays of it for Ring, LineString, MultiPoint, Polygon, MultiLineString and
/// MultiPolygon; <see cref="ClickHouseGeometry"/> for Geometry; sbyte[], float[] (Float32, BFloat16) or double[] for
/// QBit; TimeSpan for Time and Time64; long for Interval; the inner type's form for LowCardinality and
/// SimpleAggregateFunction. Writing also accepts the other forms a value naturally comes in (any integer type
/// that fits, byte[] for String, string for FixedString, DateTimeOffset, any collection for Array, dictionaries for
/// Map, value tuples for Tuple, JsonNode and JsonDocument for JSON, a plain value for a Variant arm or Dynamic
/// whose type follows from it).
/// </remarks>
internal static partial class ClickHouseValueCodec
{
    /// <summary>The finest precision DateTime and TimeSpan hold (100 ns); finer DateTime64 and Time64 read as raw ticks.</summary>
    internal const int MaxDateTimePrecision = 7;

    /// <summary>How deeply Dynamic and JSON values may nest inside each other before the data is rejected.</summary>
    internal const int MaxDynamicDepth = 64;

    /// <summary>
    /// How many levels a value read from the wire may nest, counting every level alike: each Array, Tuple, Map,
    /// Nullable, Variant, Dynamic or JSON level of a value and each level of the binary type encodings inside it.
    /// Checked before recursing, so that a few hostile bytes cannot run the stack out.
    /// </summary>
    internal const int MaxReadDepth = 128;

    /// <summary>Reads one value of <paramref name="type"/>.</summary>
    /// <exception cref="RowBinaryException">The bytes are not a valid value of the type; the message names the type,
    /// the byte offset and what was expected.</exception>
    public static object? Read(ref RowBinaryReader reader, ClickHouseType type)
    {
        ArgumentNullException.ThrowIfNull(type);
        long start = reader.Offset;
        try
        {
            return ReadValue(ref reader, type, 0);
        }
        catch (RowBinaryException e) when (e.Column is null && !string.Equals(e.ClickHouseType, type.ToString(), StringComparison.Ordinal))
        {
            // The problem lies in a part of the value (an element, a length, a primitive): name the whole type too.
            throw new RowBinaryException($"Cannot read the {type} value that starts at byte offset {start}: {e.Message}", e.Offset, type.ToString(), e);
        }
    }

    /// <summary>Writes <paramref name="value"/> as a value of <paramref name="type"/>.</summary>
    /// <exception cref="RowBinaryException">The value cannot be written as the type without loss; the message says
    /// what was expected.</exception>
    public static void Write(ref RowBinaryWriter writer, ClickHouseType type, object? value)
    {
        ArgumentNullException.ThrowIfNull(type);
        WriteValue(ref writer, type, value, 0);
    }

    internal static object? ReadValue(ref RowBinaryReader reader, ClickHouseType type, int depth)
    {
        CheckReadDepth(ref reader, depth, type);
        depth++;
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Int8: return reader.ReadInt8();
            case ClickHouseTypeKind.Int16: return reader.ReadInt16();
            case ClickHouseTypeKind.Int32: return reader.ReadInt32();
            case ClickHouseTypeKind.Int64: return reader.ReadInt64();
            case ClickHouseTypeKind.Int128: return reader.ReadInt128();
            case ClickHouseTypeKind.Int256: return reader.ReadInt256();
            case ClickHouseTypeKind.UInt8: return reader.ReadUInt8();
            case ClickHouseTypeKind.UInt16: return reader.ReadUInt16();
            case ClickHouseTypeKind.UInt32: return reader.ReadUInt32();
            case ClickHouseTypeKind.UInt64: return reader.ReadUInt64();
            case ClickHouseTypeKind.UInt128: return reader.ReadUInt128();
            case ClickHouseTypeKind.UInt256: return reader.ReadUInt256();
            case ClickHouseTypeKind.Float32: return reader.ReadFloat32();
            case ClickHouseTypeKind.Float64: return reader.ReadFloat64();
            case ClickHouseTypeKind.BFloat16: return reader.ReadBFloat16();
            case ClickHouseTypeKind.Bool: return reader.ReadBool();
            case ClickHouseTypeKind.String: return ReadText(ref reader);
            case ClickHouseTypeKind.FixedString: return reader.ReadFixedStringBytes(type.Length);
            case ClickHouseTypeKind.Date: return reader.ReadDate();
            case ClickHouseTypeKind.Date32: return reader.ReadDate32();
            case ClickHouseTypeKind.DateTime: return reader.ReadDateTime();
            case ClickHouseTypeKind.DateTime64:
                return type.Precision <= MaxDateTimePrecision ? reader.ReadDateTime64(type.Precision) : ReadRawDateTime64(ref reader, type.Precision);
            case ClickHouseTypeKind.Decimal:
                return type.Precision <= 28
                    ? reader.ReadDecimal(type.Precision, type.Scale)
                    : reader.ReadClickHouseDecimal(type.Precision, type.Scale);
            case ClickHouseTypeKind.UUID: return reader.ReadUuid();
            case ClickHouseTypeKind.IPv4: return reader.ReadIPv4();
            case ClickHouseTypeKind.IPv6: return reader.ReadIPv6();
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                return ReadEnum(ref reader, type);
            case ClickHouseTypeKind.Nullable:
                return reader.ReadNullMarker() ? null : ReadValue(ref reader, type.Arguments[0], depth);
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                return ReadValue(ref reader, type.Arguments[0], depth);
            case ClickHouseTypeKind.Array:
                return ReadArray(ref reader, type, type.Arguments[0], depth);
            case ClickHouseTypeKind.Tuple:
                return ReadTuple(ref reader, type, depth);
            case ClickHouseTypeKind.Nested:
                return ReadNested(ref reader, type, depth);
            case ClickHouseTypeKind.Map:
                return ReadMap(ref reader, type, depth);
            case ClickHouseTypeKind.Variant:
                return ReadVariant(ref reader, type, depth);
            case ClickHouseTypeKind.Dynamic:
                return reader.ReadDynamic(depth);
            case ClickHouseTypeKind.Json:
                return reader.ReadJson(type, depth);
            case ClickHouseTypeKind.Point:
                return reader.ReadPoint();
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
                return reader.ReadPoints(type.ToString());
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
                return reader.ReadLines(type.ToString());
            case ClickHouseTypeKind.MultiPolygon:
                return reader.ReadPolygons(type.ToString());
            case ClickHouseTypeKind.Geometry:
                return reader.ReadGeometry();
            case ClickHouseTypeKind.QBit:
                return ReadQBit(ref reader, type);
            case ClickHouseTypeKind.Time: return reader.ReadTime();
            case ClickHouseTypeKind.Time64:
                return type.Precision <= MaxDateTimePrecision ? reader.ReadTime64(type.Precision) : reader.ReadInt64();
            case ClickHouseTypeKind.Interval: return reader.ReadInt64();
            case ClickHouseTypeKind.Nothing:
                ThrowHelper.ThrowInvalid(reader.Offset, "Nothing", "the Nothing type has no values; only NULL of Nullable(Nothing) can be read.");
                return null;
            default:
                throw new RowBinaryException($"Reading values of {type} is not supported.", reader.Offset, type.ToString());
        }
    }

    /// <summary>The raw ticks of a DateTime64 finer than DateTime holds, checked to be a date DateTime can show.</summary>
    private static long ReadRawDateTime64(ref RowBinaryReader reader, int precision)
    {
        const long MinSeconds = -62135596800; // 0001-01-01, as seconds from 1970
        const long MaxSeconds = 253402300799; // 9999-12-31 23:59:59
        long offset = reader.Offset;
        long raw = reader.ReadInt64();
        long seconds = ClickHouseTime.FloorDiv(raw, precision == 8 ? 100_000_000 : 1_000_000_000);
        if (seconds < MinSeconds || seconds > MaxSeconds)
        {
            ThrowHelper.ThrowInvalid(offset, $"DateTime64({precision})", $"{raw} is outside the years 0001 to 9999 that System.DateTime holds.");
        }
        return raw;
    }

    /// <summary>A String as text, or as its bytes when they are not valid UTF-8 (never replaced).</summary>
    private static object ReadText(ref RowBinaryReader reader)
    {
        byte[] bytes = reader.ReadStringBytes();
        return System.Text.Unicode.Utf8.IsValid(bytes) ? Encoding.UTF8.GetString(bytes) : bytes;
    }

    private static string ReadEnum(ref RowBinaryReader reader, ClickHouseType type)
    {
        long offset = reader.Offset;
        short value = type.Kind == ClickHouseTypeKind.Enum8 ? reader.ReadInt8() : reader.ReadInt16();
        if (!type.TryGetEnumLabel(value, out string label))
        {
            ThrowHelper.ThrowInvalid(offset, type.ToString(), $"{value} is not a declared value; expected one of {DescribeMembers(type)}.");
        }
        return label;
    }

    /// <summary>The members for a message, the first 32 of them: an Enum16 from the wire may have 65,536.</summary>
    internal static string DescribeMembers(ClickHouseType type)
    {
        const int Shown = 32;
        var builder = new StringBuilder();
        int shown = 0;
        foreach (KeyValuePair<string, short> member in type.EnumMembers)
        {
            if (shown++ == Shown)
            {
                builder.Append(", ... (").Append(type.EnumMembers.Count.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(" in all)");
                break;
            }
            if (builder.Length > 0)
            {
                builder.Append(", ");
            }
            ClickHouseSyntax.AppendQuoted(builder, member.Key, '\'');
            builder.Append(" = ").Append(member.Value.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }
        return builder.ToString();
    }

    /// <summary>Throws when a value nests deeper than <see cref="MaxReadDepth"/> or the thread's stack runs low.</summary>
    internal static void CheckReadDepth(ref RowBinaryReader reader, int depth, ClickHouseType type)
    {
        if (depth > MaxReadDepth || !RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            ThrowHelper.ThrowInvalid(reader.Offset, type.ToString(), $"values and their types nest more than {MaxReadDepth} levels deep (or deeper than this thread's stack allows).");
        }
    }

    private static object?[] ReadArray(ref RowBinaryReader reader, ClickHouseType arrayType, ClickHouseType elementType, int depth)
    {
        // Elements of zero bytes (Tuple(), Nothing) still cost one byte of data each: no count the data cannot back.
        int count = reader.ReadLength(arrayType.ToString(), Math.Max(MinimumSize(elementType), 1));
        var values = new object?[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = ReadValue(ref reader, elementType, depth);
        }
        return values;
    }

    private static object?[] ReadTuple(ref RowBinaryReader reader, ClickHouseType type, int depth)
    {
        var values = new object?[type.Arguments.Count];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = ReadValue(ref reader, type.Arguments[i], depth);
        }
        return values;
    }

    private static object?[] ReadNested(ref RowBinaryReader reader, ClickHouseType type, int depth)
    {
        int count = reader.ReadLength(type.ToString(), Math.Max(TupleMinimumSize(type), 1));
        var rows = new object?[count];
        for (int i = 0; i < count; i++)
        {
            rows[i] = ReadTuple(ref reader, type, depth);
        }
        return rows;
    }

    private static List<KeyValuePair<object, object?>> ReadMap(ref RowBinaryReader reader, ClickHouseType type, int depth)
    {
        ClickHouseType keyType = type.Arguments[0];
        ClickHouseType valueType = type.Arguments[1];
        int count = reader.ReadLength(type.ToString(), (int)Math.Clamp((long)MinimumSize(keyType) + MinimumSize(valueType), 1, int.MaxValue));
        var entries = new List<KeyValuePair<object, object?>>(count);
        for (int i = 0; i < count; i++)
        {
            long offset = reader.Offset;
            object key = ReadValue(ref reader, keyType, depth)
                ?? throw new RowBinaryException($"Invalid {type} at byte offset {offset}: a map key is NULL.", offset, type.ToString());
            entries.Add(new KeyValuePair<object, object?>(key, ReadValue(ref reader, valueType, depth)));
        }
        return entries;
    }

    private static ClickHouseDynamic ReadVariant(ref RowBinaryReader reader, ClickHouseType type, int depth)
    {
        long offset = reader.Offset;
        byte discriminator = reader.ReadUInt8();
        if (discriminator == ClickHouseVariantOrder.NullDiscriminator)
        {
            return ClickHouseDynamic.Null;
        }
        if (discriminator >= type.Arguments.Count)
        {
            ClickHouseVariantOrder.ThrowUnknownDiscriminator(offset, type.ToString(), discriminator, type.Arguments.Count);
        }
        ClickHouseType arm = type.Arguments[discriminator];
        return new ClickHouseDynamic(arm, ReadValue(ref reader, arm, depth));
    }

    /// <summary>A QBit vector as an array of its element type: sbyte[], float[] (Float32, BFloat16) or double[].</summary>
    private static Array ReadQBit(ref RowBinaryReader reader, ClickHouseType type)
    {
        ClickHouseType element = type.Arguments[0];
        string name = type.ToString();
        int count = reader.ReadQBitLength(type.Dimension, name, element.ByteSize);
        switch (element.Kind)
        {
            case ClickHouseTypeKind.Int8:
                {
                    var values = new sbyte[count];
                    RowBinaryGeneratedSupport.ReadLittleEndian(ref reader, values.AsSpan(), name);
                    return values;
                }
            case ClickHouseTypeKind.Float32:
                {
                    var values = new float[count];
                    RowBinaryGeneratedSupport.ReadLittleEndian(ref reader, values.AsSpan(), name);
                    return values;
                }
            case ClickHouseTypeKind.Float64:
                {
                    var values = new double[count];
                    RowBinaryGeneratedSupport.ReadLittleEndian(ref reader, values.AsSpan(), name);
                    return values;
                }
            default:
                {
                    var values = new float[count];
                    for (int i = 0; i < values.Length; i++)
                    {
                        values[i] = reader.ReadBFloat16();
                    }
                    return values;
                }
        }
    }

    /// <summary>The fewest bytes one value of the type takes, to check counts against the data before allocating.</summary>
    internal static int MinimumSize(ClickHouseType type)
    {
        int size = type.ByteSize;
        if (size >= 0)
        {
            return size;
        }
        return type.Kind switch
        {
            ClickHouseTypeKind.LowCardinality or ClickHouseTypeKind.SimpleAggregateFunction => MinimumSize(type.Arguments[0]),
            ClickHouseTypeKind.Tuple => TupleMinimumSize(type),
            _ => 1,
        };
    }

    private static int TupleMinimumSize(ClickHouseType type)
    {
        long sum = 0;
        foreach (ClickHouseType element in type.Arguments)
        {
            sum += MinimumSize(element);
        }
        return (int)Math.Min(sum, int.MaxValue);
    }
}
