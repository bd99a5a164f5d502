namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>The C# shape of a Map column.</summary>
internal enum MapKind
{
    /// <summary><c>Dictionary&lt;K, V&gt;</c>: walked with its struct enumerator; a repeated key is an error on read.</summary>
    Dictionary,

    /// <summary><c>IReadOnlyDictionary&lt;K, V&gt;</c>, read as a Dictionary.</summary>
    ReadOnlyDictionaryInterface,

    /// <summary><c>IDictionary&lt;K, V&gt;</c>, read as a Dictionary.</summary>
    DictionaryInterface,

    /// <summary><c>List&lt;KeyValuePair&lt;K, V&gt;&gt;</c>: keeps the order and repeated keys.</summary>
    KeyValuePairList,
}
