using System.Buffers;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// Nullable(Tuple(..)) held by a nullable C# tuple: the generated writer tests for null with <c>is { }</c>, since a
/// tuple type in a pattern is a positional pattern (which rejected <c>short?</c> elements, failed to parse nested
/// nullable tuples, and took a tuple with a null element for NULL).
/// </summary>
public class NullableTupleTests
{
    [Fact]
    public void A_tuple_with_a_null_element_is_written_as_a_tuple_not_as_NULL()
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [new Rows.NullableTupleRow { Pair = (null, 7) }], RowBinaryFormat.RowBinary);

        // Not NULL (0), then the element Nullable(String) is NULL (1), then UInt8 7.
        Assert.Equal("000107", Convert.ToHexString(buffer.WrittenSpan));
        Rows.NullableTupleRow read = Assert.Single(RowBinarySerializer.ReadList<Rows.NullableTupleRow>(buffer.WrittenSpan, RowBinaryFormat.RowBinary));
        Assert.Equal(((string?)null, (byte)7), read.Pair);
    }

    [OracleFact]
    public void Nullable_elements_and_nested_nullable_tuples_compile_and_round_trip()
    {
        string[] structures =
        [
            "c Nullable(Tuple(UInt256, Nullable(Int16)))",
            "c Nullable(Tuple(a Nullable(Float32), b String))",
            "c Map(Int8, Nullable(Tuple(Enum8('v0' = 1, 'v1' = 2), Nullable(Tuple(Date, Int8)), Tuple(Nullable(Int32), Int128))))",
            "c Array(Nullable(Tuple(Nullable(String))))",
        ];
        OracleSchema[] schemas = structures
            .Select((structure, i) => new OracleSchema(structure, $"SELECT * FROM generateRandom({Sql.Quote(structure)}, {i + 1}, 8, 3) LIMIT 6"))
            .ToArray();

        SchemaRoundTripReport report = OracleSchemaRoundTrip.Run(schemas);

        Assert.True(report.Failures.Count == 0 && report.Unsupported.Count == 0,
            string.Join(Environment.NewLine, report.Failures.Concat(report.Unsupported)));
        Assert.Equal(schemas.Length, report.Proven);
    }
}
