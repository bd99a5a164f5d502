using System.Buffers;
using System.Text.Json;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.Tests.Oracle;

/// <summary>
/// JSON and Dynamic values byte for byte against ClickHouse: for each value ClickHouse writes (one column each, in
/// one query), the runtime reads it to the text ClickHouse's toString() prints, consumes exactly its bytes, and
/// writes the same JSON text (or the decoded Dynamic value) to exactly ClickHouse's bytes: path order, inferred
/// types, typed paths, skipped paths and the limit on dynamic paths included.
/// </summary>
public class JsonAndDynamicOracleTests(ITestOutputHelper output)
{
    private static readonly string LongKeys = "{\"abcd\":1,\"abcdefghi\":2,\"a_key_of_twenty_chars\":3,\"a_key_that_is_forty_characters_long_xxxx\":4,"
        + "\"a key longer than sixty four bytes, which takes CityHash's long loop!!\":5,\"Ключ\":6}";

    private static readonly (string Json, string Type)[] JsonValues =
    [
        ("{\"a\": {\"b\": \"x\", \"c\": [1, 2]}, \"d\": 2.5, \"e\": null, \"f\": true}", "JSON"),
        ("{\"b\":1,\"a\":2,\"c\":3}", "JSON"),
        ("{" + string.Join(",", Enumerable.Range(0, 40).Select(i => $"\"k{i}\":{i}")) + "}", "JSON"),
        (LongKeys, "JSON"),
        ("{\"a\":{\"b\":{\"c\":1}},\"a2\":{\"x\":[1,2]},\"a3\":{\"y\":{\"z\":{\"w\":\"deep\"}}}}", "JSON"),
        ("{\"i\":[1,2,3],\"f\":[1.5,2],\"b\":[true,false],\"s\":[\"a\",\"b\"],\"e\":[],\"n\":[null],\"nn\":[null,1]}", "JSON"),
        ("{\"mixed\":[1,\"a\"],\"aa\":[[1],[2,3]],\"ao\":[{\"a\":1},{\"b\":\"s\"}],\"bs\":[\"a\",true],\"bi\":[true,1.5]}", "JSON"),
        ("{\"u\":[18446744073709551615,1],\"neg\":[18446744073709551615,-1],\"ae\":[[],[1]],\"aan\":[[1],null],\"ad\":[[1],[\"a\"]]}", "JSON"),
        ("{\"big\":18446744073709551615,\"huge\":18446744073709551616,\"neg\":-9223372036854775809,\"f\":1e300,\"z\":-0,\"fz\":-0.0,\"small\":5e-324}", "JSON"),
        ("{\"s\":\"Привет 👋\",\"esc\":\"a\\\"b\\\\c/d\\n\\t\\u0001\",\"empty\":\"\",\"num\":\"123\",\"t\":\"true\"}", "JSON"),
        ("{\"a\":null,\"b\":{},\"c\":{\"d\":null},\"e\":1}", "JSON"),
        ("{\"x\":[{\"y\":[{\"a\":1}]},{\"y\":[{\"b\":2}]}]}", "JSON"),
        ("{\"x\":[{\"a\":1,\"b\":2},{\"b\":3,\"a\":4,\"c\":5}],\"y\":[{\"a\":1},null],\"z\":[{\"a\":1},1],\"w\":[[{\"q\":1}],[{\"r\":2}]]}", "JSON"),
        ("{\"a\":{\"b\":5,\"z\":1},\"c\":[\"x\"],\"q\":true}", "JSON(a.b UInt32, c Array(String), d Nullable(String))"),
        ("{\"q\":1}", "JSON(a.b UInt32, c Array(String), d Nullable(String))"),
        ("{\"p\":1,\"q\":2,\"r\":3,\"s\":4,\"a\":5}", "JSON(max_dynamic_paths=2)"),
        ("{\"x\":[{\"a\":1,\"b\":[{\"c\":2}]}],\"m\":[1,\"a\"]}", "JSON(max_dynamic_paths=100, max_dynamic_types=8)"),
        ("{\"a\":{\"b\":1,\"c\":2},\"xy\":1,\"y\":2}", "JSON(SKIP a.b, SKIP REGEXP '^x')"),
        ("{}", "JSON"),
        // A Geometry path takes the first geo type, in discriminator order, that holds the value, as ClickHouse picks it.
        ("{\"p\":[1,2],\"l\":[[1,2],[3,4]]}", "JSON(l Geometry, p Geometry)"),
        ("{\"m\":[[[1,2]]],\"x\":[[0,0],[1,1]]}", "JSON(m Geometry, x MultiPoint)"),
        ("{\"mp\":[[[[0,0],[1,0],[0,0]]]],\"n\":null}", "JSON(mp Geometry, n Geometry)"),
    ];

