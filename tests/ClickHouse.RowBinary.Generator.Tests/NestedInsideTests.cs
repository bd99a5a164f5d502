using ClickHouse.RowBinary.Generator.Tests.Infrastructure;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// Nested(..) inside another type (Map, Tuple, Array, as a server prints it for a flattened Nested's field) is not
/// flattened: it travels as Array(Tuple(..)). It was rejected with CHRB010.
/// </summary>
public class NestedInsideTests
{
    [OracleFact]
    public void Nested_inside_another_type_compiles_and_round_trips()
    {
        string[] structures =
        [
            "c Map(Int8, Nested(e1 UUID, e2 Date32, e3 FixedString(9)))",
            "c Tuple(a UInt8, n Nested(x Int8, y String))",
            "c Nested(e1 UInt16, e2 Nested(f1 UInt32, f2 Array(Int32)))",
        ];
        OracleSchema[] schemas = structures
            .Select((structure, i) => new OracleSchema(structure, $"SELECT * FROM generateRandom({Sql.Quote(structure)}, {i + 1}, 8, 3) LIMIT 4"))
            .ToArray();

        SchemaRoundTripReport report = OracleSchemaRoundTrip.Run(schemas);

        Assert.True(report.Failures.Count == 0 && report.Unsupported.Count == 0,
            string.Join(Environment.NewLine, report.Failures.Concat(report.Unsupported)));
        Assert.Equal(schemas.Length, report.Proven);
    }

    [Fact]
    public void A_row_type_with_a_Nested_member_can_be_a_tuple_element()
    {
        GeneratorResult result = GeneratorHarness.Run("""
            using ClickHouse.RowBinary;

            [ClickHouseRow]
            public partial record struct Leaf(byte A);

            [ClickHouseRow]
            public partial class Branch
            {
                [ClickHouseColumn(Type = "Nested(A UInt8)")]
                public Leaf[] Leaves { get; set; } = [];
            }

            [ClickHouseRow]
            public partial class Tree
            {
                public Branch Trunk { get; set; } = new();
            }
            """);

        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Empty(result.CompilationDiagnostics);
        Assert.Contains("Tuple(Leaves Nested(A UInt8))", result.Sources.Single(s => s.Key.Contains("Tree", StringComparison.Ordinal)).Value, StringComparison.Ordinal);
    }

    [Fact]
    public void A_Nested_column_of_rows_with_a_Nested_member_flattens_one_level_as_the_server_does()
    {
        GeneratorResult result = GeneratorHarness.Run("""
            using System.Collections.Generic;
            using ClickHouse.RowBinary;

            [ClickHouseRow]
            public partial record struct Leaf(byte A);

            [ClickHouseRow]
            public partial class Branch
            {
                [ClickHouseColumn(Type = "Nested(A UInt8)")]
                public Leaf[] Leaves { get; set; } = [];
                public int X { get; set; }
            }

            [ClickHouseRow]
            public partial class Tree
            {
                public List<Branch> Branches { get; set; } = new();
            }
            """);

        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Empty(result.CompilationDiagnostics);
        string tree = result.Sources.Single(s => s.Key.Contains("Tree", StringComparison.Ordinal)).Value;
        Assert.Contains("new(\"Branches.Leaves\", \"Array(Nested(A UInt8))\"", tree, StringComparison.Ordinal);
        Assert.Contains("new(\"Branches.X\", \"Array(Int32)\"", tree, StringComparison.Ordinal);
    }
}
