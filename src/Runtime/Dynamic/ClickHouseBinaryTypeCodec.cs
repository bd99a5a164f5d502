using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// ClickHouse's binary encoding of data types: the type header before every <c>Dynamic</c> value and every
/// dynamic JSON path, and the header of RowBinaryWithNamesAndTypes under
/// <c>output_format_binary_encode_types_in_binary_format=1</c>. Encodes every type <see cref="ClickHouseType"/> can
/// express and decodes every type ClickHouse writes except AggregateFunction (whose states only the function itself
/// can read) and the ones no column value can have (Set, Function), which are an error naming the type code.
/// </summary>
internal static class ClickHouseBinaryTypeCodec
{
    private const int MaxCachedTypes = 4096;

    private static readonly BoundedCache<ClickHouseType, byte[]> s_encoded = new(MaxCachedTypes);
    private static readonly BoundedCache<string, ClickHouseType> s_decoded = new(MaxCachedTypes, StringComparer.Ordinal);

    /// <summary>Writes the binary encoding of <paramref name="type"/>.</summary>
    public static void Write(ref RowBinaryWriter writer, ClickHouseType type) => writer.WriteBytes(Encode(type));

    /// <summary>The binary encoding of <paramref name="type"/> (cached; do not modify the array).</summary>
    public static byte[] Encode(ClickHouseType type)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (s_encoded.TryGetValue(type, out byte[]? cached))
        {
            return cached;
        }
        var buffer = new ArrayBufferWriter<byte>(16);
        var writer = new RowBinaryWriter(buffer);
        WriteType(ref writer, type);
        writer.Flush();
        byte[] encoded = buffer.WrittenSpan.ToArray();
        s_encoded.TryAdd(type, encoded);
        return encoded;
    }

    /// <summary>Reads one binary-encoded type.</summary>
    /// <exception cref="RowBinaryException">The bytes are not a type encoding, or name a type no value can have.</exception>
    public static ClickHouseType Read(ref RowBinaryReader reader) => Read(ref reader, 0);

    /// <summary>Reads one binary-encoded type met <paramref name="depth"/> levels deep in a value: its own levels
    /// count on from there against <see cref="ClickHouseValueCodec.MaxReadDepth"/>.</summary>
    internal static ClickHouseType Read(ref RowBinaryReader reader, int depth)
    {
        long start = reader.Offset;
        var builder = new StringBuilder();
        ReadType(ref reader, builder, 0, Math.Min(ClickHouseTypeParser.MaxDepth, ClickHouseValueCodec.MaxReadDepth - depth));
        return ToType(builder.ToString(), start);
    }

    /// <summary>Decodes a binary-encoded type that fills <paramref name="encoded"/> exactly.</summary>
    public static ClickHouseType Decode(ReadOnlySpan<byte> encoded)
    {
        var reader = new RowBinaryReader(encoded);
        ClickHouseType type = Read(ref reader);
        if (!reader.IsEnd)
        {
            ThrowHelper.ThrowInvalid(reader.Offset, "binary type encoding", $"{reader.Remaining} bytes follow the encoding of {type}.");
        }
        return type;
    }

    private static void WriteType(ref RowBinaryWriter writer, ClickHouseType type)
    {
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Nothing: writer.WriteUInt8(BinaryTypeIndex.Nothing); break;
            case ClickHouseTypeKind.UInt8: writer.WriteUInt8(BinaryTypeIndex.UInt8); break;
            case ClickHouseTypeKind.UInt16: writer.WriteUInt8(BinaryTypeIndex.UInt16); break;
            case ClickHouseTypeKind.UInt32: writer.WriteUInt8(BinaryTypeIndex.UInt32); break;
            case ClickHouseTypeKind.UInt64: writer.WriteUInt8(BinaryTypeIndex.UInt64); break;
            case ClickHouseTypeKind.UInt128: writer.WriteUInt8(BinaryTypeIndex.UInt128); break;
            case ClickHouseTypeKind.UInt256: writer.WriteUInt8(BinaryTypeIndex.UInt256); break;
            case ClickHouseTypeKind.Int8: writer.WriteUInt8(BinaryTypeIndex.Int8); break;
            case ClickHouseTypeKind.Int16: writer.WriteUInt8(BinaryTypeIndex.Int16); break;
            case ClickHouseTypeKind.Int32: writer.WriteUInt8(BinaryTypeIndex.Int32); break;
            case ClickHouseTypeKind.Int64: writer.WriteUInt8(BinaryTypeIndex.Int64); break;
            case ClickHouseTypeKind.Int128: writer.WriteUInt8(BinaryTypeIndex.Int128); break;
            case ClickHouseTypeKind.Int256: writer.WriteUInt8(BinaryTypeIndex.Int256); break;
            case ClickHouseTypeKind.Float32: writer.WriteUInt8(BinaryTypeIndex.Float32); break;
            case ClickHouseTypeKind.Float64: writer.WriteUInt8(BinaryTypeIndex.Float64); break;
            case ClickHouseTypeKind.BFloat16: writer.WriteUInt8(BinaryTypeIndex.BFloat16); break;
            case ClickHouseTypeKind.Bool: writer.WriteUInt8(BinaryTypeIndex.Bool); break;
            case ClickHouseTypeKind.String: writer.WriteUInt8(BinaryTypeIndex.String); break;
            case ClickHouseTypeKind.Date: writer.WriteUInt8(BinaryTypeIndex.Date); break;
            case ClickHouseTypeKind.Date32: writer.WriteUInt8(BinaryTypeIndex.Date32); break;
            case ClickHouseTypeKind.UUID: writer.WriteUInt8(BinaryTypeIndex.UUID); break;
            case ClickHouseTypeKind.IPv4: writer.WriteUInt8(BinaryTypeIndex.IPv4); break;
            case ClickHouseTypeKind.IPv6: writer.WriteUInt8(BinaryTypeIndex.IPv6); break;
            case ClickHouseTypeKind.Time: writer.WriteUInt8(BinaryTypeIndex.Time); break;
            case ClickHouseTypeKind.Time64:
                writer.WriteUInt8(BinaryTypeIndex.Time64);
                writer.WriteUInt8((byte)type.Precision);
                break;
            case ClickHouseTypeKind.FixedString:
                writer.WriteUInt8(BinaryTypeIndex.FixedString);
                writer.WriteVarUInt((ulong)type.Length);
                break;
            case ClickHouseTypeKind.DateTime:
                if (type.TimeZone is null)
                {
                    writer.WriteUInt8(BinaryTypeIndex.DateTime);
                }
                else
                {
                    writer.WriteUInt8(BinaryTypeIndex.DateTimeWithTimeZone);
                    writer.WriteString(type.TimeZone);
                }
                break;
            case ClickHouseTypeKind.DateTime64:
                writer.WriteUInt8(type.TimeZone is null ? BinaryTypeIndex.DateTime64 : BinaryTypeIndex.DateTime64WithTimeZone);
                writer.WriteUInt8((byte)type.Precision);
                if (type.TimeZone is not null)
                {
                    writer.WriteString(type.TimeZone);
                }
                break;
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                writer.WriteUInt8(type.Kind == ClickHouseTypeKind.Enum8 ? BinaryTypeIndex.Enum8 : BinaryTypeIndex.Enum16);
                writer.WriteVarUInt((ulong)type.EnumMembers.Count);
                foreach (KeyValuePair<string, short> member in type.EnumMembers)
                {
                    writer.WriteString(member.Key);
                    if (type.Kind == ClickHouseTypeKind.Enum8)
                    {
                        writer.WriteInt8((sbyte)member.Value);
                    }
                    else
                    {
                        writer.WriteInt16(member.Value);
                    }
                }
                break;
            case ClickHouseTypeKind.Decimal:
                writer.WriteUInt8(ClickHouseType.DecimalByteSize(type.Precision) switch
                {
                    4 => BinaryTypeIndex.Decimal32,
                    8 => BinaryTypeIndex.Decimal64,
                    16 => BinaryTypeIndex.Decimal128,
                    _ => BinaryTypeIndex.Decimal256,
                });
                writer.WriteUInt8((byte)type.Precision);
                writer.WriteUInt8((byte)type.Scale);
                break;
            case ClickHouseTypeKind.Array:
                writer.WriteUInt8(BinaryTypeIndex.Array);
                WriteType(ref writer, type.Arguments[0]);
                break;
            case ClickHouseTypeKind.Nullable:
                writer.WriteUInt8(BinaryTypeIndex.Nullable);
                WriteType(ref writer, type.Arguments[0]);
                break;
            case ClickHouseTypeKind.LowCardinality:
                writer.WriteUInt8(BinaryTypeIndex.LowCardinality);
                WriteType(ref writer, type.Arguments[0]);
                break;
            case ClickHouseTypeKind.Map:
                writer.WriteUInt8(BinaryTypeIndex.Map);
                WriteType(ref writer, type.Arguments[0]);
                WriteType(ref writer, type.Arguments[1]);
                break;
            case ClickHouseTypeKind.Tuple:
                writer.WriteUInt8(type.HasElementNames ? BinaryTypeIndex.NamedTuple : BinaryTypeIndex.UnnamedTuple);
                WriteElements(ref writer, type);
                break;
            case ClickHouseTypeKind.Nested:
                writer.WriteUInt8(BinaryTypeIndex.Nested);
                WriteElements(ref writer, type);
                break;
            case ClickHouseTypeKind.Variant:
                writer.WriteUInt8(BinaryTypeIndex.Variant);
                writer.WriteVarUInt((ulong)type.Arguments.Count);
                foreach (ClickHouseType member in type.Arguments)
                {
                    WriteType(ref writer, member);
                }
                break;
            case ClickHouseTypeKind.Dynamic:
                writer.WriteUInt8(BinaryTypeIndex.Dynamic);
                writer.WriteUInt8((byte)(type.MaxTypes ?? BinaryTypeIndex.DefaultDynamicMaxTypes));
                break;
            case ClickHouseTypeKind.Json:
                WriteJsonType(ref writer, type);
                break;
            case ClickHouseTypeKind.Point:
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiLineString:
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiPolygon:
            case ClickHouseTypeKind.MultiPoint:
            case ClickHouseTypeKind.Geometry:
                writer.WriteUInt8(BinaryTypeIndex.Custom);
                writer.WriteString(ClickHouseType.KindName(type.Kind));
                break;
            case ClickHouseTypeKind.QBit:
                writer.WriteUInt8(type.Stride is null ? BinaryTypeIndex.QBit : BinaryTypeIndex.QBitWithStride);
                WriteType(ref writer, type.Arguments[0]);
                writer.WriteVarUInt((ulong)type.Dimension);
                if (type.Stride is int stride)
                {
                    writer.WriteVarUInt((ulong)stride);
                }
                break;
            case ClickHouseTypeKind.Interval:
                writer.WriteUInt8(BinaryTypeIndex.Interval);
                writer.WriteUInt8((byte)Array.IndexOf(BinaryTypeIndex.IntervalUnits, type.IntervalUnit));
                break;
            case ClickHouseTypeKind.SimpleAggregateFunction:
                writer.WriteUInt8(BinaryTypeIndex.SimpleAggregateFunction);
                AggregateFunctionParameters.Write(ref writer, type.AggregateFunction ?? string.Empty);
                writer.WriteVarUInt(1);
                WriteType(ref writer, type.Arguments[0]);
                break;
            default:
                throw new RowBinaryException($"The type {type} has no binary type encoding.", clickHouseType: type.ToString());
        }
    }

    private static void WriteElements(ref RowBinaryWriter writer, ClickHouseType type)
    {
        writer.WriteVarUInt((ulong)type.Arguments.Count);
        for (int i = 0; i < type.Arguments.Count; i++)
        {
            if (type.HasElementNames)
            {
                writer.WriteString(type.ElementNames[i] ?? string.Empty);
            }
            WriteType(ref writer, type.Arguments[i]);
        }
    }

    private static void WriteJsonType(ref RowBinaryWriter writer, ClickHouseType type)
    {
        writer.WriteUInt8(BinaryTypeIndex.Json);
        writer.WriteUInt8(BinaryTypeIndex.JsonSerializationVersion);
        writer.WriteVarUInt((ulong)(type.MaxDynamicPaths ?? BinaryTypeIndex.DefaultJsonMaxDynamicPaths));
        writer.WriteUInt8((byte)(type.MaxDynamicTypes ?? BinaryTypeIndex.DefaultJsonMaxDynamicTypes));
        writer.WriteVarUInt((ulong)type.JsonTypedPaths.Count);
        foreach (KeyValuePair<string, ClickHouseType> typed in JsonColumnLayout.For(type).TypedPaths)
        {
            writer.WriteString(typed.Key);
            WriteType(ref writer, typed.Value);
        }
        writer.WriteVarUInt((ulong)type.JsonSkipPaths.Count);
        foreach (string path in type.JsonSkipPaths)
        {
            writer.WriteString(path);
        }
        writer.WriteVarUInt((ulong)type.JsonSkipRegexps.Count);
        foreach (string regexp in type.JsonSkipRegexps)
        {
            writer.WriteString(regexp);
        }
    }

    /// <summary>Reads one encoded type and appends its type string (parsed once at the end).</summary>
    private static void ReadType(ref RowBinaryReader reader, StringBuilder builder, int depth, int maxDepth)
    {
        long offset = reader.Offset;
        if (depth > maxDepth || !RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            ThrowHelper.ThrowInvalid(offset, "binary type encoding", maxDepth == ClickHouseTypeParser.MaxDepth
                ? $"types are nested more than {maxDepth} levels deep."
                : $"values and their types nest more than {ClickHouseValueCodec.MaxReadDepth} levels deep (or deeper than this thread's stack allows).");
        }
        byte code = reader.ReadUInt8();
        switch (code)
        {
            case BinaryTypeIndex.Nothing: builder.Append("Nothing"); break;
            case BinaryTypeIndex.UInt8: builder.Append("UInt8"); break;
            case BinaryTypeIndex.UInt16: builder.Append("UInt16"); break;
            case BinaryTypeIndex.UInt32: builder.Append("UInt32"); break;
            case BinaryTypeIndex.UInt64: builder.Append("UInt64"); break;
            case BinaryTypeIndex.UInt128: builder.Append("UInt128"); break;
            case BinaryTypeIndex.UInt256: builder.Append("UInt256"); break;
            case BinaryTypeIndex.Int8: builder.Append("Int8"); break;
            case BinaryTypeIndex.Int16: builder.Append("Int16"); break;
            case BinaryTypeIndex.Int32: builder.Append("Int32"); break;
            case BinaryTypeIndex.Int64: builder.Append("Int64"); break;
            case BinaryTypeIndex.Int128: builder.Append("Int128"); break;
            case BinaryTypeIndex.Int256: builder.Append("Int256"); break;
            case BinaryTypeIndex.Float32: builder.Append("Float32"); break;
            case BinaryTypeIndex.Float64: builder.Append("Float64"); break;
            case BinaryTypeIndex.BFloat16: builder.Append("BFloat16"); break;
            case BinaryTypeIndex.Bool: builder.Append("Bool"); break;
            case BinaryTypeIndex.String: builder.Append("String"); break;
            case BinaryTypeIndex.Date: builder.Append("Date"); break;
            case BinaryTypeIndex.Date32: builder.Append("Date32"); break;
            case BinaryTypeIndex.UUID: builder.Append("UUID"); break;
            case BinaryTypeIndex.IPv4: builder.Append("IPv4"); break;
            case BinaryTypeIndex.IPv6: builder.Append("IPv6"); break;
            case BinaryTypeIndex.Time: builder.Append("Time"); break;
            case BinaryTypeIndex.DateTime: builder.Append("DateTime"); break;
            case BinaryTypeIndex.DateTimeWithTimeZone:
                builder.Append("DateTime(");
                ClickHouseSyntax.AppendQuoted(builder, reader.ReadString(), '\'');
                builder.Append(')');
                break;
            case BinaryTypeIndex.DateTime64:
            case BinaryTypeIndex.DateTime64WithTimeZone:
                builder.Append("DateTime64(").Append(ReadPrecision(ref reader, 9, "DateTime64"));
                if (code == BinaryTypeIndex.DateTime64WithTimeZone)
                {
                    builder.Append(", ");
                    ClickHouseSyntax.AppendQuoted(builder, reader.ReadString(), '\'');
                }
                builder.Append(')');
                break;
            case BinaryTypeIndex.Time64:
                builder.Append("Time64(").Append(ReadPrecision(ref reader, 9, "Time64")).Append(')');
                break;
            case BinaryTypeIndex.FixedString:
                {
                    ulong length = reader.ReadVarUInt();
                    if (length == 0 || length > int.MaxValue)
                    {
                        ThrowHelper.ThrowInvalid(offset, "binary type encoding", $"FixedString length {length} is outside 1 to {int.MaxValue}.");
                    }
                    builder.Append("FixedString(").Append(length.ToString(CultureInfo.InvariantCulture)).Append(')');
                    break;
                }
            case BinaryTypeIndex.Enum8:
            case BinaryTypeIndex.Enum16:
                ReadEnum(ref reader, builder, code == BinaryTypeIndex.Enum8);
                break;
            case BinaryTypeIndex.Decimal32:
            case BinaryTypeIndex.Decimal64:
            case BinaryTypeIndex.Decimal128:
            case BinaryTypeIndex.Decimal256:
                {
                    int precision = ReadPrecision(ref reader, 76, "Decimal");
                    int scale = reader.ReadUInt8();
                    builder.Append("Decimal(").Append(precision.ToString(CultureInfo.InvariantCulture)).Append(", ")
                        .Append(scale.ToString(CultureInfo.InvariantCulture)).Append(')');
                    break;
                }
            case BinaryTypeIndex.Array:
                builder.Append("Array(");
                ReadType(ref reader, builder, depth + 1, maxDepth);
                builder.Append(')');
                break;
            case BinaryTypeIndex.Nullable:
                builder.Append("Nullable(");
                ReadType(ref reader, builder, depth + 1, maxDepth);
                builder.Append(')');
                break;
            case BinaryTypeIndex.LowCardinality:
                builder.Append("LowCardinality(");
                ReadType(ref reader, builder, depth + 1, maxDepth);
                builder.Append(')');
                break;
            case BinaryTypeIndex.Map:
                builder.Append("Map(");
                ReadType(ref reader, builder, depth + 1, maxDepth);
                builder.Append(", ");
                ReadType(ref reader, builder, depth + 1, maxDepth);
                builder.Append(')');
                break;
            case BinaryTypeIndex.UnnamedTuple:
                ReadElements(ref reader, builder, "Tuple", named: false, depth, maxDepth);
                break;
            case BinaryTypeIndex.NamedTuple:
                ReadElements(ref reader, builder, "Tuple", named: true, depth, maxDepth);
                break;
            case BinaryTypeIndex.Nested:
                ReadElements(ref reader, builder, "Nested", named: true, depth, maxDepth);
                break;
            case BinaryTypeIndex.Variant:
                ReadElements(ref reader, builder, "Variant", named: false, depth, maxDepth);
                break;
            case BinaryTypeIndex.Dynamic:
                {
                    int maxTypes = reader.ReadUInt8();
                    builder.Append("Dynamic");
                    if (maxTypes != BinaryTypeIndex.DefaultDynamicMaxTypes)
                    {
                        builder.Append("(max_types=").Append(maxTypes.ToString(CultureInfo.InvariantCulture)).Append(')');
                    }
                    break;
                }
            case BinaryTypeIndex.Json:
                ReadJsonType(ref reader, builder, depth, maxDepth);
                break;
            case BinaryTypeIndex.Custom:
                builder.Append(reader.ReadString());
                break;
            case BinaryTypeIndex.Interval:
                {
                    byte unit = reader.ReadUInt8();
                    if (unit >= BinaryTypeIndex.IntervalUnits.Length)
                    {
                        ThrowHelper.ThrowInvalid(offset + 1, "binary type encoding", $"interval kind 0x{unit:X2} is not one of the {BinaryTypeIndex.IntervalUnits.Length} known kinds (0x00 Nanosecond to 0x0A Year).");
                    }
                    builder.Append("Interval").Append(BinaryTypeIndex.IntervalUnits[unit]);
                    break;
                }
            case BinaryTypeIndex.SimpleAggregateFunction:
                {
                    builder.Append("SimpleAggregateFunction(");
                    AggregateFunctionParameters.Read(ref reader, builder);
                    int arguments = reader.ReadLength("SimpleAggregateFunction arguments");
                    for (int i = 0; i < arguments; i++)
                    {
                        builder.Append(", ");
                        ReadType(ref reader, builder, depth + 1, maxDepth);
                    }
                    builder.Append(')');
                    break;
                }
            case BinaryTypeIndex.QBit:
            case BinaryTypeIndex.QBitWithStride:
                builder.Append("QBit(");
                ReadType(ref reader, builder, depth + 1, maxDepth);
                builder.Append(", ").Append(reader.ReadVarUInt().ToString(CultureInfo.InvariantCulture));
                if (code == BinaryTypeIndex.QBitWithStride)
                {
                    builder.Append(", ").Append(reader.ReadVarUInt().ToString(CultureInfo.InvariantCulture));
                }
                builder.Append(')');
                break;
            case BinaryTypeIndex.AggregateFunction:
                ThrowHelper.ThrowInvalid(offset, "binary type encoding", "type code 0x25: " + ClickHouseTypeNames.AggregateFunctionStates + ".");
                break;
            case BinaryTypeIndex.Set:
            case BinaryTypeIndex.Function:
                ThrowHelper.ThrowInvalid(offset, "binary type encoding", $"type code 0x{code:X2} ({(code == BinaryTypeIndex.Set ? "Set" : "Function")}) is not supported.");
                break;
            default:
                ThrowHelper.ThrowInvalid(offset, "binary type encoding", $"0x{code:X2} is not a known type code (expected 0x00 to 0x37).");
                break;
        }
    }

    private static int ReadPrecision(ref RowBinaryReader reader, int max, string family)
    {
        long offset = reader.Offset;
        int precision = reader.ReadUInt8();
        if (precision > max)
        {
            ThrowHelper.ThrowInvalid(offset, "binary type encoding", $"{family} precision {precision} is outside 0 to {max}.");
        }
        return precision;
    }

    private static void ReadEnum(ref RowBinaryReader reader, StringBuilder builder, bool isEnum8)
    {
        builder.Append(isEnum8 ? "Enum8(" : "Enum16(");
        int count = reader.ReadLength(isEnum8 ? "Enum8 members" : "Enum16 members", minElementSize: 2);
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }
            ClickHouseSyntax.AppendQuoted(builder, reader.ReadString(), '\'');
            short value = isEnum8 ? reader.ReadInt8() : reader.ReadInt16();
            builder.Append(" = ").Append(value.ToString(CultureInfo.InvariantCulture));
        }
        builder.Append(')');
    }

    private static void ReadElements(ref RowBinaryReader reader, StringBuilder builder, string family, bool named, int depth, int maxDepth)
    {
        builder.Append(family).Append('(');
        int count = reader.ReadLength(family + " elements");
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }
            if (named)
            {
                ClickHouseSyntax.AppendIdentifier(builder, reader.ReadString());
                builder.Append(' ');
            }
            ReadType(ref reader, builder, depth + 1, maxDepth);
        }
        builder.Append(')');
    }

    private static void ReadJsonType(ref RowBinaryReader reader, StringBuilder builder, int depth, int maxDepth)
    {
        long offset = reader.Offset;
        byte version = reader.ReadUInt8();
        if (version != BinaryTypeIndex.JsonSerializationVersion)
        {
            ThrowHelper.ThrowInvalid(offset, "binary type encoding", $"JSON type serialization version {version} is not supported (expected {BinaryTypeIndex.JsonSerializationVersion}).");
        }
        ulong maxPaths = reader.ReadVarUInt();
        int maxTypes = reader.ReadUInt8();
        var parameters = new List<string>();
        if (maxTypes != BinaryTypeIndex.DefaultJsonMaxDynamicTypes)
        {
            parameters.Add("max_dynamic_types=" + maxTypes.ToString(CultureInfo.InvariantCulture));
        }
        if (maxPaths != BinaryTypeIndex.DefaultJsonMaxDynamicPaths)
        {
            parameters.Add("max_dynamic_paths=" + maxPaths.ToString(CultureInfo.InvariantCulture));
        }
        int typedPaths = reader.ReadLength("JSON typed paths", minElementSize: 2);
        for (int i = 0; i < typedPaths; i++)
        {
            var typed = new StringBuilder();
            ClickHouseSyntax.AppendQuoted(typed, reader.ReadString(), '`');
            typed.Append(' ');
            ReadType(ref reader, typed, depth + 1, maxDepth);
            parameters.Add(typed.ToString());
        }
        int skipPaths = reader.ReadLength("JSON skip paths");
        for (int i = 0; i < skipPaths; i++)
        {
            var skip = new StringBuilder("SKIP ");
            ClickHouseSyntax.AppendQuoted(skip, reader.ReadString(), '`');
            parameters.Add(skip.ToString());
        }
        int skipRegexps = reader.ReadLength("JSON skip regexps");
        for (int i = 0; i < skipRegexps; i++)
        {
            var skip = new StringBuilder("SKIP REGEXP ");
            ClickHouseSyntax.AppendQuoted(skip, reader.ReadString(), '\'');
            parameters.Add(skip.ToString());
        }
        builder.Append("JSON");
        if (parameters.Count > 0)
        {
            builder.Append('(').AppendJoin(", ", parameters).Append(')');
        }
    }

    private static ClickHouseType ToType(string text, long offset)
    {
        if (s_decoded.TryGetValue(text, out ClickHouseType? cached))
        {
            return cached;
        }
        ClickHouseType type;
        try
        {
            type = ClickHouseType.Parse(text);
        }
        catch (ClickHouseTypeParseException e)
        {
            throw new RowBinaryException($"Invalid binary type encoding at byte offset {offset}: it decodes to '{text}', which is not a valid type: {e.Detail}", offset, "binary type encoding", e);
        }
        s_decoded.TryAdd(text, type);
        return type;
    }
}
