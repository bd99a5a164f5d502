using System.Buffers;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.Tests.Oracle;

/// <summary>
/// ClickHouse's binary type encoding, as ClickHouse writes it in a RowBinaryWithNamesAndTypes header under
/// output_format_binary_encode_types_in_binary_format=1: every type decodes to the type asked for, and encodes to
/// exactly ClickHouse's bytes. The default value that follows each type in the row also decodes and re-encodes.
/// </summary>
public class BinaryTypeEncodingOracleTests(ITestOutputHelper output)
{
    private static readonly string[] Types =
    [
        "UInt8", "UInt16", "UInt32", "UInt64", "UInt128", "UInt256", "Int8", "Int16", "Int32", "Int64", "Int128", "Int256",
        "Float32", "Float64", "BFloat16", "Bool", "String", "FixedString(7)", "Date", "Date32",
        "DateTime", "DateTime('Asia/Tokyo')", "DateTime64(3)", "DateTime64(9, 'Europe/Amsterdam')",
        "Decimal(9, 2)", "Decimal(18, 4)", "Decimal(38, 10)", "Decimal(76, 20)", "UUID", "IPv4", "IPv6",
        "Enum8('a' = -128, 'b' = 0, 'it''s' = 127)", "Enum16('x' = -32768, 'y' = 1000)",
        "Nullable(UInt32)", "Nullable(Nothing)", "LowCardinality(String)", "LowCardinality(Nullable(String))",
        "Array(UInt8)", "Array(Array(Nullable(Int64)))", "Tuple(UInt8, String)", "Tuple(a Int32, `b c` Nullable(String), `select` Array(UInt8))",
        "Map(String, UInt64)", "Map(LowCardinality(String), Array(Nullable(Float64)))",
        "Variant(String, UInt64, Array(UInt8))", "Variant(Int32, Float64, Bool, Date)",
        "Dynamic", "Dynamic(max_types=10)", "JSON", "JSON(max_dynamic_paths=100, max_dynamic_types=8)",
        "JSON(a.b UInt32, c Array(String), SKIP d.e, SKIP REGEXP 'x.*')",
        "Point", "Ring", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "Time", "Time64(3)", "Time64(9)",
        "IntervalNanosecond", "IntervalMicrosecond", "IntervalMillisecond", "IntervalSecond", "IntervalMinute", "IntervalHour",
        "IntervalDay", "IntervalWeek", "IntervalMonth", "IntervalQuarter", "IntervalYear",
        "SimpleAggregateFunction(sum, UInt64)", "SimpleAggregateFunction(anyLast, Nullable(String))",
        "SimpleAggregateFunction(groupUniqArrayArray(10), Array(UInt8))",
        "QBit(Float32, 3)", "QBit(BFloat16, 16, 8)", "QBit(Float64, 1)", "QBit(Int8, 24, 8)", "Nullable(QBit(Float32, 2))",
        "MultiPoint", "Geometry", "Array(Geometry)", "Tuple(g Geometry, q QBit(Float64, 2))",
    ];

    [OracleFact]
    public void Every_type_encodes_and_decodes_as_ClickHouse_does()
    {
        string columns = string.Join(", ", Types.Select((t, i) => $"CAST(defaultValueOfTypeName({Sql(t)}), {Sql(t)}) AS c{i}"));
        byte[] bytes = OracleProcess.Query($"SELECT {columns} SETTINGS output_format_binary_encode_types_in_binary_format = 1", "RowBinaryWithNamesAndTypes");

        var failures = new List<string>();
        var reader = new RowBinaryReader(bytes);
        int count = reader.ReadLength("columns");
        Assert.Equal(Types.Length, count);
        for (int i = 0; i < count; i++)
        {
            reader.ReadString();
        }
        var decoded = new ClickHouseType[count];
        for (int i = 0; i < count; i++)
        {
            ClickHouseType expected = ClickHouseType.Parse(Types[i]);
            long start = reader.Offset;
            decoded[i] = ClickHouseBinaryTypeCodec.Read(ref reader);
            byte[] clickHouseBytes = bytes[(int)start..(int)reader.Offset];
            if (decoded[i] != expected)
            {
                failures.Add($"{Types[i]}: decoded as {decoded[i]}");
            }
            byte[] encoded = ClickHouseBinaryTypeCodec.Encode(expected);
            if (!encoded.AsSpan().SequenceEqual(clickHouseBytes))
            {
                failures.Add($"{Types[i]}: encoded as {Convert.ToHexString(encoded)}, ClickHouse wrote {Convert.ToHexString(clickHouseBytes)}");
            }
        }
        for (int i = 0; i < count; i++)
        {
            long start = reader.Offset;
            object? value = ClickHouseValueCodec.Read(ref reader, decoded[i]);
            var buffer = new ArrayBufferWriter<byte>();
            var writer = new RowBinaryWriter(buffer);
            ClickHouseValueCodec.Write(ref writer, decoded[i], value);
            writer.Flush();
            if (!buffer.WrittenSpan.SequenceEqual(bytes.AsSpan((int)start, (int)(reader.Offset - start))))
            {
                failures.Add($"{Types[i]}: the default value re-encodes as {Convert.ToHexString(buffer.WrittenSpan)}");
            }
        }
        Assert.True(reader.IsEnd, $"{reader.Remaining} bytes left after the row");
        output.WriteLine($"binary type encodings: {Types.Length - failures.Count}/{Types.Length} as ClickHouse writes them");
        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
    }

    internal static string Sql(string text) => "'" + text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("'", "\\'", StringComparison.Ordinal) + "'";
}
