extern alias GeneratorAssembly;

using System.Collections.Immutable;
using GeneratorAssembly::ClickHouse.RowBinary.Generator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>Compiles C# sources in memory and runs the generator over them, as the compiler would.</summary>
internal static class GeneratorHarness
{
    public static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new(LoadReferences);

    /// <summary>The framework's assemblies (those the test host runs on) and the ClickHouse.RowBinary runtime.</summary>
    public static ImmutableArray<MetadataReference> References => s_references.Value;

    public static CSharpCompilation CreateCompilation(params string[] sources)
        => CreateCompilation(NullableContextOptions.Enable, ParseOptions, sources);

    public static CSharpCompilation CreateCompilation(NullableContextOptions nullable, CSharpParseOptions parseOptions, params string[] sources)
        => CSharpCompilation.Create(
            "GeneratorTestInput",
            sources.Select((source, i) => CSharpSyntaxTree.ParseText(source, parseOptions, path: $"Input{i}.cs")),
            References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: nullable));

    public static GeneratorDriver CreateDriver(bool trackSteps = false)
        => CSharpGeneratorDriver.Create(
            new[] { new ClickHouseRowGenerator().AsSourceGenerator() },
            parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: trackSteps));

    /// <summary>Runs the generator over <paramref name="sources"/>.</summary>
    public static GeneratorResult Run(params string[] sources) => Run(CreateCompilation(sources));

    public static GeneratorResult Run(CSharpCompilation input)
    {
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new ClickHouseRowGenerator().AsSourceGenerator() }, parseOptions: (CSharpParseOptions)input.SyntaxTrees.First().Options)
            .RunGeneratorsAndUpdateCompilation(input, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);
        return new GeneratorResult(output, generatorDiagnostics, driver.GetRunResult());
    }

    private static ImmutableArray<MetadataReference> LoadReferences()
    {
        string trusted = (string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!;
        var references = trusted
            .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Where(path => Path.GetFileName(path).StartsWith("System.", StringComparison.Ordinal)
                || Path.GetFileName(path) is "mscorlib.dll" or "netstandard.dll")
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .ToList();
        references.Add(MetadataReference.CreateFromFile(typeof(RowBinaryWriter).Assembly.Location));
        return references.ToImmutableArray();
    }
}

/// <summary>What one generator run produced.</summary>
internal sealed record GeneratorResult(Compilation Output, ImmutableArray<Diagnostic> GeneratorDiagnostics, GeneratorDriverRunResult RunResult)
{
    /// <summary>The generated sources by hint name.</summary>
    public IReadOnlyDictionary<string, string> Sources
        => RunResult.Results.SelectMany(r => r.GeneratedSources).ToDictionary(s => s.HintName, s => s.SourceText.ToString());

    /// <summary>The errors and warnings of compiling the input together with the generated code.</summary>
    public IReadOnlyList<Diagnostic> CompilationDiagnostics
        => Output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
}
