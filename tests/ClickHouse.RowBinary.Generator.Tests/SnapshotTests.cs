using System.Text.RegularExpressions;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// The generated source of each file in SnapshotInputs/, compared with Snapshots/&lt;input&gt;.&lt;hint&gt;.verified.cs.
/// Together the inputs use every mapping of the design's type table.
/// </summary>
public partial class SnapshotTests
{
    public static TheoryData<string> Inputs => new(InputNames);

    private static readonly string[] InputNames = ["WebVisits", "Events", "Numbers", "TextAndIdentifiers", "Temporal", "Collections", "Layouts"];

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Generated_source_matches_the_verified_snapshot_and_compiles_cleanly(string input)
    {
        GeneratorResult result = GeneratorHarness.Run(ReadInput(input));

        // Numbers.cs maps a Decimal(76, 20) to System.Decimal on purpose: that warning, and nothing else.
        Assert.All(result.GeneratorDiagnostics, d => Assert.Equal(("CHRB005", "Numbers"), (d.Id, input)));
        Assert.DoesNotContain(result.CompilationDiagnostics, d => d.Id != "CHRB005");
        Assert.NotEmpty(result.Sources);
        foreach ((string hintName, string source) in result.Sources.OrderBy(s => s.Key, StringComparer.Ordinal))
        {
            Snapshot.Verify($"{input}.{Path.GetFileNameWithoutExtension(hintName)}", source);
        }
    }

    [Fact]
    public void The_inputs_use_every_ClickHouse_type_of_the_mapping_table()
    {
        GeneratorResult result = GeneratorHarness.Run(InputNames.Select(name => ReadInput(name)).ToArray());
        var kinds = new HashSet<ClickHouseTypeKind>();
        foreach (string source in result.Sources.Values)
        {
            foreach (Match column in SchemaColumn().Matches(source))
            {
                Collect(ClickHouseType.Parse(Regex.Unescape(column.Groups["type"].Value)), kinds);
            }
            if (source.Contains("Nested(", StringComparison.Ordinal))
            {
                kinds.Add(ClickHouseTypeKind.Nested);
            }
        }

        Assert.Empty(Enum.GetValues<ClickHouseTypeKind>().Except(kinds));
    }

    private static void Collect(ClickHouseType type, HashSet<ClickHouseTypeKind> kinds)
    {
        kinds.Add(type.Kind);
        foreach (ClickHouseType argument in type.Arguments)
        {
            Collect(argument, kinds);
        }
    }

    internal static string ReadInput(string name)
        => File.ReadAllText(Path.Combine(TestProjectDirectory.Path, "SnapshotInputs", name + ".cs"));

    [GeneratedRegex("""new\("(?:[^"\\]|\\.)*", "(?<type>(?:[^"\\]|\\.)*)", "(?:[^"\\]|\\.)*"\),""")]
    private static partial Regex SchemaColumn();
}
