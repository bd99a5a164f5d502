namespace ClickHouse.RowBinary;

/// <summary>How a column of a RowBinaryWithNamesAndTypes header fails to match the row type.</summary>
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
}
