namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Nothing, the type of a column that is always NULL (<c>Nullable(Nothing)</c>): no value can be written or read.</summary>
internal sealed record NothingValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
