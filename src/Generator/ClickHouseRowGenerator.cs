using ClickHouse.RowBinary.Generator.Emitting;
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

    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValuesProvider<RowTypeSpec> rowTypes = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                KnownTypeSymbols.RowAttributeName,
                predicate: static (node, _) => node is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax,
                transform: static (context, cancellationToken) => Parser.Parse(context, cancellationToken))
            .Where(static spec => spec is not null)
            .Select(static (spec, _) => spec!)
            .WithTrackingName(RowTypeSpecStep);

        context.RegisterSourceOutput(rowTypes, static (context, spec) => Execute(context, spec));
    }

    private static void Execute(SourceProductionContext context, RowTypeSpec spec)
    {
        bool hasErrors = false;
        foreach (DiagnosticInfo diagnostic in spec.Diagnostics)
        {
            Diagnostic reported = diagnostic.ToDiagnostic();
            hasErrors |= reported.Severity == DiagnosticSeverity.Error;
            context.ReportDiagnostic(reported);
        }
        if (hasErrors)
        {
            return;
        }
        context.AddSource(spec.HintName, SourceText.From(Emitter.Emit(spec), System.Text.Encoding.UTF8));
    }
}
