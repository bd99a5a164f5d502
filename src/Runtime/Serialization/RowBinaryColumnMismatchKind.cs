namespace ClickHouse.RowBinary;

/// <summary>How a column of a RowBinaryWithNamesAndTypes header, or of the table an INSERT goes to, fails to match the row type.</summary>
public enum RowBinaryColumnMismatchKind
{
    /// <summary>The row type has the column; the data does not.</summary>
    MissingFromData,

    /// <summary>The data has the column; the row type has no member for it.</summary>
    NotInRowType,

    /// <summary>Both have the column, with types whose bytes differ.</summary>
    TypeMismatch,

    /// <summary>The data names the column more than once.</summary>
    DuplicateInData,

    /// <summary>The row type has the column; the table an INSERT goes to does not.</summary>
    NotInTable,

    /// <summary>The table has the column, with no default and not Nullable; the row type does not send it.</summary>
    MissingFromRowType,

    /// <summary>The row type sends a column the table computes itself (MATERIALIZED or ALIAS), which an INSERT may not send.</summary>
    ComputedInTable,
}
