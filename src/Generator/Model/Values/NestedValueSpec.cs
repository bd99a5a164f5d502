namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// Nested(a A, ..) held in a collection of a nested [ClickHouseRow] type. It travels as one <c>name.a Array(A)</c>
/// column per field, so it stands only directly in a row type.
/// </summary>
internal sealed record NestedValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    CollectionKind Kind,
    RowShape Row)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
