namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// Array(T), and the types encoded as one (the geo arrays, QBit(T, N)): a varint count, then the elements.
/// </summary>
/// <param name="Kind">The C# collection shape.</param>
/// <param name="Element">The element value: a <see cref="NothingValueSpec"/> for Array(Nothing), which is always empty.</param>
/// <param name="Dimension">The exact count of a QBit(T, N), checked on write and read; 0 for any count.</param>
internal sealed record ArrayValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    CollectionKind Kind,
    ValueSpec Element,
    int Dimension = 0)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
