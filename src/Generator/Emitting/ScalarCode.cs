using System.Globalization;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

/// <summary>
/// The C# of every scalar encoding, in one place: the writer call, the reader call, and, for encodings of a fixed
/// width, the store into and the load from a span at a known offset.
/// </summary>
internal static class ScalarCode
{
    public const string BinaryPrimitives = "global::System.Buffers.Binary.BinaryPrimitives";
    public const string RowBinaryPrimitives = "global::ClickHouse.RowBinary.RowBinaryPrimitives";

    /// <summary>
    /// The statement (without its semicolon) that writes <paramref name="value"/>; a typed JSON column names its parsed
    /// type in <paramref name="supportClass"/>.
    /// </summary>
    public static string Write(ScalarValueSpec scalar, string value, string supportClass)
    {
        switch (scalar.Encoding)
        {
            case ScalarEncoding.String:
                return $"writer.WriteString({Bytes(scalar, value)})";
            case ScalarEncoding.FixedString:
                return $"writer.WriteFixedString({Bytes(scalar, value)}, {Emitter.Number(scalar.Length)})";
            case ScalarEncoding.DateTime64:
                return $"writer.WriteDateTime64({value}, {Emitter.Number(scalar.Precision)})";
            case ScalarEncoding.Time64:
                return $"writer.WriteTime64({value}, {Emitter.Number(scalar.Precision)})";
            case ScalarEncoding.Decimal:
                return $"writer.WriteDecimal({value}, {Emitter.Number(scalar.Precision)}, {Emitter.Number(scalar.Scale)})";
            case ScalarEncoding.Json:
                return scalar.JsonType is null ? $"writer.WriteJson({value})" : $"writer.WriteJson({value}, {JsonTypeField(supportClass, scalar.JsonType)})";
            case ScalarEncoding.Interval when scalar.IntervalUnit == IntervalUnit.Nanosecond:
                return $"writer.WriteInt64({Emitter.RuntimeSupport}.IntervalNanosecondsFromTimeSpan({value}))";
            case ScalarEncoding.Interval:
                return $"writer.WriteInt64({Emitter.RuntimeSupport}.IntervalFromTimeSpan({value}, {Emitter.Number(TicksPerUnit(scalar.IntervalUnit))}, {IntervalTypeLiteral(scalar.IntervalUnit)}))";
            default:
                return scalar.Holder == ScalarHolder.CSharpEnum
                    ? $"writer.Write{scalar.Encoding}(({IntegerKeyword(scalar.Encoding)}){value})"
                    : $"writer.Write{scalar.Encoding}({value})";
        }
    }

    /// <summary>The expression that reads the value; a typed JSON column names its parsed type in <paramref name="supportClass"/>.</summary>
    public static string Read(ScalarValueSpec scalar, string supportClass)
    {
        switch (scalar.Encoding)
        {
            case ScalarEncoding.String:
                return scalar.Holder switch
                {
                    ScalarHolder.ByteArray => "reader.ReadStringBytes()",
                    ScalarHolder.ByteMemory => "new global::System.ReadOnlyMemory<byte>(reader.ReadStringBytes())",
                    _ => scalar.CacheStrings ? "reader.ReadCachedString()" : "reader.ReadString()",
                };
            case ScalarEncoding.FixedString:
                string length = Emitter.Number(scalar.Length);
                return scalar.Holder switch
                {
                    ScalarHolder.ByteArray => $"reader.ReadFixedStringBytes({length})",
                    ScalarHolder.ByteMemory => $"new global::System.ReadOnlyMemory<byte>(reader.ReadFixedStringBytes({length}))",
                    _ => $"reader.ReadFixedString({length})",
                };
            case ScalarEncoding.Date:
            case ScalarEncoding.Date32:
                return scalar.Holder == ScalarHolder.DateTime
                    ? $"reader.Read{scalar.Encoding}().ToDateTime(global::System.TimeOnly.MinValue)"
                    : $"reader.Read{scalar.Encoding}()";
            case ScalarEncoding.DateTime:
                return AsHolder(scalar, "reader.ReadDateTime()");
            case ScalarEncoding.DateTime64:
                return AsHolder(scalar, $"reader.ReadDateTime64({Emitter.Number(scalar.Precision)})");
            case ScalarEncoding.Time64:
                return $"reader.ReadTime64({Emitter.Number(scalar.Precision)})";
            case ScalarEncoding.Decimal:
                string method = scalar.Holder == ScalarHolder.ClickHouseDecimal ? "ReadClickHouseDecimal" : "ReadDecimal";
                return $"reader.{method}({Emitter.Number(scalar.Precision)}, {Emitter.Number(scalar.Scale)})";
            case ScalarEncoding.IPv4 when scalar.Holder == ScalarHolder.UInt32:
                return "reader.ReadUInt32()";
            case ScalarEncoding.Json:
                string jsonMethod = scalar.Holder switch
                {
                    ScalarHolder.JsonNode => "ReadJsonNode",
                    ScalarHolder.JsonDocument => "ReadJsonDocument",
                    _ => "ReadJson",
                };
                return $"reader.{jsonMethod}({(scalar.JsonType is null ? "" : JsonTypeField(supportClass, scalar.JsonType))})";
            case ScalarEncoding.Interval when scalar.IntervalUnit == IntervalUnit.Nanosecond:
                return $"{Emitter.RuntimeSupport}.IntervalNanosecondsToTimeSpan(reader.ReadInt64(), reader.Offset - 8)";
            case ScalarEncoding.Interval:
                return $"{Emitter.RuntimeSupport}.IntervalToTimeSpan(reader.ReadInt64(), {Emitter.Number(TicksPerUnit(scalar.IntervalUnit))}, {IntervalTypeLiteral(scalar.IntervalUnit)}, reader.Offset - 8)";
            default:
                return scalar.Holder == ScalarHolder.CSharpEnum
                    ? $"({scalar.TypeName})reader.Read{scalar.Encoding}()"
                    : $"reader.Read{scalar.Encoding}()";
        }
    }

