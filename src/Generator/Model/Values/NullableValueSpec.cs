namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Nullable(T): a marker byte (1 = NULL), then the inner value when it is not NULL.</summary>
/// <param name="Inner">The non-nullable value.</param>
/// <param name="IsNullableValueType">True for <c>T?</c> over a struct (<see cref="System.Nullable{T}"/>), false for a nullable reference.</param>
internal sealed record NullableValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    ValueSpec Inner,
    bool IsNullableValueType)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
