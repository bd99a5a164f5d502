using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// Variant(T1, ..) held in a <c>ClickHouseVariant&lt;..&gt;</c>: a discriminator byte (0xFF for NULL), then the
/// value of that arm.
/// </summary>
/// <param name="Arms">The arms in declared order, as <c>ClickHouseVariant</c>'s <c>Value0..</c>.</param>
/// <param name="Discriminators">Each arm's discriminator: its index among the arms' type names sorted ordinally.</param>
internal sealed record VariantValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    EquatableArray<ValueSpec> Arms,
    EquatableArray<int> Discriminators)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);
