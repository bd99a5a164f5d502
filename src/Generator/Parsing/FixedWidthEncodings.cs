using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>The <see cref="FixedWidthSpec"/> of each scalar whose RowBinary encoding has a fixed width.</summary>
internal static class FixedWidthEncodings
{
    private const string BinaryPrimitives = "global::System.Buffers.Binary.BinaryPrimitives";
    private const string RowBinaryPrimitives = "global::ClickHouse.RowBinary.RowBinaryPrimitives";

    public static readonly FixedWidthSpec Bool = new(
        1,
        ConvertFormat: null,
        ConvertedTypeName: null,
        ConvertedWriteFormat: null,
        StoreFormat: "{span}[{offset}] = {value} ? (byte)1 : (byte)0",
        LoadFormat: $"{RowBinaryPrimitives}.ReadBool({{span}}[{{offset}}], {{position}})");

    public static readonly FixedWidthSpec Uuid = new(
        16,
        ConvertFormat: null,
        ConvertedTypeName: null,
        ConvertedWriteFormat: null,
        StoreFormat: $"{RowBinaryPrimitives}.WriteUuid({{span}}.Slice({{offset}}), {{value}})",
        LoadFormat: $"{RowBinaryPrimitives}.ReadUuid({{span}}.Slice({{offset}}))");

    /// <summary>A value BinaryPrimitives writes and reads as it is: <paramref name="name"/> is its BinaryPrimitives name (Int64, Double).</summary>
    public static FixedWidthSpec Primitive(string name, int size) => new(
        size,
        ConvertFormat: null,
        ConvertedTypeName: null,
        ConvertedWriteFormat: null,
        StoreFormat: $"{BinaryPrimitives}.Write{name}LittleEndian({{span}}.Slice({{offset}}), {{value}})",
        LoadFormat: $"{BinaryPrimitives}.Read{name}LittleEndian({{span}}.Slice({{offset}}))");

    /// <summary>
    /// An integer column (<paramref name="method"/> is UInt8 .. Int64), held by its C# integer or, with
    /// <paramref name="cast"/>, by a C# enum of that underlying type.
    /// </summary>
    public static FixedWidthSpec Integer(string method, int size, string? cast, string? resultType)
    {
        string value = cast is null ? "{value}" : $"({cast}){{value}}";
        string result = resultType is null ? "" : $"({resultType})";
        switch (method)
        {
            case "UInt8":
                return Store($"{{span}}[{{offset}}] = {value}", $"{result}{{span}}[{{offset}}]");
            case "Int8":
                return Store($"{{span}}[{{offset}}] = (byte){value}", $"{result}(sbyte){{span}}[{{offset}}]");
            default:
                return Store(
                    $"{BinaryPrimitives}.Write{method}LittleEndian({{span}}.Slice({{offset}}), {value})",
                    $"{result}{BinaryPrimitives}.Read{method}LittleEndian({{span}}.Slice({{offset}}))");
        }

        FixedWidthSpec Store(string store, string load) => new(size, null, null, null, store, load);
    }

    /// <summary>Date (UInt16 days) or Date32 (Int32 days), from a DateOnly or the date part of a DateTime.</summary>
    public static FixedWidthSpec Date(string method, bool asDateTime)
    {
        if (method == "Date")
        {
            string load = $"{RowBinaryPrimitives}.ReadDate({{span}}.Slice({{offset}}))";
            return new FixedWidthSpec(
                2,
                ConvertFormat: $"{RowBinaryPrimitives}.ToDateDays({{value}})",
                ConvertedTypeName: "ushort",
                ConvertedWriteFormat: "writer.WriteUInt16({value})",
                StoreFormat: $"{BinaryPrimitives}.WriteUInt16LittleEndian({{span}}.Slice({{offset}}), {{value}})",
                LoadFormat: asDateTime ? load + ".ToDateTime(global::System.TimeOnly.MinValue)" : load);
        }
        // Reading a Date32 checks the range, which the reader does with the offset at hand.
        return new FixedWidthSpec(
            4,
            ConvertFormat: $"{RowBinaryPrimitives}.ToDate32Days({{value}})",
            ConvertedTypeName: "int",
            ConvertedWriteFormat: "writer.WriteInt32({value})",
            StoreFormat: $"{BinaryPrimitives}.WriteInt32LittleEndian({{span}}.Slice({{offset}}), {{value}})",
            LoadFormat: null);
    }

    /// <summary>DateTime (UInt32 seconds), from a DateTime or a DateTimeOffset.</summary>
    public static FixedWidthSpec DateTime(bool offset)
    {
        string load = $"{RowBinaryPrimitives}.ReadDateTime({{span}}.Slice({{offset}}))";
        return new FixedWidthSpec(
            4,
            ConvertFormat: $"{RowBinaryPrimitives}.ToDateTimeSeconds({{value}})",
            ConvertedTypeName: "uint",
            ConvertedWriteFormat: "writer.WriteUInt32({value})",
            StoreFormat: $"{BinaryPrimitives}.WriteUInt32LittleEndian({{span}}.Slice({{offset}}), {{value}})",
            LoadFormat: offset ? $"new global::System.DateTimeOffset({load})" : load);
    }

    /// <summary>DateTime64(p) written from a DateTime or DateTimeOffset; reading checks the range, so it stays with the reader.</summary>
    public static FixedWidthSpec DateTime64(string precision) => new(
        8,
        ConvertFormat: $"{RowBinaryPrimitives}.ToDateTime64Ticks({{value}}, {precision})",
        ConvertedTypeName: "long",
        ConvertedWriteFormat: "writer.WriteInt64({value})",
        StoreFormat: $"{BinaryPrimitives}.WriteInt64LittleEndian({{span}}.Slice({{offset}}), {{value}})",
        LoadFormat: null);
}
