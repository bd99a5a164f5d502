using System.Collections.Generic;
using System.Threading;
using ClickHouse.RowBinary.Generator.Helpers;
using ClickHouse.RowBinary.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>
/// Turns a [ClickHouseRow] type's symbols into a <see cref="RowTypeSpec"/> of plain values, collecting diagnostics
/// on the way. Nothing of the compilation survives this step, so that the incremental pipeline can compare and
/// cache its output.
/// </summary>
internal sealed partial class Parser
{
    /// <summary>Fully qualified names with the <c>?</c> of nullable reference types, as the generated code spells types.</summary>
    internal static readonly SymbolDisplayFormat TypeNameFormat = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>Short names for messages: <c>List&lt;int&gt;</c>, <c>string?</c>.</summary>
    private static readonly SymbolDisplayFormat s_messageFormat = SymbolDisplayFormat.MinimallyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private readonly Compilation _compilation;
    private readonly KnownTypeSymbols _known;
    private readonly INamedTypeSymbol _rowType;
    private readonly CancellationToken _cancellationToken;
    private readonly Dictionary<INamedTypeSymbol, (RowShape? Shape, string? Error)> _nestedShapes = new(SymbolEqualityComparer.Default);
    private readonly List<INamedTypeSymbol> _rowsInProgress = new();

    /// <summary>True while binding a LowCardinality type or a member marked CacheStrings: String values read through the reader's string cache.</summary>
    private bool _cacheStrings;

    private Parser(Compilation compilation, INamedTypeSymbol rowType, CancellationToken cancellationToken)
    {
        _compilation = compilation;
        _known = KnownTypeSymbols.For(compilation);
        _rowType = rowType;
        _cancellationToken = cancellationToken;
    }

    /// <summary>The transform of the generator's pipeline: one [ClickHouseRow] type declaration to its model.</summary>
    public static ParseResult? Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
    {
        if (context.TargetSymbol is not INamedTypeSymbol type || context.TargetNode is not TypeDeclarationSyntax declaration)
        {
            return null;
        }
        return new Parser(context.SemanticModel.Compilation, type, cancellationToken).ParseRowType(declaration);
    }

    private ParseResult ParseRowType(TypeDeclarationSyntax declaration)
    {
        var diagnostics = new List<DiagnosticInfo>();
        LocationInfo? location = LocationInfo.From(declaration.Identifier.GetLocation());
        string displayName = DisplayName(_rowType);

        CheckPartial(declaration, displayName, location, diagnostics);
        bool isGeneric = false;
        for (INamedTypeSymbol? type = _rowType; type is not null; type = type.ContainingType)
        {
            isGeneric |= type.TypeParameters.Length > 0;
        }
        if (isGeneric)
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.GenericRowType, location, displayName));
        }

        RowShape row = EmptyShape(_rowType);
        if (diagnostics.Count == 0)
        {
            _rowsInProgress.Add(_rowType);
            row = ParseRowShape(_rowType, isTopLevel: true, diagnostics, out _) ?? row;
        }

        string? ns = _rowType.ContainingNamespace is { IsGlobalNamespace: false } containingNamespace ? containingNamespace.ToDisplayString() : null;
        var containingTypes = new List<string>();
        for (INamedTypeSymbol? type = _rowType.ContainingType; type is not null; type = type.ContainingType)
        {
            containingTypes.Insert(0, $"partial {DeclarationKeyword(type)} {type.Name}");
        }

        var spec = new RowTypeSpec(
            HintName: (ns is null ? "" : ns + ".") + displayName + ".RowBinary.g.cs",
            Namespace: ns,
            ContainingTypes: containingTypes.ToEquatableArray(),
            Declaration: $"partial {DeclarationKeyword(_rowType)} {_rowType.Name}",
            Name: displayName,
            Row: row,
            ColumnsClass: FreeName("ClickHouseRowColumns", NamesInScope(_rowType, withContainingTypes: false)),
            SupportClass: FreeName("ClickHouseRowSupport", NamesInScope(_rowType, withContainingTypes: true)));
        return new ParseResult(diagnostics.Exists(d => d.IsError) ? null : spec, diagnostics.ToEquatableArray());
    }

    /// <summary>CHRB001 when the row type or a type it is nested in is not declared partial.</summary>
    private static void CheckPartial(TypeDeclarationSyntax declaration, string displayName, LocationInfo? location, List<DiagnosticInfo> diagnostics)
    {
        if (!declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.TypeNotPartial, location, displayName, "it"));
        }
        for (SyntaxNode? node = declaration.Parent; node is not null; node = node.Parent)
        {
            if (node is TypeDeclarationSyntax containing && !containing.Modifiers.Any(SyntaxKind.PartialKeyword))
            {
                diagnostics.Add(Diagnostic(DiagnosticDescriptors.TypeNotPartial, location, displayName, $"its containing type '{containing.Identifier.ValueText}'"));
            }
        }
    }

    /// <summary>
    /// The names a simple name in the row type's code could bind to before reaching the generated class of that name:
    /// the members of the row type and its base types, for the class nested in it; also those of the containing
    /// types, and the types' own names, for the class beside it.
    /// </summary>
    private static HashSet<string> NamesInScope(INamedTypeSymbol rowType, bool withContainingTypes)
    {
        var names = new HashSet<string>(System.StringComparer.Ordinal);
        for (INamedTypeSymbol? scope = rowType; scope is not null; scope = withContainingTypes ? scope.ContainingType : null)
        {
            names.Add(scope.Name);
            for (INamedTypeSymbol? type = scope; type is not null; type = type.BaseType)
            {
                names.UnionWith(type.MemberNames);
            }
        }
        return names;
    }

    /// <summary><paramref name="name"/>, or it followed by the first number that makes it free.</summary>
    private static string FreeName(string name, HashSet<string> taken)
    {
        string candidate = name;
        for (int i = 1; taken.Contains(candidate); i++)
        {
            candidate = name + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }
        return candidate;
    }

    private static string DeclarationKeyword(INamedTypeSymbol type) => (type.IsRecord, type.TypeKind) switch
    {
        (true, TypeKind.Struct) => "record struct",
        (true, _) => "record",
        (false, TypeKind.Struct) => "struct",
        (false, TypeKind.Interface) => "interface",
        _ => "class",
    };

    /// <summary>The type's name with its containing types, without the namespace: <c>Outer.Row</c>.</summary>
    private static string DisplayName(INamedTypeSymbol type)
    {
        string name = type.Name;
        for (INamedTypeSymbol? containing = type.ContainingType; containing is not null; containing = containing.ContainingType)
        {
            name = containing.Name + "." + name;
        }
        return name;
    }

    private static RowShape EmptyShape(INamedTypeSymbol type)
        => new(type.ToDisplayString(TypeNameFormat), type.IsReferenceType, EquatableArray<FieldSpec>.Empty, new ConstructionSpec(EquatableArray<ConstructorArgumentSpec>.Empty, false, EquatableArray<int>.Empty));

    private static DiagnosticInfo Diagnostic(DiagnosticDescriptor descriptor, LocationInfo? location, params string[] arguments)
        => new(descriptor, location, EquatableArray.Create(arguments));
}
