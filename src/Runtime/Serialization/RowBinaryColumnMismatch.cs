namespace ClickHouse.RowBinary;

/// <summary>
/// One column that does not match the row type: of a RowBinaryWithNamesAndTypes header being read, or of the table an
/// INSERT goes to.
/// </summary>
/// <param name="Column">The column name.</param>
/// <param name="Kind">What is wrong.</param>
/// <param name="ExpectedType">The row type's ClickHouse type for the column, when it has the column.</param>
/// <param name="ActualType">The data's (for an INSERT, the table's) ClickHouse type for the column, when it has the column.</param>
/// <param name="Description">What is wrong and how to fix it, in words.</param>
public sealed record RowBinaryColumnMismatch(
    string Column,
    RowBinaryColumnMismatchKind Kind,
    string? ExpectedType,
    string? ActualType,
    string Description);
