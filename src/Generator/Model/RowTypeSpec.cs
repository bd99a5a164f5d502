using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Everything the emitter needs to write one row type's generated file.</summary>
/// <param name="HintName">The generated file's name, e.g. <c>Shop.Orders.Order.RowBinary.g.cs</c>.</param>
/// <param name="Namespace">The namespace, or null for the global namespace.</param>
/// <param name="ContainingTypes">The declarations of the types the row type is nested in, outermost first, e.g. <c>partial class Outer</c>.</param>
/// <param name="Declaration">The partial declaration of the row type itself, e.g. <c>partial record struct Order</c>.</param>
/// <param name="Name">The row type's C# name as messages show it, e.g. <c>Outer.Order</c>.</param>
/// <param name="Row">The columns and how to construct the type.</param>
internal sealed record RowTypeSpec(
    string HintName,
    string? Namespace,
    EquatableArray<string> ContainingTypes,
    string Declaration,
    string Name,
    RowShape Row);
