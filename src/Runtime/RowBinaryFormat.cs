namespace ClickHouse.RowBinary;

/// <summary>The RowBinary family of ClickHouse formats.</summary>
public enum RowBinaryFormat
{
    /// <summary>Rows only: the columns must be in the row type's order with its types.</summary>
    RowBinary,

    /// <summary>A header of column names and types, checked against the row type, then the rows.</summary>
    RowBinaryWithNamesAndTypes,

    /// <summary>Writing only: a byte before each column, 1 asks the server to use the column default.</summary>
    RowBinaryWithDefaults,
}
