using System.Buffers;
using System.Text;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// JSON columns declared with typed paths, SKIP, SKIP REGEXP and parameters, as users declare them and as the server
/// prints them: held by a string member, proven byte for byte against ClickHouse 26.9 in RowBinary and
/// RowBinaryWithNamesAndTypes (the header is the server's own rendering of the type). Byte for byte needs the order
/// the server keeps paths in, which it prints no more: typed paths in a hash map filled in declaration order (the
/// type it prints lists them sorted), dynamic paths by its whole column. So these schemas declare typed paths sorted
/// and give each row at most one dynamic path; other orders are proven by the oracle reading back the same values.
/// </summary>
public class JsonTypedPathTests
{
    private static OracleSchema Schema(string type, params string[] documents)
        => new(type, $"SELECT CAST(s AS {type}) AS payload FROM (SELECT arrayJoin([{string.Join(", ", documents.Select(Sql.Quote))}]) AS s)");

    [OracleFact]
    public void Typed_paths_skips_and_parameters_round_trip_the_servers_bytes()
    {
        OracleSchema[] schemas =
        [
            Schema("JSON(max_dynamic_paths = 64, ts DateTime64(3), user.id UInt64, SKIP secret)",
                """{"user":{"id":5},"ts":"2024-01-01 00:00:00.123","secret":1}""", """{"x":[1,2]}""", "{}", """{"user":{"id":18446744073709551615,"name":"b"}}"""),
            Schema("JSON(a Array(Nullable(Int32)), b Tuple(x UInt8, y String), c LowCardinality(String), d DateTime64(6, 'Asia/Kolkata'), e Nullable(Float64))",
                """{"a":[1,null,3],"b":{"x":7,"y":"z"},"c":"lc","d":"2025-06-01 12:00:00.000001","e":null}""", """{"e":2.5,"f":"dyn"}"""),
            Schema("JSON(max_dynamic_types = 2, SKIP REGEXP 'tmp.*', k String)",
                """{"k":"v","tmp1":3}""", """{"k":"","n":{"m":[1,2]}}"""),
            Schema("JSON(max_dynamic_paths = 0, `a b`.c Map(String, UInt8))",
                """{"a b":{"c":{"x":1}},"d":1}"""),
        ];

        SchemaRoundTripReport report = OracleSchemaRoundTrip.Run(schemas);

        Assert.True(report.Failures.Count == 0 && report.Unsupported.Count == 0,
            string.Join(Environment.NewLine, report.Failures.Concat(report.Unsupported)));
        Assert.Equal(schemas.Length, report.Proven);
    }

    private const string Documents = """
        SELECT toUInt32(number) AS id, CAST(arrayElement([
            '{"user":{"id":5,"name":"a"},"ts":"2024-01-01 00:00:00.123","secret":1,"z":[1,2],"b":{"c":"x"}}',
            '{"y":true,"x":1.5,"a.b":"dotted","user":{"role":"r"}}',
            '{}'], number + 1) AS JSON(max_dynamic_paths = 64, max_dynamic_types = 8, user.id UInt64, ts DateTime64(3), SKIP secret)) AS payload
        FROM numbers(3)
        """;

    [OracleFact]
    public void Typed_paths_out_of_sorted_order_and_many_dynamic_paths_are_read_back_by_the_server_with_the_same_values()
    {
        byte[] serverBytes = OracleProcess.Query(Documents, "RowBinaryWithNamesAndTypes");
        string[] serverValues = Encoding.UTF8.GetString(OracleProcess.Query(Documents, "JSONEachRow")).Split('\n', StringSplitOptions.RemoveEmptyEntries);

        // The header is the server's rendering (parameters and typed paths in its own order), which the row type accepts.
        List<TypedJsonRow> rows = RowBinarySerializer.ReadList<TypedJsonRow>(serverBytes, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        var written = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(written, rows, RowBinaryFormat.RowBinary);

        // Our bytes may order the paths otherwise (see the class summary); the server reads the same values from them.
        string[] readBack = OracleProcess.Parse($"id UInt32, payload {TypedJsonRow.PayloadType}", "RowBinary", written.WrittenSpan.ToArray());
        Assert.Equal(serverValues, readBack);
        Assert.Equal(3, readBack.Length);
    }

    [OracleFact]
    public void A_JsonNode_member_reads_the_typed_paths_and_writes_what_the_server_reads_back()
    {
        byte[] serverBytes = OracleProcess.Query(Documents, "RowBinaryWithNamesAndTypes");

        List<TypedJsonNodeRow> rows = RowBinarySerializer.ReadList<TypedJsonNodeRow>(serverBytes, RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(5UL, rows[0].Payload["user"]!["id"]!.GetValue<ulong>());
        Assert.Null(rows[0].Payload["secret"]);
        var written = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(written, rows, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        string[] readBack = OracleProcess.Parse($"id UInt32, payload {TypedJsonRow.PayloadType}", "RowBinaryWithNamesAndTypes", written.WrittenSpan.ToArray());
        Assert.Equal(Encoding.UTF8.GetString(OracleProcess.Query(Documents, "JSONEachRow")).Split('\n', StringSplitOptions.RemoveEmptyEntries), readBack);
    }

    [OracleFact]
    public void A_different_set_of_typed_paths_in_the_header_is_a_mismatch_naming_the_column()
    {
        byte[] serverBytes = OracleProcess.Query(
            "SELECT toUInt32(1) AS id, CAST('{}' AS JSON(max_dynamic_paths = 64, max_dynamic_types = 8, user.id UInt32, ts DateTime64(3), SKIP secret)) AS payload",
            "RowBinaryWithNamesAndTypes");

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<TypedJsonRow>(serverBytes, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        RowBinaryColumnMismatch mismatch = Assert.Single(exception.Mismatches);
        Assert.Equal("payload", mismatch.Column);
        Assert.Contains("`user.id` UInt32", mismatch.ActualType, StringComparison.Ordinal);
    }

    [Fact]
    public void A_typed_path_value_that_does_not_fit_its_type_is_an_error_naming_column_path_and_row()
    {
        TypedJsonRow[] rows =
        [
            new() { Id = 1, Payload = """{"user":{"id":1}}""" },
            new() { Id = 2, Payload = """{"user":{"id":-1}}""" },
        ];

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), rows, RowBinaryFormat.RowBinary));

        Assert.Equal("payload", exception.Column);
        Assert.Equal(1, exception.Row);
        Assert.Contains("user.id", exception.Message, StringComparison.Ordinal);
    }
}
