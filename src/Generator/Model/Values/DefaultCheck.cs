namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// How RowBinaryWithDefaults tells that a value is its C# default (null, 0, empty), so that the server fills in
/// the column's default instead.
/// </summary>
internal enum DefaultCheck
{
    /// <summary>A null reference.</summary>
    IsNull,

    /// <summary>A null or empty <c>string</c>.</summary>
    IsNullOrEmptyString,

    /// <summary>A null or empty array.</summary>
    IsNullOrEmptyArray,

    /// <summary>A null or empty collection with a <c>Count</c>.</summary>
    IsNullOrEmptyCollection,

    /// <summary>A default or empty <c>ImmutableArray&lt;T&gt;</c>.</summary>
    IsDefaultOrEmptyImmutableArray,

    /// <summary>An empty <c>ReadOnlyMemory&lt;byte&gt;</c>.</summary>
    IsEmptyMemory,

    /// <summary>Equal to <c>default</c> with the type's own <c>==</c>.</summary>
    EqualsDefault,

    /// <summary>Equal to 0 (the stored number of an Enum).</summary>
    EqualsZero,

    /// <summary>Equal to <c>default</c> by <c>EqualityComparer&lt;T&gt;.Default</c>, for types without <c>==</c>.</summary>
    EqualsDefaultByComparer,

    /// <summary>A <c>ClickHouseVariant</c> that holds NULL.</summary>
    IsNullVariant,
}
