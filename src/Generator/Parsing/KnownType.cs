namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>The types the mapping knows by name, as <see cref="KnownTypeSymbols"/> classifies a symbol.</summary>
internal enum KnownType
{
    None,
    Int128,
    UInt128,
    BigInteger,
    DateOnly,
    DateTimeOffset,
    TimeSpan,
    Guid,
    IPAddress,
    ReadOnlyMemory,
    List,
    ReadOnlyListInterface,
    ListInterface,
    ImmutableArray,
    Dictionary,
    ReadOnlyDictionaryInterface,
    DictionaryInterface,
    KeyValuePair,
    JsonNode,
    JsonDocument,
    ClickHouseDecimal,
    ClickHouseDynamic,
    ClickHouseGeometry,

    /// <summary>A <c>ClickHouseVariant&lt;..&gt;</c> of any arity.</summary>
    ClickHouseVariant,

    RowAttribute,
    ColumnAttribute,
    IgnoreAttribute,
    SetsRequiredMembersAttribute,
}
