namespace ClickHouse.RowBinary;

/// <summary>One column of a table, as the server's <c>system.columns</c> describes it.</summary>
/// <param name="Name">The column name (a Nested column's fields as <c>n.a</c>, <c>n.b</c> where the table flattens them).</param>
/// <param name="Type">The ClickHouse type exactly as the server names it, e.g. <c>DateTime64(3, 'UTC')</c>.</param>
/// <param name="DefaultKind">
/// How the server fills the column when an INSERT does not send it: empty for none (the type's default, 0 or empty),
/// else <c>DEFAULT</c>, <c>MATERIALIZED</c>, <c>ALIAS</c> or <c>EPHEMERAL</c>.
/// </param>
public sealed record ClickHouseTableColumn(string Name, string Type, string DefaultKind)
{
    /// <summary>True when the server computes the column itself and an INSERT may not send it (MATERIALIZED, ALIAS).</summary>
    public bool IsComputed => DefaultKind is "MATERIALIZED" or "ALIAS";

    /// <summary>True when the table says what an INSERT that does not send the column stores (DEFAULT, MATERIALIZED, ALIAS, EPHEMERAL).</summary>
    public bool HasDefaultExpression => DefaultKind.Length > 0;
}
