using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Tuple(T1, ..) held in a <see cref="System.ValueTuple"/>: the elements one after the other.</summary>
internal sealed record TupleValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    EquatableArray<ValueSpec> Elements)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
