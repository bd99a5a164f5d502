using ClickHouse.RowBinary.Generator.Model;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>A property or field that maps to a column, with what its attributes say, before its type is bound.</summary>
internal sealed class MemberInfo
{
    public MemberInfo(ISymbol symbol, ITypeSymbol type, string columnName, string? typeText, bool useServerDefault, bool cacheStrings, bool isSettable, bool isRequired)
    {
        Symbol = symbol;
        Type = type;
        ColumnName = columnName;
        TypeText = typeText;
        UseServerDefault = useServerDefault;
        CacheStrings = cacheStrings;
        IsSettable = isSettable;
        IsRequired = isRequired;
    }

    public ISymbol Symbol { get; }

    public string Name => Symbol.Name;

    /// <summary>The member's C# type, with its nullable annotation.</summary>
    public ITypeSymbol Type { get; }

    public string ColumnName { get; }

    /// <summary>The <c>Type</c> of its [ClickHouseColumn], or null for the default of its C# type.</summary>
    public string? TypeText { get; }

    public bool UseServerDefault { get; }

    /// <summary>The <c>CacheStrings</c> of its [ClickHouseColumn]: String values are read through the reader's string cache.</summary>
    public bool CacheStrings { get; }

    /// <summary>True when generated code can assign it in an object initializer (a setter, an init accessor, a writable field).</summary>
    public bool IsSettable { get; }

    public bool IsRequired { get; }

    public LocationInfo? Location => LocationInfo.Of(Symbol);
}