    /// <summary>How the value is stored at an offset of a span, or null when its encoding has no fixed width.</summary>
    public static FixedWidthCode? FixedWidth(ScalarValueSpec scalar)
    {
        bool isEnum = scalar.Holder == ScalarHolder.CSharpEnum;
        switch (scalar.Encoding)
        {
            case ScalarEncoding.UInt8:
                return new FixedWidthCode(scalar, 1, null,
                    (span, at, _, value) => $"{span}[{at}] = {(isEnum ? "(byte)" : "")}{value}",
                    (span, at, _, _) => $"{(isEnum ? $"({scalar.TypeName})" : "")}{span}[{at}]");
            case ScalarEncoding.Int8:
                return new FixedWidthCode(scalar, 1, null,
                    (span, at, _, value) => $"{span}[{at}] = (byte){(isEnum ? "(sbyte)" : "")}{value}",
                    (span, at, _, _) => $"{(isEnum ? $"({scalar.TypeName})" : "")}(sbyte){span}[{at}]");
            case ScalarEncoding.Int16:
            case ScalarEncoding.Int32:
            case ScalarEncoding.Int64:
            case ScalarEncoding.UInt16:
            case ScalarEncoding.UInt32:
            case ScalarEncoding.UInt64:
                string cast = isEnum ? $"({IntegerKeyword(scalar.Encoding)})" : "";
                string result = isEnum ? $"({scalar.TypeName})" : "";
                return new FixedWidthCode(scalar, scalar.MinimumByteSize, null,
                    (_, _, slice, value) => $"{BinaryPrimitives}.Write{scalar.Encoding}LittleEndian({slice}, {cast}{value})",
                    (_, _, slice, _) => $"{result}{BinaryPrimitives}.Read{scalar.Encoding}LittleEndian({slice})",
                    new ElementLoad(IntegerKeyword(scalar.Encoding), element => result + element),
                    new StoredElement(IntegerKeyword(scalar.Encoding), value => cast + value));
            case ScalarEncoding.Int128:
            case ScalarEncoding.UInt128:
                return Primitive(scalar, scalar.Encoding.ToString(), 16, $"global::System.{scalar.Encoding}");
            case ScalarEncoding.Float32:
                return Primitive(scalar, "Single", 4, "float");
            case ScalarEncoding.Float64:
                return Primitive(scalar, "Double", 8, "double");
            case ScalarEncoding.IPv4 when scalar.Holder == ScalarHolder.UInt32:
                return Primitive(scalar, "UInt32", 4, "uint");
            case ScalarEncoding.Bool:
                return new FixedWidthCode(scalar, 1, null,
                    (span, at, _, value) => $"{span}[{at}] = {value} ? (byte)1 : (byte)0",
                    (span, at, _, position) => $"{RowBinaryPrimitives}.ReadBool({span}[{at}], {position})");
            case ScalarEncoding.Uuid:
                return new FixedWidthCode(scalar, 16, null,
                    (_, _, slice, value) => $"{RowBinaryPrimitives}.WriteUuid({slice}, {value})",
                    (_, _, slice, _) => $"{RowBinaryPrimitives}.ReadUuid({slice})");
            case ScalarEncoding.Date:
                return Converted(scalar, 2, new Conversion($"{RowBinaryPrimitives}.ToDateDays", "ushort", ScalarEncoding.UInt16),
                    (_, _, slice, _) => scalar.Holder == ScalarHolder.DateTime
                        ? $"{RowBinaryPrimitives}.ReadDate({slice}).ToDateTime(global::System.TimeOnly.MinValue)"
                        : $"{RowBinaryPrimitives}.ReadDate({slice})",
                    new ElementLoad("ushort", element => scalar.Holder == ScalarHolder.DateTime
                        ? $"{RowBinaryPrimitives}.FromDateDays({element}).ToDateTime(global::System.TimeOnly.MinValue)"
                        : $"{RowBinaryPrimitives}.FromDateDays({element})"));
            case ScalarEncoding.Date32:
                // Reading a Date32 checks the range, which the reader does with the offset at hand.
                return Converted(scalar, 4, new Conversion($"{RowBinaryPrimitives}.ToDate32Days", "int", ScalarEncoding.Int32), load: null);
            case ScalarEncoding.DateTime:
                return Converted(scalar, 4, new Conversion($"{RowBinaryPrimitives}.ToDateTimeSeconds", "uint", ScalarEncoding.UInt32),
                    (_, _, slice, _) => AsHolder(scalar, $"{RowBinaryPrimitives}.ReadDateTime({slice})"),
                    new ElementLoad("uint", element => AsHolder(scalar, $"{RowBinaryPrimitives}.FromDateTimeSeconds({element})")));
            case ScalarEncoding.DateTime64:
                // Reading checks the range, so it stays with the reader.
                return Converted(scalar, 8, new Conversion($"{RowBinaryPrimitives}.ToDateTime64Ticks", "long", ScalarEncoding.Int64, Emitter.Number(scalar.Precision)), load: null);
            default:
                return null;
        }
    }

