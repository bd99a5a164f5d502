namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Tuple(a A, ..) held in a nested [ClickHouseRow] type: its columns one after the other.</summary>
internal sealed record RowTupleValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    RowShape Row)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
