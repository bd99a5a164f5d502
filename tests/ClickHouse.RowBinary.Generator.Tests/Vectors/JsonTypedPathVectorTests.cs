using System.Buffers;
using System.Text.Json;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests.Vectors;

/// <summary>
/// Golden vectors of this project for JSON with typed paths: multi-row tables ClickHouse 26.9 encoded (recorded with
/// the oracle into <c>json_typed_paths.json</c>), read and written back byte for byte in both formats. Each row has
/// at most one dynamic path, and typed paths are declared sorted: the order the server writes paths in otherwise is
/// not in the type it prints (see <see cref="JsonTypedPathTests"/>). With the oracle, a test re-records the tables and
/// fails when the file is stale (<c>ACCEPT_SNAPSHOTS=1</c> rewrites it).
/// </summary>
public class JsonTypedPathVectorTests
{
    private const string FileName = "json_typed_paths.json";

    private static readonly (string Name, string Sql)[] s_tables =
    [
        ("sorted_typed_paths", """
            SELECT toUInt32(number) AS id, CAST(arrayElement([
                '{"user":{"id":5},"ts":"2024-01-01 00:00:00.123","secret":1}',
                '{"x":[1,2]}',
                '{}',
                '{"user":{"id":18446744073709551615,"name":"b"}}'], number + 1)
                AS JSON(max_dynamic_paths = 64, ts DateTime64(3), user.id UInt64, SKIP secret)) AS payload
            FROM numbers(4)
            """),
        ("nested_typed_paths", """
            SELECT toUInt32(number) AS id, CAST(arrayElement([
                '{"a":[1,null,3],"b":{"x":7,"y":"z"},"c":"lc","d":"2025-06-01 12:00:00.000001","e":null,"tmp1":2}',
                '{"e":2.5,"f":"dyn"}',
                '{"a":[],"c":"","n":{"m":[1,2]}}'], number + 1)
                AS JSON(max_dynamic_types = 4, a Array(Nullable(Int32)), b Tuple(x UInt8, y String), c LowCardinality(String), d DateTime64(6, 'Asia/Kolkata'), e Nullable(Float64), SKIP REGEXP 'tmp.*')) AS payload
            FROM numbers(3)
            """),
    ];

    [Fact]
    public void Sorted_typed_paths_round_trip_the_recorded_bytes() => RoundTrip<SortedTypedJsonRow>("sorted_typed_paths", 4);

    [Fact]
    public void Nested_typed_paths_round_trip_the_recorded_bytes() => RoundTrip<NestedTypedJsonRow>("nested_typed_paths", 3);

    [OracleFact]
    public void The_recorded_vectors_are_what_the_oracle_writes_now()
    {
        string recorded = Record();
        string path = Path.Combine(TestProjectDirectory.Path, "Vectors", FileName);
        if (Snapshot.Accepting)
        {
            File.WriteAllText(path, recorded);
        }
        Assert.Equal(recorded, File.ReadAllText(path).Replace("\r\n", "\n"));
    }

    private static void RoundTrip<T>(string table, int rowCount)
        where T : IClickHouseRow<T>
    {
        using JsonDocument vectors = JsonDocument.Parse(File.ReadAllText(Path.Combine(TestProjectDirectory.Path, "Vectors", FileName)));
        JsonElement entry = vectors.RootElement.GetProperty(table);
        foreach ((RowBinaryFormat format, string property) in new[] { (RowBinaryFormat.RowBinary, "rowbinary_hex"), (RowBinaryFormat.RowBinaryWithNamesAndTypes, "with_names_and_types_hex") })
        {
            byte[] expected = Convert.FromHexString(entry.GetProperty(property).GetString()!);
            List<T> rows = RowBinarySerializer.ReadList<T>(expected, format);
            Assert.Equal(rowCount, rows.Count);
            var written = new ArrayBufferWriter<byte>();
            RowBinarySerializer.Write(written, rows, format);
            Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(written.WrittenSpan));
        }
    }

    private static string Record()
    {
        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            json.WriteStartObject();
            foreach ((string name, string sql) in s_tables)
            {
                json.WriteStartObject(name);
                json.WriteString("sql", sql);
                json.WriteString("rowbinary_hex", Convert.ToHexString(OracleProcess.Query(sql, "RowBinary")));
                json.WriteString("with_names_and_types_hex", Convert.ToHexString(OracleProcess.Query(sql, "RowBinaryWithNamesAndTypes")));
                json.WriteEndObject();
            }
            json.WriteEndObject();
        }
        return System.Text.Encoding.UTF8.GetString(stream.ToArray()).Replace("\r\n", "\n") + "\n";
    }
}
