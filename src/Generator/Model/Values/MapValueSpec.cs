namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Map(K, V): a varint count, then key, value, key, value.</summary>
internal sealed record MapValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    MapKind Kind,
    ValueSpec Key,
    ValueSpec Value)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
