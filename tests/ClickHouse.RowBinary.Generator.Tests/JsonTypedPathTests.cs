using ClickHouse.RowBinary.Generator.Tests.Infrastructure;

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
}