    /// <summary>The support class field that holds a parsed JSON type, named after a hash of its text so that no numbering is needed.</summary>
    public static string JsonTypeFieldName(string jsonType)
    {
        uint hash = 2166136261;
        foreach (char c in jsonType)
        {
            hash = unchecked((hash ^ c) * 16777619);
        }
        return "JsonType" + hash.ToString("X8", CultureInfo.InvariantCulture);
    }

    /// <summary>The C# keyword of an integer encoding's type: <c>sbyte</c> for Int8.</summary>
    public static string IntegerKeyword(ScalarEncoding encoding) => encoding switch
    {
        ScalarEncoding.Int8 => "sbyte",
        ScalarEncoding.Int16 => "short",
        ScalarEncoding.Int32 => "int",
        ScalarEncoding.Int64 => "long",
        ScalarEncoding.UInt8 => "byte",
        ScalarEncoding.UInt16 => "ushort",
        ScalarEncoding.UInt32 => "uint",
        ScalarEncoding.UInt64 => "ulong",
        _ => throw new System.ArgumentOutOfRangeException(nameof(encoding), encoding, "Not an integer encoding."),
    };

    private static string JsonTypeField(string supportClass, string jsonType) => $"{supportClass}.{JsonTypeFieldName(jsonType)}";

    private static string Bytes(ScalarValueSpec scalar, string value) => scalar.Holder == ScalarHolder.ByteMemory ? value + ".Span" : value;

    private static string AsHolder(ScalarValueSpec scalar, string read)
        => scalar.Holder == ScalarHolder.DateTimeOffset ? $"new global::System.DateTimeOffset({read})" : read;

    private static long TicksPerUnit(IntervalUnit unit) => unit switch
    {
        IntervalUnit.Microsecond => 10L,
        IntervalUnit.Millisecond => 10_000L,
        IntervalUnit.Second => 10_000_000L,
        IntervalUnit.Minute => 600_000_000L,
        IntervalUnit.Hour => 36_000_000_000L,
        IntervalUnit.Day => 864_000_000_000L,
        IntervalUnit.Week => 6_048_000_000_000L,
        _ => throw new System.ArgumentOutOfRangeException(nameof(unit), unit, "Not a unit of a fixed length in ticks."),
    };

    private static string IntervalTypeLiteral(IntervalUnit unit) => Emitter.Literal("Interval" + unit);

    /// <summary>A value BinaryPrimitives writes and reads as it is: <paramref name="name"/> is its BinaryPrimitives name (Int64, Double).</summary>
    private static FixedWidthCode Primitive(ScalarValueSpec scalar, string name, int size, string elementType)
        => new(scalar, size, null,
            (_, _, slice, value) => $"{BinaryPrimitives}.Write{name}LittleEndian({slice}, {value})",
            (_, _, slice, _) => $"{BinaryPrimitives}.Read{name}LittleEndian({slice})",
            new ElementLoad(elementType, element => element),
            new StoredElement(elementType, value => value));

    /// <summary>A value stored as the integer a conversion that may throw (a date out of range) yields.</summary>
    private static FixedWidthCode Converted(ScalarValueSpec scalar, int size, Conversion conversion, FixedWidthCode.Load? load, ElementLoad? element = null)
        => new(scalar, size, conversion,
            (_, _, slice, value) => $"{BinaryPrimitives}.Write{conversion.StoredEncoding}LittleEndian({slice}, {value})",
            load, element, new StoredElement(conversion.ConvertedTypeName, value => value));
}
