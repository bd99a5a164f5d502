using ClickHouse.RowBinary.Generator.Tests.Infrastructure;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// A one-element Tuple(T) is held by <c>ValueTuple&lt;T&gt;</c>, which has no literal syntax: wherever it stands
/// (a column, inside Array, Map, Nullable or another Tuple), the generated code compiles and round-trips ClickHouse's
/// own bytes.
/// </summary>
public class OneElementTupleTests
{
    private static readonly string[] s_structures =
    [
        "c Tuple(UInt8)",
        "c Tuple(a String)",
        "c Array(Tuple(Int32))",
        "c Map(String, Tuple(Date))",
        "c Map(Tuple(UInt16), Tuple(Array(String)))",
        "c Nullable(Tuple(UInt64))",
        "c Tuple(Tuple(UInt8))",
        "c Tuple(Tuple(UInt8), String)",
        "c Tuple(Nullable(Int8))",
        "c Tuple(LowCardinality(String))",
        "c Tuple(Array(Tuple(IPv6)))",
        "c Array(Array(Tuple(Tuple(Decimal(40, 3)))))",
    ];

    [OracleFact]
    public void A_one_element_tuple_compiles_and_round_trips_wherever_it_stands()
    {
        OracleSchema[] schemas = s_structures
            .Select((structure, i) => new OracleSchema(structure, $"SELECT * FROM generateRandom({Sql.Quote(structure)}, {i + 1}, 8, 3) LIMIT 4"))
            .ToArray();

        SchemaRoundTripReport report = OracleSchemaRoundTrip.Run(schemas);

        Assert.True(report.Failures.Count == 0 && report.Unsupported.Count == 0,
            string.Join(Environment.NewLine, report.Failures.Concat(report.Unsupported)));
        Assert.Equal(schemas.Length, report.Proven);
    }

    [Fact]
    public void A_one_element_ValueTuple_member_maps_to_a_one_element_Tuple_by_default()
    {
        GeneratorResult result = GeneratorHarness.Run("""
            using System;
            using System.Collections.Generic;
            using ClickHouse.RowBinary;

            [ClickHouseRow]
            public partial class Single
            {
                public ValueTuple<int> A { get; set; }
                public List<ValueTuple<string>> B { get; set; } = new();
                public Dictionary<string, ValueTuple<ValueTuple<long>>> C { get; set; } = new();
                public ValueTuple<int>? D { get; set; }
            }
            """);

        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Empty(result.CompilationDiagnostics);
        string source = string.Join("\n", result.Sources.Values);
        Assert.Contains("Tuple(Int32)", source, StringComparison.Ordinal);
        Assert.Contains("Array(Tuple(String))", source, StringComparison.Ordinal);
        Assert.Contains("Map(String, Tuple(Tuple(Int64)))", source, StringComparison.Ordinal);
        Assert.Contains("Nullable(Tuple(Int32))", source, StringComparison.Ordinal);
    }
}
