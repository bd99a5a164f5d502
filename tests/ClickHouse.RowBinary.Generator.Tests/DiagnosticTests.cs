using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// One test per diagnostic: its ID, its severity, the line it points at (marked <c>// here</c> in each source) and a
/// message that names what is wrong.
/// </summary>
public class DiagnosticTests
{
    [Fact]
    public void CHRB001_a_row_type_that_is_not_partial()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public class Visit // here
            {
                public int Id { get; set; }
            }
            """, "CHRB001");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Visit'", "add the 'partial' modifier");
    }

    [Fact]
    public void CHRB001_a_row_type_in_a_type_that_is_not_partial()
    {
        Diagnostic diagnostic = Report("""
            public class Outer
            {
                [ClickHouseRow]
                public partial class Visit // here
                {
                    public int Id { get; set; }
                }
            }
            """, "CHRB001");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Outer.Visit'", "its containing type 'Outer'");
    }

    [Fact]
    public void CHRB002_a_member_type_with_no_mapping()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit
            {
                public int Id { get; set; }
                public System.Uri Page { get; set; } = null!; // here
            }
            """, "CHRB002");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Page'", "'Uri'", "[ClickHouseIgnore]");
    }

    [Fact]
    public void CHRB003_a_type_string_that_does_not_parse()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit
            {
                [ClickHouseColumn(Type = "Array(UInt8")]
                public byte[] Bytes { get; set; } = []; // here
            }
            """, "CHRB003");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "\"Array(UInt8\"", "'Bytes'", "position 11");
    }

    [Fact]
    public void CHRB004_a_member_that_cannot_hold_the_declared_type()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit
            {
                [ClickHouseColumn("n", Type = "String")]
                public int Number { get; set; } // here
            }
            """, "CHRB004");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Number'", "'int'", "String is held by 'string'");
    }

    [Fact]
    public void CHRB004_a_nullable_value_type_for_a_column_that_is_not_Nullable()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit
            {
                [ClickHouseColumn(Type = "UInt32")]
                public uint? Count { get; set; } // here
            }
            """, "CHRB004");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Count'", "use 'uint', or declare Nullable(UInt32)");
    }

    [Fact]
    public void CHRB005_a_decimal_wider_than_System_Decimal_is_a_warning_and_the_code_is_generated()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Payment
            {
                [ClickHouseColumn(Type = "Decimal(38, 10)")]
                public decimal Amount { get; set; } // here
            }
            """, "CHRB005");
        GeneratorResult result = GeneratorHarness.Run(Source("[ClickHouseRow]\npublic partial class Payment\n{\n    [ClickHouseColumn(Type = \"Decimal(38, 10)\")]\n    public decimal Amount { get; set; }\n}\n"));

        Assert.Single(result.GeneratorDiagnostics);
        Assert.DoesNotContain(result.CompilationDiagnostics, d => d.Severity == DiagnosticSeverity.Error);
        AssertDiagnostic(diagnostic, DiagnosticSeverity.Warning, "'Amount'", "Decimal(38, 10)", "ClickHouseDecimal");
        Assert.Single(result.Sources);
    }

    [Fact]
    public void CHRB006_two_members_with_one_column_name()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit
            {
                [ClickHouseColumn("id")]
                public int Id { get; set; }

                [ClickHouseColumn("id")]
                public int Other { get; set; } // here
            }
            """, "CHRB006");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'id'", "'Other'", "'Id'");
    }

    [Fact]
    public void CHRB007_a_get_only_member_no_constructor_sets()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit
            {
                public int Id { get; set; }
                public int Total { get; } // here
            }
            """, "CHRB007");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Visit'", "'Total' is read-only", "init accessor");
    }

    [Fact]
    public void CHRB007_no_constructor_matches_the_columns()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit // here
            {
                public Visit(string something) { }

                public int Id { get; set; }
            }
            """, "CHRB007");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Visit'", "no accessible constructor");
    }

    [Fact]
    public void CHRB008_a_generic_row_type()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Box<T> // here
            {
                public int Id { get; set; }
            }
            """, "CHRB008");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Box'", "non-generic");
    }

    [Fact]
    public void CHRB009_a_row_type_with_no_columns()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Empty // here
            {
                private int _hidden;
                public int Hidden => _hidden;
            }
            """.Replace("public int Hidden", "[ClickHouseIgnore] public int Hidden", StringComparison.Ordinal), "CHRB009");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Empty'", "has no columns");
    }

    [Fact]
    public void CHRB011_a_row_type_that_contains_itself()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Node
            {
                public int Id { get; set; }
                public Node? Parent { get; set; } // here
            }
            """, "CHRB011");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Parent'", "'Node' contain itself", "[ClickHouseIgnore]");
    }

    [Fact]
    public void CHRB011_a_row_type_that_contains_itself_through_another_row_type_is_reported_on_each()
    {
        GeneratorResult result = GeneratorHarness.Run(Source("""
            [ClickHouseRow]
            public partial class Folder
            {
                public int Id { get; set; }
                public Entry? Newest { get; set; }
            }

            [ClickHouseRow]
            public partial class Entry
            {
                public int Id { get; set; }
                public Folder? Owner { get; set; }
            }
            """));

        string[] messages = [.. result.GeneratorDiagnostics.Where(d => d.Id == "CHRB011").Select(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture))];
        Assert.Equal(2, messages.Length);
        Assert.Contains(messages, m => m.Contains("'Newest'", StringComparison.Ordinal) && m.Contains("'Folder' contain itself", StringComparison.Ordinal));
        Assert.Contains(messages, m => m.Contains("'Owner'", StringComparison.Ordinal) && m.Contains("'Entry' contain itself", StringComparison.Ordinal));
    }

    [Fact]
    public void CHRB012_an_empty_column_name()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Visit
            {
                [ClickHouseColumn("")]
                public int Id { get; set; } // here
            }
            """, "CHRB012");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Error, "'Id'", "empty column name");
    }

    [Theory]
    [InlineData("string[]?", "", "Array(String)", "ClickHouse has no Nullable(Array(String))")]
    [InlineData("System.Collections.Generic.List<int>?", "", "Array(Int32)", "ClickHouse has no Nullable(Array(Int32))")]
    [InlineData("System.Collections.Generic.Dictionary<string, int>?", "", "Map(String, Int32)", "ClickHouse has no Nullable(Map(String, Int32))")]
    [InlineData("string?", "Type = \"String\"", "String", "or declare the column Nullable(String)")]
    [InlineData("byte[]?", "Type = \"String\"", "String", "or declare the column Nullable(String)")]
    [InlineData("string?", "Type = \"LowCardinality(String)\"", "LowCardinality(String)", "or declare the column LowCardinality(Nullable(String))")]
    public void CHRB013_a_nullable_member_for_a_column_that_cannot_be_NULL_is_a_warning_and_the_code_is_generated(string memberType, string attributeArguments, string column, string remedy)
    {
        string body = $$"""
            [ClickHouseRow]
            public partial class Visit
            {
                [ClickHouseColumn({{attributeArguments}})]
                public {{memberType}} Tags { get; set; } // here
            }
            """;
        Diagnostic diagnostic = Report(body, "CHRB013");
        GeneratorResult result = GeneratorHarness.Run(Source(body));

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Warning, "'Tags'", $"column {column} cannot hold NULL", "drop the '?'", remedy);
        Assert.Single(result.GeneratorDiagnostics);
        Assert.Single(result.Sources);
        Assert.Empty(result.CompilationDiagnostics);
    }

    [Fact]
    public void CHRB013_a_nullable_row_type_member_for_a_Tuple_column_that_is_not_Nullable()
    {
        Diagnostic diagnostic = Report("""
            [ClickHouseRow]
            public partial class Address
            {
                public string City { get; set; } = "";
            }

            [ClickHouseRow]
            public partial class Customer
            {
                public int Id { get; set; }

                [ClickHouseColumn(Type = "Tuple(City String)")]
                public Address? Home { get; set; } // here
            }
            """, "CHRB013");

        AssertDiagnostic(diagnostic, DiagnosticSeverity.Warning, "'Home'", "'Address?'", "column Tuple(City String)", "or declare the column Nullable(Tuple(City String))");
    }

    [Theory]
    [InlineData("public string? Name { get; set; }")]
    [InlineData("[ClickHouseColumn(Type = \"Nullable(String)\")] public string? Name { get; set; }")]
    [InlineData("[ClickHouseColumn(Type = \"LowCardinality(Nullable(String))\")] public string? Name { get; set; }")]
    [InlineData("public string[] Tags { get; set; } = [];")]
    [InlineData("public System.Collections.Generic.List<int> Numbers { get; set; } = [];")]
    [InlineData("public System.Collections.Generic.Dictionary<string, int> Counts { get; set; } = [];")]
    [InlineData("public string?[] Names { get; set; } = [];")]
    [InlineData("public int? Count { get; set; }")]
    [InlineData("[ClickHouseColumn(Type = \"String\", UseServerDefault = true)] public string? Label { get; set; }")]
    public void CHRB013_is_not_reported_for_a_member_that_can_hold_every_value_of_its_column(string member)
    {
        GeneratorResult result = GeneratorHarness.Run(Source($$"""
            [ClickHouseRow]
            public partial class Visit
            {
                {{member}}
            }
            """));

        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Single(result.Sources);
        Assert.Empty(result.CompilationDiagnostics);
    }

    [Fact]
    public void CHRB013_is_not_reported_where_nullable_annotations_are_disabled()
    {
        GeneratorResult result = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(NullableContextOptions.Disable, GeneratorHarness.ParseOptions, Source("""
            [ClickHouseRow]
            public partial class Visit
            {
                public string[] Tags { get; set; }
            }
            """)));

        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Single(result.Sources);
    }

    [Fact]
    public void A_type_with_errors_gets_no_generated_source()
    {
        // Beside it, a valid type: the generator ran and emitted for that one, so an empty output for Visit is a
        // decision about Visit, reported as an error on it, not a generator that ignored the file.
        GeneratorResult result = GeneratorHarness.Run(Source("""
            [ClickHouseRow]
            public partial class Visit
            {
                public char Letter { get; set; }
            }

            [ClickHouseRow]
            public partial class Valid
            {
                public int Id { get; set; }
            }
            """));

        Assert.Contains(result.GeneratorDiagnostics, d => d.Severity == DiagnosticSeverity.Error && d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Contains("'Letter'", StringComparison.Ordinal));
        string hintName = Assert.Single(result.Sources.Keys);
        Assert.Contains("Valid", hintName, StringComparison.Ordinal);
        Assert.DoesNotContain("Visit", hintName, StringComparison.Ordinal);
    }

    [Fact]
    public void Every_diagnostic_has_a_stable_ID_in_the_one_category_and_a_message_that_says_what_to_do()
    {
        IReadOnlyList<DiagnosticDescriptor> descriptors = GeneratorDescriptors.All;

        // CHRB010 (Nested inside another type) was retired, not reused: inside a type, Nested travels as Array(Tuple).
        Assert.Equal(Enumerable.Range(1, 13).Where(i => i != 10).Select(i => $"CHRB{i:000}"), descriptors.Select(d => d.Id).Order(StringComparer.Ordinal));
        Assert.All(descriptors, descriptor =>
        {
            Assert.Equal("ClickHouse.RowBinary", descriptor.Category);
            Assert.True(descriptor.IsEnabledByDefault);
            // The remedy follows the problem: "...; add ...", "...: use ...".
            Assert.Matches("[;:] [^;:]*$", descriptor.MessageFormat.ToString(System.Globalization.CultureInfo.InvariantCulture));
        });
    }

    private static string Source(string body) => "using ClickHouse.RowBinary;\nnamespace Shop;\n\n" + body;

    private static Diagnostic Report(string body, string id)
    {
        string source = Source(body);
        GeneratorResult result = GeneratorHarness.Run(source);
        Diagnostic diagnostic = Assert.Single(result.GeneratorDiagnostics, d => d.Id == id);
        int expectedLine = Array.FindIndex(source.Split('\n'), line => line.Contains("// here", StringComparison.Ordinal)) + 1;
        Assert.Equal(expectedLine, diagnostic.Location.GetLineSpan().StartLinePosition.Line + 1);
        return diagnostic;
    }

    private static void AssertDiagnostic(Diagnostic diagnostic, DiagnosticSeverity severity, params string[] messageParts)
    {
        Assert.Equal(severity, diagnostic.Severity);
        string message = diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        foreach (string part in messageParts)
        {
            Assert.Contains(part, message, StringComparison.Ordinal);
        }
    }
}
