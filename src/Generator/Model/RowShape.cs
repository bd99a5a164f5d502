using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// The columns of a [ClickHouseRow] type and how to construct it: for the row type being generated, and for
/// row types nested in it as a Tuple or a Nested column.
/// </summary>
/// <param name="TypeName">The fully qualified C# type name.</param>
/// <param name="IsReferenceType">True for classes and records (a null row is an error), false for structs.</param>
/// <param name="Fields">The mapped members, in column order.</param>
/// <param name="Construction">How a reader builds an instance from the field values.</param>
internal sealed record RowShape(
    string TypeName,
    bool IsReferenceType,
    EquatableArray<FieldSpec> Fields,
    ConstructionSpec Construction);