    private static readonly string[] DynamicValues =
    [
        "42::UInt64", "-5::Int8", "300::Int16", "-70000::Int32", "toInt128('-170141183460469231731687303715884105728')", "toUInt256(1)",
        "1.5::Float32", "nan::Float64", "-0.0::Float64", "1.5::BFloat16", "true", "'dyn'", "'abc'::FixedString(5)",
        "'2024-02-29'::Date", "'1900-01-01'::Date32", "'2024-02-29 12:34:56'::DateTime", "'2024-02-29 12:34:56'::DateTime('Asia/Tokyo')",
        "'2024-02-29 12:34:56.789'::DateTime64(3, 'UTC')", "'1969-12-31 23:59:59.999999999'::DateTime64(9, 'UTC')", "'2024-02-29 12:34:56.123456'::DateTime64(6)",
        "toDecimal32(-1.5, 2)", "toDecimal64(1.25, 2)", "toDecimal128('-12345678901234567890.123', 10)", "toDecimal256('1.5', 40)",
        "'61f0c404-5cb3-11e7-907b-a6006ad3dba0'::UUID", "'1.2.3.4'::IPv4", "'2001:db8::1'::IPv6",
        "'b'::Enum8('a' = -1, 'b' = 2)", "'y'::Enum16('x' = -1000, 'y' = 1000)",
        "[1, 2]::Array(Int64)", "[NULL, 'a']::Array(Nullable(String))", "[[1], []]::Array(Array(UInt8))",
        "(1, 'a')::Tuple(UInt8, String)", "(1, [2])::Tuple(a Int64, b Array(UInt8))", "map('a', 1::Int32)", "map(1, [NULL, 1.5])::Map(UInt8, Array(Nullable(Float64)))",
        "'x'::LowCardinality(String)", "42::Variant(String, UInt64)", "'{\"a\":1,\"b\":[1,2]}'::JSON", "'{\"a\":1}'::JSON(a UInt8)",
        "(1.5, -2)::Point", "[(0, 0), (1, 1)]::Ring", "[(0, 0), (2, 2)]::LineString", "[[(0, 0), (1, 1)], [(2, 2)]]::MultiLineString",
        "[[(0, 0), (10, 0), (10, 10), (0, 0)]]::Polygon", "[[[(0, 0), (1, 0), (1, 1), (0, 0)]]]::MultiPolygon",
        "'-01:00:00'::Time", "'12:34:56.789'::Time64(3)", "'-00:00:01.123456789'::Time64(9)",
        "toIntervalSecond(-5)", "toIntervalNanosecond(7)", "toIntervalYear(3)", "NULL",
        "[1, -2.5]::QBit(Float32, 2)", "[1.5]::QBit(BFloat16, 1)", "range(16)::QBit(Float64, 16, 8)", "[-128, 127]::QBit(Int8, 2)",
        "[(1, 2), (3, 4)]::MultiPoint", "(1, 2)::Point::Geometry", "[[(0, 0), (1, 1)]]::MultiLineString::Geometry",
    ];

