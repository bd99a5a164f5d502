using System.Text;
using ClickHouse.RowBinary.Generator.Emitting;
using ClickHouse.RowBinary.Generator.Helpers;
using ClickHouse.RowBinary.Generator.Model;
using ClickHouse.RowBinary.Generator.Parsing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace ClickHouse.RowBinary.Generator;

/// <summary>
/// Generates the <c>IClickHouseRow&lt;T&gt;</c> implementation of every [ClickHouseRow] type: its schema, a RowBinary
/// writer (plain and with defaults) and reader (in schema order and in header order).
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class ClickHouseRowGenerator : IIncrementalGenerator
{
    /// <summary>The tracking name of the pipeline step that turns a row type into its model, for incrementality tests.</summary>
    public const string RowTypeSpecStep = "RowTypeSpec";

    /// <summary>The tracking name of the pipeline step that holds a row type's diagnostics, for incrementality tests.</summary>
    public const string DiagnosticsStep = "Diagnostics";

    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValuesProvider<ParseResult> results = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                KnownTypeSymbols.RowAttributeName,
                predicate: static (node, _) => node is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax,
                transform: static (context, cancellationToken) => Parser.Parse(context, cancellationToken))
            .Where(static result => result is not null)
            .Select(static (result, _) => result!);

        // Apart, so that a warning whose location moves with the text does not make the source be emitted again.
        IncrementalValuesProvider<EquatableArray<DiagnosticInfo>> diagnostics = results
            .Select(static (result, _) => result.Diagnostics)
            .WithTrackingName(DiagnosticsStep);
        IncrementalValuesProvider<RowTypeSpec> rowTypes = results
            .Where(static result => result.Spec is not null)
            .Select(static (result, _) => result.Spec!)
            .WithTrackingName(RowTypeSpecStep);

        context.RegisterSourceOutput(diagnostics, static (context, diagnostics) => Report(context, diagnostics));
        context.RegisterSourceOutput(rowTypes, static (context, spec) => context.AddSource(spec.HintName, SourceText.From(Emitter.Emit(spec), Encoding.UTF8)));
    }

    private static void Report(SourceProductionContext context, EquatableArray<DiagnosticInfo> diagnostics)
    {
        foreach (DiagnosticInfo diagnostic in diagnostics)
        {
            context.ReportDiagnostic(diagnostic.ToDiagnostic());
        }
    }
}
