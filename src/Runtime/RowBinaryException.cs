using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// RowBinary data that cannot be read, or a value that cannot be written, for the ClickHouse type at hand.
/// The message names the type, the byte offset and what was expected; when raised while reading or writing a
/// row type, also the column and the row.
/// </summary>
public class RowBinaryException : Exception
{
    public RowBinaryException(string message, long? offset = null, string? clickHouseType = null, Exception? innerException = null)
        : base(message, innerException)
    {
        Offset = offset;
        ClickHouseType = clickHouseType;
    }

    private RowBinaryException(string message, RowBinaryException inner, string? column, long? row)
        : base(message, inner)
    {
        Offset = inner.Offset;
        ClickHouseType = inner.ClickHouseType;
        Column = column;
        Row = row;
    }

    /// <summary>The byte offset in the data where the problem was found, when reading.</summary>
    public long? Offset { get; }

    /// <summary>The ClickHouse type being read or written, when known.</summary>
    public string? ClickHouseType { get; }

    /// <summary>The column being read or written, when known.</summary>
    public string? Column { get; }

    /// <summary>The zero-based row index, when known.</summary>
    public long? Row { get; }

    /// <summary>The same problem, placed at a column and a row.</summary>
    public RowBinaryException AtColumn(string column, long row)
    {
        if (Column is not null)
        {
            return this;
        }
        return new RowBinaryException($"Column '{column}', row {row}: {Message}", this, column, row);
    }

    /// <summary>The same problem, placed in an external table sent with a query.</summary>
    internal RowBinaryException InTable(string table)
        => new($"External table '{table}': {Message}", this, Column, Row);

    /// <summary>
    /// The same problem, placed at a column of a block of rows (<paramref name="firstRow"/> onwards): in a Native block
    /// a column's data belongs to all its rows at once.
    /// </summary>
    internal RowBinaryException AtBlockColumn(string column, long firstRow)
    {
        if (Column is not null)
        {
            return this;
        }
        return new RowBinaryException($"Column '{column}' of the block of rows from row {firstRow}: {Message}", this, column, row: null);
    }
}