    [OracleFact]
    public void JSON_values_read_and_write_exactly_as_ClickHouse_does()
    {
        string columns = string.Join(", ", JsonValues.Select((v, i) =>
            $"CAST({Sql(v.Json)}, {Sql(v.Type)}) AS j{i}, toString(CAST({Sql(v.Json)}, {Sql(v.Type)})) AS s{i}"));
        byte[] bytes = OracleProcess.Query($"SELECT {columns}", "RowBinary");

        var failures = new List<string>();
        var reader = new RowBinaryReader(bytes);
        for (int i = 0; i < JsonValues.Length; i++)
        {
            (string json, string typeText) = JsonValues[i];
            ClickHouseType type = ClickHouseType.Parse(typeText);
            long start = reader.Offset;
            string read = reader.ReadJson(type);
            byte[] clickHouseBytes = bytes[(int)start..(int)reader.Offset];
            string printed = reader.ReadString();
            if (read != printed)
            {
                failures.Add($"{typeText} {json}: read as {read}, ClickHouse prints {printed}");
            }
            byte[] written = WriteJson(json, type);
            if (!written.AsSpan().SequenceEqual(clickHouseBytes))
            {
                failures.Add($"{typeText} {json}: written as {Hex(written)}, ClickHouse wrote {Hex(clickHouseBytes)}");
            }
            // The canonical text lists paths in another order, so its bytes may differ; it must mean the same (as
            // numbers: ClickHouse prints the Float64 2.0 as 2 and -0.0 as -0, which read back as Int64).
            var again = new RowBinaryReader(WriteJson(read, type));
            string reread = again.ReadJson(type);
            using var rereadJson = JsonDocument.Parse(reread);
            using var printedJson = JsonDocument.Parse(printed);
            if (!Conformance.ClickHouseJsonMatch.JsonEquals(rereadJson.RootElement, printedJson.RootElement) || !again.IsEnd)
            {
                failures.Add($"{typeText} {json}: its canonical text {read} is written so that it reads back as {reread}");
            }
        }
        Assert.True(reader.IsEnd, $"{reader.Remaining} bytes left after the row");
        output.WriteLine($"JSON values: {JsonValues.Length - failures.Count}/{JsonValues.Length} byte-exact");
        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
    }

    [OracleFact]
    public void Dynamic_values_read_and_write_exactly_as_ClickHouse_does()
    {
        string columns = string.Join(", ", DynamicValues.Select((v, i) => $"CAST({v}, 'Dynamic') AS d{i}, toString(CAST({v}, 'Dynamic')) AS s{i}"));
        byte[] bytes = OracleProcess.Query($"SELECT {columns}", "RowBinary");

        var failures = new List<string>();
        var reader = new RowBinaryReader(bytes);
        for (int i = 0; i < DynamicValues.Length; i++)
        {
            long start = reader.Offset;
            ClickHouseDynamic value = reader.ReadDynamic();
            byte[] clickHouseBytes = bytes[(int)start..(int)reader.Offset];
            string printed = reader.ReadString();
            string text = ClickHouseText.Format(DynamicType, value);
            if (text != printed)
            {
                failures.Add($"{DynamicValues[i]}: read as {value.Type} {text}, ClickHouse prints {printed}");
            }
            var buffer = new ArrayBufferWriter<byte>();
            var writer = new RowBinaryWriter(buffer);
            writer.WriteDynamic(value);
            writer.Flush();
            if (!buffer.WrittenSpan.SequenceEqual(clickHouseBytes))
            {
                failures.Add($"{DynamicValues[i]}: written as {Hex(buffer.WrittenSpan)}, ClickHouse wrote {Hex(clickHouseBytes)}");
            }
        }
        Assert.True(reader.IsEnd, $"{reader.Remaining} bytes left after the row");
        output.WriteLine($"Dynamic values: {DynamicValues.Length - failures.Count}/{DynamicValues.Length} byte-exact");
        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
    }

    private static readonly ClickHouseType DynamicType = ClickHouseType.Parse("Dynamic");

    private static byte[] WriteJson(string json, ClickHouseType type)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        writer.WriteJson(json, type);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes).ToLowerInvariant();

    private static string Sql(string text) => BinaryTypeEncodingOracleTests.Sql(text);
}
