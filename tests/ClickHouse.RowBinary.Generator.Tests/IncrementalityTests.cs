extern alias GeneratorAssembly;

using System.Collections.Immutable;
using System.Reflection;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using GeneratorAssembly::ClickHouse.RowBinary.Generator;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// The pipeline caches: a second run over an unchanged or equivalently edited compilation produces nothing new, and
/// its models hold nothing of the compilation.
/// </summary>
public class IncrementalityTests
{
    private const string RowSource = """
        using System;
        using System.Collections.Generic;
        using ClickHouse.RowBinary;

        namespace Shop;

        [ClickHouseRow]
        public partial record Order(
            [property: ClickHouseColumn("id")] Guid Id,
            [property: ClickHouseColumn("lines")] List<Line> Lines,
            [property: ClickHouseColumn("total", Type = "Decimal(18, 2)")] decimal Total);

        [ClickHouseRow]
        public partial record struct Line(string Sku, uint Quantity);
        """;

    [Fact]
    public void A_second_run_over_the_same_compilation_is_cached()
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation(RowSource);
        GeneratorDriver driver = GeneratorHarness.CreateDriver(trackSteps: true).RunGenerators(compilation);

        driver = driver.RunGenerators(compilation.Clone());

        AssertNothingNew(driver.GetRunResult());
    }

    [Fact]
    public void An_edit_that_changes_no_row_type_is_cached_downstream()
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation(RowSource);
        GeneratorDriver driver = GeneratorHarness.CreateDriver(trackSteps: true).RunGenerators(compilation);
        SyntaxTree rowTree = compilation.SyntaxTrees.Single();

        // A comment at the top moves every line, an unrelated type arrives in a file of its own.
        SyntaxTree edited = rowTree.WithChangedText(rowTree.GetText().Replace(0, 0, "// Orders and their lines.\n"));
        CSharpCompilation changed = compilation
            .ReplaceSyntaxTree(rowTree, edited)
            .AddSyntaxTrees(CSharpSyntaxTree.ParseText("namespace Shop; public sealed class Clock { public int Ticks { get; set; } }", GeneratorHarness.ParseOptions));
        driver = driver.RunGenerators(changed);

        AssertNothingNew(driver.GetRunResult());
    }

    [Fact]
    public void A_line_shift_in_a_file_with_a_warning_moves_the_warning_and_keeps_the_source()
    {
        // Decimal(38, 2) in a System.Decimal: warning CHRB005, and the source is generated.
        string source = RowSource.Replace("Decimal(18, 2)", "Decimal(38, 2)", StringComparison.Ordinal);
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation(source);
        GeneratorDriver driver = GeneratorHarness.CreateDriver(trackSteps: true).RunGenerators(compilation);
        int warningLine = WarningLine(driver.GetRunResult());
        SyntaxTree rowTree = compilation.SyntaxTrees.Single();

        SyntaxTree edited = rowTree.WithChangedText(rowTree.GetText().Replace(0, 0, "// Orders and their lines.\n"));
        driver = driver.RunGenerators(compilation.ReplaceSyntaxTree(rowTree, edited));

        GeneratorDriverRunResult runResult = driver.GetRunResult();
        Assert.Equal(warningLine + 1, WarningLine(runResult));
        GeneratorRunResult result = runResult.Results.Single();
        Assert.All(result.TrackedSteps[ClickHouseRowGenerator.RowTypeSpecStep].SelectMany(step => step.Outputs), output =>
            Assert.True(output.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"The row type model step was {output.Reason}."));
        IncrementalGeneratorRunStep[] sourceSteps = [.. result.TrackedOutputSteps.SelectMany(pair => pair.Value)
            .Where(step => step.Inputs.Any(input => input.Source.Name == ClickHouseRowGenerator.RowTypeSpecStep))];
        Assert.NotEmpty(sourceSteps);
        Assert.All(sourceSteps.SelectMany(step => step.Outputs), output =>
            Assert.True(output.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"A source output step was {output.Reason}."));
        Assert.Equal(2, result.GeneratedSources.Length);

        static int WarningLine(GeneratorDriverRunResult run)
            => run.Diagnostics.Single(d => d.Id == "CHRB005").Location.GetLineSpan().StartLinePosition.Line;
    }

    [Fact]
    public void An_edit_to_a_row_type_regenerates_it()
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation(RowSource);
        GeneratorDriver driver = GeneratorHarness.CreateDriver(trackSteps: true).RunGenerators(compilation);
        SyntaxTree rowTree = compilation.SyntaxTrees.Single();

        SyntaxTree edited = rowTree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(RowSource.Replace("Decimal(18, 2)", "Decimal(18, 4)", StringComparison.Ordinal)));
        driver = driver.RunGenerators(compilation.ReplaceSyntaxTree(rowTree, edited));

        GeneratorRunResult result = driver.GetRunResult().Results.Single();
        Assert.Contains(result.TrackedSteps[ClickHouseRowGenerator.RowTypeSpecStep].SelectMany(step => step.Outputs), output => output.Reason == IncrementalStepRunReason.Modified);
        Assert.Contains("Decimal(18, 4)", result.GeneratedSources.Single(s => s.HintName == "Shop.Order.RowBinary.g.cs").SourceText.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void The_models_hold_no_symbols_syntax_locations_or_compilations()
    {
        Type root = typeof(ClickHouseRowGenerator).Assembly.GetType("ClickHouse.RowBinary.Generator.Model.RowTypeSpec", throwOnError: true)!;
        Type[] forbidden = [typeof(ISymbol), typeof(SyntaxNode), typeof(SyntaxTree), typeof(Location), typeof(Compilation), typeof(SemanticModel), typeof(AttributeData)];
        var seen = new HashSet<Type>();
        var pending = new Stack<Type>([root]);
        // Every concrete value kind, which the tree refers to only through its abstract base.
        foreach (Type type in root.Assembly.GetTypes().Where(t => t.Namespace == root.Namespace))
        {
            pending.Push(type);
        }

        while (pending.Count > 0)
        {
            Type type = pending.Pop();
            if (!seen.Add(type) || type.IsPrimitive || type.IsEnum || type == typeof(string))
            {
                continue;
            }
            Assert.DoesNotContain(forbidden, f => f.IsAssignableFrom(type));
            if (type.Namespace == root.Namespace && type.IsClass && !type.IsAbstract)
            {
                // Records: equal by value, which is what lets the pipeline compare two runs.
                Assert.Contains(typeof(IEquatable<>).MakeGenericType(type), type.GetInterfaces());
            }
            foreach (Type argument in type.GetGenericArguments())
            {
                pending.Push(argument);
            }
            if (type.Namespace?.StartsWith("ClickHouse.RowBinary.Generator", StringComparison.Ordinal) != true)
            {
                continue;
            }
            foreach (FieldInfo field in type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                pending.Push(field.FieldType.IsArray ? field.FieldType.GetElementType()! : field.FieldType);
            }
        }

        Assert.Contains(seen, t => t.Name == "ScalarValueSpec");
        Assert.Contains(seen, t => t.Name == "LocationInfo");
    }

    private static void AssertNothingNew(GeneratorDriverRunResult runResult)
    {
        GeneratorRunResult result = runResult.Results.Single();
        ImmutableArray<IncrementalGeneratorRunStep> specSteps = result.TrackedSteps[ClickHouseRowGenerator.RowTypeSpecStep];
        Assert.Equal(2, specSteps.SelectMany(step => step.Outputs).Count());
        Assert.All(specSteps.SelectMany(step => step.Outputs), output =>
            Assert.True(output.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"The row type model step was {output.Reason}."));
        Assert.NotEmpty(result.TrackedOutputSteps);
        Assert.All(result.TrackedOutputSteps.SelectMany(pair => pair.Value).SelectMany(step => step.Outputs), output =>
            Assert.True(output.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"A source output step was {output.Reason}."));
        Assert.Equal(2, result.GeneratedSources.Length);
    }
}
