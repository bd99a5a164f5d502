using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Everything the emitter needs to write one row type's generated file.</summary>
/// <param name="HintName">The generated file's name, e.g. <c>Shop.Orders.Order.RowBinary.g.cs</c>.</param>
/// <param name="Namespace">The namespace, or null for the global namespace.</param>
/// <param name="ContainingTypes">The declarations of the types the row type is nested in, outermost first, e.g. <c>partial class Outer</c>.</param>
/// <param name="Declaration">The partial declaration of the row type itself, e.g. <c>partial record struct Order</c>.</param>
/// <param name="Name">The row type's C# name as messages show it, e.g. <c>Outer.Order</c>.</param>
/// <param name="Row">The columns and how to construct the type.</param>
/// <param name="ColumnsClass">The name of the class nested in the row type that holds the column methods: <c>ClickHouseRowColumns</c>, or that with a number when the row type already has a member of that name.</param>
/// <param name="SupportClass">The name of the file-local class beside the row type that holds the schema: <c>ClickHouseRowSupport</c>, or that with a number when a member of that name is in scope in the row type.</param>
internal sealed record RowTypeSpec(
    string HintName,
    string? Namespace,
    EquatableArray<string> ContainingTypes,
    string Declaration,
    string Name,
    RowShape Row,
    string ColumnsClass,
    string SupportClass);
