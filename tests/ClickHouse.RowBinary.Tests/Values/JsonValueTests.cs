using System.Buffers;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary.Tests.Values;

/// <summary>JSON column values: writing JSON text, nodes and documents; reading them back as ClickHouse prints them.</summary>
public class JsonValueTests
{
    private const string VectorText = "{\"a\": {\"b\": \"x\", \"c\": [1, 2]}, \"d\": 2.5, \"e\": null, \"f\": true}";
    private const string VectorHex = "0401662d0101640e000000000000044003612e631e230a0200010000000000000000020000000000000003612e62150178";

    private static byte[] Written(string json, string type = "JSON")
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        writer.WriteJson(json, ClickHouseType.Parse(type));
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    [Fact]
    public void Text_a_node_and_a_document_write_the_vector_bytes()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        writer.WriteJson(VectorText);
        writer.WriteJson(JsonNode.Parse(VectorText)!);
        using (JsonDocument document = JsonDocument.Parse(VectorText))
        {
            writer.WriteJson(document);
            writer.WriteJson(document.RootElement);
        }
        writer.Flush();
        Assert.Equal(string.Concat(Enumerable.Repeat(VectorHex, 4)), Convert.ToHexString(buffer.WrittenSpan).ToLowerInvariant());
    }

    [Fact]
    public void Reading_gives_the_text_ClickHouse_prints_as_a_string_a_node_or_a_document()
    {
        byte[] bytes = Convert.FromHexString(VectorHex + VectorHex + VectorHex);
        var reader = new RowBinaryReader(bytes);
        Assert.Equal("{\"a\":{\"b\":\"x\",\"c\":[1,2]},\"d\":2.5,\"f\":true}", reader.ReadJson());
        JsonNode node = reader.ReadJsonNode();
        Assert.Equal(2, node["a"]!["c"]!.AsArray().Count);
        using JsonDocument document = reader.ReadJsonDocument();
        Assert.True(document.RootElement.GetProperty("f").GetBoolean());
        Assert.True(reader.IsEnd);
    }

    [Fact]
    public void Typed_paths_are_written_in_their_type_without_a_type_header_and_default_when_missing()
    {
        // Bytes ClickHouse wrote for '{"b":1}'::JSON(c String, a UInt32): a = 0 and c = '' though absent.
        Assert.Equal("0301630001610000000001620a0100000000000000", Convert.ToHexString(Written("{\"b\":1}", "JSON(c String, a UInt32)")).ToLowerInvariant());
        var reader = new RowBinaryReader(Convert.FromHexString("0301630001610000000001620a0100000000000000"));
        Assert.Equal("{\"a\":0,\"b\":1,\"c\":\"\"}", reader.ReadJson(ClickHouseType.Parse("JSON(c String, a UInt32)")));
    }

    [Fact]
    public void Skipped_paths_are_left_out()
    {
        var reader = new RowBinaryReader(Written("{\"a\":{\"b\":1,\"c\":2},\"xy\":1,\"y\":2}", "JSON(SKIP a.b, SKIP REGEXP '^x')"));
        Assert.Equal("{\"a\":{\"c\":2},\"y\":2}", reader.ReadJson());
    }

    [Fact]
    public void A_SKIP_REGEXP_that_cannot_be_matched_in_linear_time_is_refused_when_a_value_is_written()
    {
        ClickHouseType type = ClickHouseType.Parse(@"JSON(SKIP REGEXP '(a)\\1')");

        var error = Assert.Throws<RowBinaryException>(() => Written("{\"aa\":1}", type.ToString()));

        Assert.Contains("cannot be matched in linear time", error.Message);
    }

    [Fact]
    public void Reading_a_type_with_a_SKIP_REGEXP_costs_a_few_KB_not_the_linear_time_matcher()
    {
        // The NonBacktracking matcher of a pattern with \b costs 0.7 to 1.2 MB to build; a type read from the wire
        // (a Dynamic value's type) must not build it. Each pattern is new, so nothing is cached.
        _ = ClickHouseType.Parse($@"JSON(SKIP REGEXP 'warm{Guid.NewGuid():N}\\b')");
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10; i++)
        {
            _ = ClickHouseType.Parse($@"JSON(SKIP REGEXP 'x{Guid.NewGuid():N}\\b')");
        }
        long perType = (GC.GetAllocatedBytesForCurrentThread() - before) / 10;

        Assert.True(perType < 64 * 1024, $"{perType:N0} bytes allocated per type");
    }

    [Fact]
    public void Numbers_print_in_ClickHouses_notation()
    {
        var reader = new RowBinaryReader(Written("{\"a\":1e21,\"b\":1e20,\"c\":1.5e-7,\"d\":0.000001,\"e\":-0.0,\"f\":18446744073709551615,\"g\":0.1}"));
        Assert.Equal("{\"a\":1e21,\"b\":100000000000000000000,\"c\":1.5e-7,\"d\":0.000001,\"e\":-0,\"f\":18446744073709551615,\"g\":0.1}", reader.ReadJson());
    }

    [Fact]
    public void Strings_print_escaped_as_ClickHouse_escapes_them()
    {
        var reader = new RowBinaryReader(Written("{\"s\":\"a/b\\\"c\\\\d\\u0001\\u001f\\t\\u2028é👋\"}"));
        Assert.Equal("{\"s\":\"a\\/b\\\"c\\\\d\\u0001\\u001F\\t\\u2028é👋\"}", reader.ReadJson());
    }

    [Fact]
    public void Strings_stay_strings_where_ClickHouse_would_infer_a_date()
    {
        // ClickHouse's JSON parser would store "2024-01-01" as Date, reading date-times in the server's time zone;
        // this writer keeps the exact text as String, which ClickHouse stores and prints unchanged.
        Assert.Equal("010164150a323032342d30312d3031", Convert.ToHexString(Written("{\"d\":\"2024-01-01\"}")).ToLowerInvariant());
    }

    [Fact]
    public void Arrays_take_the_types_ClickHouse_infers()
    {
        // [1, true] joins as Int64, ["a", true] as String, [1, "a"] stays mixed (Dynamic).
        var reader = new RowBinaryReader(Written("{\"n\":[1,true],\"s\":[\"a\",true],\"m\":[1,\"a\"],\"o\":[{\"a\":1},null]}"));
        Assert.Equal("{\"m\":[1,\"a\"],\"n\":[1,1],\"o\":[{\"a\":1},null],\"s\":[\"a\",\"true\"]}", reader.ReadJson());
    }

    [Fact]
    public void Paths_go_in_the_order_ClickHouse_writes_them()
    {
        // The order ClickHouse 26.9 wrote for {"k0":0,...,"k39":39} (libc++ unordered_map iteration order).
        int[] clickHouseOrder = [39, 38, 36, 34, 32, 30, 29, 27, 25, 24, 23, 0, 21, 33, 19, 37, 20, 17, 35, 14, 12, 26, 16, 8, 22, 18, 6, 10, 4, 9, 7, 31, 15, 28, 5, 1, 11, 3, 13, 2];
        string json = "{" + string.Join(",", Enumerable.Range(0, 40).Select(i => $"\"k{i}\":{i}")) + "}";
        var reader = new RowBinaryReader(Written(json));
        Assert.Equal(40, reader.ReadLength("paths"));
        var order = new List<int>();
        for (int i = 0; i < 40; i++)
        {
            order.Add(int.Parse(reader.ReadString().AsSpan(1), provider: null));
            reader.ReadDynamic();
        }
        Assert.Equal(clickHouseOrder, order);
    }

    [Fact]
    public void A_value_inside_Dynamic_arrays_and_maps_writes_and_reads_back()
    {
        ClickHouseType type = ClickHouseType.Parse("Map(String, JSON)");
        var value = new List<KeyValuePair<object, object?>> { new("k", "{\"x\":{\"y\":[1,2]}}") };
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        ClickHouseValueCodec.Write(ref writer, type, value);
        writer.Flush();
        var reader = new RowBinaryReader(buffer.WrittenSpan);
        var read = (List<KeyValuePair<object, object?>>)ClickHouseValueCodec.Read(ref reader, type)!;
        Assert.Equal("{\"x\":{\"y\":[1,2]}}", read[0].Value);
    }
}
