using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>
/// The symbols of the types the mapping knows, resolved once per compilation: classifying a symbol is then one
/// dictionary lookup instead of spelling out its metadata name.
/// </summary>
internal sealed class KnownTypeSymbols
{
    /// <summary>The metadata name of the attribute that marks a row type, for the pipeline's attribute lookup.</summary>
    public const string RowAttributeName = "ClickHouse.RowBinary.ClickHouseRowAttribute";

    /// <summary>The most type arguments a <c>ClickHouseVariant</c> takes.</summary>
    private const int MaxVariantArity = 16;

    private static readonly ConditionalWeakTable<Compilation, KnownTypeSymbols> s_byCompilation = new();

    private static readonly (string MetadataName, KnownType Type)[] s_names =
    {
        ("System.Int128", KnownType.Int128),
        ("System.UInt128", KnownType.UInt128),
        ("System.Numerics.BigInteger", KnownType.BigInteger),
        ("System.DateOnly", KnownType.DateOnly),
        ("System.DateTimeOffset", KnownType.DateTimeOffset),
        ("System.TimeSpan", KnownType.TimeSpan),
        ("System.Guid", KnownType.Guid),
        ("System.Net.IPAddress", KnownType.IPAddress),
        ("System.ReadOnlyMemory`1", KnownType.ReadOnlyMemory),
        ("System.Collections.Generic.List`1", KnownType.List),
        ("System.Collections.Generic.IReadOnlyList`1", KnownType.ReadOnlyListInterface),
        ("System.Collections.Generic.IList`1", KnownType.ListInterface),
        ("System.Collections.Immutable.ImmutableArray`1", KnownType.ImmutableArray),
        ("System.Collections.Generic.Dictionary`2", KnownType.Dictionary),
        ("System.Collections.Generic.IReadOnlyDictionary`2", KnownType.ReadOnlyDictionaryInterface),
        ("System.Collections.Generic.IDictionary`2", KnownType.DictionaryInterface),
        ("System.Collections.Generic.KeyValuePair`2", KnownType.KeyValuePair),
        ("System.Text.Json.Nodes.JsonNode", KnownType.JsonNode),
        ("System.Text.Json.JsonDocument", KnownType.JsonDocument),
        ("ClickHouse.RowBinary.ClickHouseDecimal", KnownType.ClickHouseDecimal),
        ("ClickHouse.RowBinary.ClickHouseDynamic", KnownType.ClickHouseDynamic),
        ("ClickHouse.RowBinary.ClickHouseGeometry", KnownType.ClickHouseGeometry),
        (RowAttributeName, KnownType.RowAttribute),
        ("ClickHouse.RowBinary.ClickHouseColumnAttribute", KnownType.ColumnAttribute),
        ("ClickHouse.RowBinary.ClickHouseIgnoreAttribute", KnownType.IgnoreAttribute),
        ("System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute", KnownType.SetsRequiredMembersAttribute),
    };

    private readonly Dictionary<ITypeSymbol, KnownType> _types = new(SymbolEqualityComparer.Default);

    private KnownTypeSymbols(Compilation compilation)
    {
        foreach ((string metadataName, KnownType type) in s_names)
        {
            Add(compilation, metadataName, type);
        }
        for (int arity = 1; arity <= MaxVariantArity; arity++)
        {
            Add(compilation, "ClickHouse.RowBinary.ClickHouseVariant`" + arity.ToString(CultureInfo.InvariantCulture), KnownType.ClickHouseVariant);
        }
    }

    public static KnownTypeSymbols For(Compilation compilation) => s_byCompilation.GetValue(compilation, static c => new KnownTypeSymbols(c));

    /// <summary>Which known type <paramref name="type"/> is (its definition, for a constructed generic type), or <see cref="KnownType.None"/>.</summary>
    public KnownType Of(ITypeSymbol type) => _types.TryGetValue(type.OriginalDefinition, out KnownType known) ? known : KnownType.None;

    public bool Is(ITypeSymbol type, KnownType known) => Of(type) == known;

    public bool HasAttribute(ISymbol symbol, KnownType attribute) => FindAttribute(symbol, attribute) is not null;

    public AttributeData? FindAttribute(ISymbol symbol, KnownType attribute)
    {
        foreach (AttributeData data in symbol.GetAttributes())
        {
            if (data.AttributeClass is { } attributeClass && Is(attributeClass, attribute))
            {
                return data;
            }
        }
        return null;
    }

    /// <summary>Every type of that name: a name defined in two referenced assemblies resolves to both, as a name match would.</summary>
    private void Add(Compilation compilation, string metadataName, KnownType type)
    {
        foreach (INamedTypeSymbol symbol in compilation.GetTypesByMetadataName(metadataName))
        {
            _types[symbol] = type;
        }
    }
}
