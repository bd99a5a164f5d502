using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>The metadata names of the types the mapping knows, and how to read a symbol's.</summary>
internal static class KnownTypeNames
{
    public const string RowAttribute = "ClickHouse.RowBinary.ClickHouseRowAttribute";
    public const string ColumnAttribute = "ClickHouse.RowBinary.ClickHouseColumnAttribute";
    public const string IgnoreAttribute = "ClickHouse.RowBinary.ClickHouseIgnoreAttribute";
    public const string SetsRequiredMembersAttribute = "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute";

    public const string Int128 = "System.Int128";
    public const string UInt128 = "System.UInt128";
    public const string BigInteger = "System.Numerics.BigInteger";
    public const string DateOnly = "System.DateOnly";
    public const string DateTimeOffset = "System.DateTimeOffset";
    public const string TimeSpan = "System.TimeSpan";
    public const string Guid = "System.Guid";
    public const string IPAddress = "System.Net.IPAddress";
    public const string ReadOnlyMemory = "System.ReadOnlyMemory`1";
    public const string Nullable = "System.Nullable`1";
    public const string List = "System.Collections.Generic.List`1";
    public const string ReadOnlyListInterface = "System.Collections.Generic.IReadOnlyList`1";
    public const string ListInterface = "System.Collections.Generic.IList`1";
    public const string ImmutableArray = "System.Collections.Immutable.ImmutableArray`1";
    public const string Dictionary = "System.Collections.Generic.Dictionary`2";
    public const string ReadOnlyDictionaryInterface = "System.Collections.Generic.IReadOnlyDictionary`2";
    public const string DictionaryInterface = "System.Collections.Generic.IDictionary`2";
    public const string KeyValuePair = "System.Collections.Generic.KeyValuePair`2";
    public const string JsonNode = "System.Text.Json.Nodes.JsonNode";
    public const string JsonDocument = "System.Text.Json.JsonDocument";
    public const string ClickHouseDecimal = "ClickHouse.RowBinary.ClickHouseDecimal";
    public const string ClickHouseDynamic = "ClickHouse.RowBinary.ClickHouseDynamic";
    public const string ClickHouseVariantPrefix = "ClickHouse.RowBinary.ClickHouseVariant`";

    /// <summary>The metadata name of a type's definition: namespace, containing types and arity, e.g. <c>System.Collections.Generic.List`1</c>.</summary>
    public static string MetadataName(ITypeSymbol type)
    {
        ITypeSymbol definition = type.OriginalDefinition;
        string name = definition.MetadataName;
        for (INamedTypeSymbol? containing = definition.ContainingType; containing is not null; containing = containing.ContainingType)
        {
            name = containing.MetadataName + "+" + name;
        }
        INamespaceSymbol? ns = definition.ContainingNamespace;
        return ns is null || ns.IsGlobalNamespace ? name : ns.ToDisplayString() + "." + name;
    }

    public static bool HasAttribute(ISymbol symbol, string attributeName)
    {
        foreach (AttributeData attribute in symbol.GetAttributes())
        {
            if (attribute.AttributeClass is { } attributeClass && MetadataName(attributeClass) == attributeName)
            {
                return true;
            }
        }
        return false;
    }

    public static AttributeData? FindAttribute(ISymbol symbol, string attributeName)
    {
        foreach (AttributeData attribute in symbol.GetAttributes())
        {
            if (attribute.AttributeClass is { } attributeClass && MetadataName(attributeClass) == attributeName)
            {
                return attribute;
            }
        }
        return null;
    }
}
