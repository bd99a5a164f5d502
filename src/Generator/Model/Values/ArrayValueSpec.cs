namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Array(T): a varint count, then the elements.</summary>
/// <param name="Kind">The C# collection shape.</param>
/// <param name="Element">The element value.</param>
internal sealed record ArrayValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    CollectionKind Kind,
    ValueSpec Element)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
