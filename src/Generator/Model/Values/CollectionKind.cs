namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>The C# shape of an Array or Nested column: decides how elements are walked and how the collection is built.</summary>
internal enum CollectionKind
{
    /// <summary><c>T[]</c></summary>
    Array,

    /// <summary><c>List&lt;T&gt;</c></summary>
    List,

    /// <summary><c>IReadOnlyList&lt;T&gt;</c>, read as an array.</summary>
    ReadOnlyListInterface,

    /// <summary><c>IList&lt;T&gt;</c>, read as an array.</summary>
    ListInterface,

    /// <summary><c>ImmutableArray&lt;T&gt;</c></summary>
    ImmutableArray,
}
