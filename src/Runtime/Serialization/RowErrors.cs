using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Places an error raised while reading or writing one row at its column and row, so that every failure names
/// the column, the row and the ClickHouse type.
/// </summary>
internal static class RowErrors
{
    /// <summary>
    /// True for the exceptions that bad values raise inside generated code: they are wrapped. Cancellation,
    /// a need for more data and disposal are not errors of a value and pass through untouched, and neither do
    /// <see cref="NullReferenceException"/> and <see cref="IndexOutOfRangeException"/>: they come from bugs (in
    /// generated code or the row type's own), which a message about bad data would hide.
    /// </summary>
    public static bool IsValueError(Exception exception) => exception switch
    {
        RowBinaryException => true,
        ObjectDisposedException => false,
        ArgumentException or ArithmeticException or FormatException or InvalidCastException or InvalidOperationException
            or KeyNotFoundException => true,
        _ => false,
    };

    public static RowBinaryException Writing(ClickHouseRowSchema schema, int column, long row, Exception exception)
    {
        if (exception is RowBinaryException rowBinary)
        {
            return rowBinary.AtColumn(ColumnName(schema, column), row);
        }
        string message = TryGetColumn(schema, column, out ClickHouseColumnInfo? info)
            ? $"the member {info.MemberName} could not be written as {info.Type}: {Describe(exception)}"
            : $"the value could not be written: {Describe(exception)}";
        return new RowBinaryException(message, clickHouseType: info?.Type, innerException: exception).AtColumn(ColumnName(schema, column), row);
    }

    public static RowBinaryException Reading(ClickHouseRowSchema schema, int column, long row, long offset, Exception exception)
    {
        if (exception is RowBinaryException rowBinary)
        {
            return rowBinary.AtColumn(ColumnName(schema, column), row);
        }
        string message = TryGetColumn(schema, column, out ClickHouseColumnInfo? info)
            ? $"the {info.Type} value near byte offset {offset} could not be read into the member {info.MemberName}: {Describe(exception)}"
            : $"the value near byte offset {offset} could not be read: {Describe(exception)}";
        return new RowBinaryException(message, offset, info?.Type, exception).AtColumn(ColumnName(schema, column), row);
    }

    /// <summary>The data stops inside a row: a truncated stream, or an error text a server appended after the rows.</summary>
    public static RowBinaryException EndsMidRow(ClickHouseRowSchema schema, int column, long row, long rowStart, long end, RowBinaryException cause)
    {
        TryGetColumn(schema, column, out ClickHouseColumnInfo? info);
        string type = info is null ? "" : $" ({info.Type})";
        string message =
            $"The data ends mid-row: row {row} starts at byte offset {rowStart} and the data ends at byte offset {end}, " +
            $"{end - rowStart} bytes later, before column '{ColumnName(schema, column)}'{type} is complete. " +
            $"The stream was cut short, or it is not {schema.RowTypeName} rows in this format. {cause.Message}";
        return new RowBinaryException(message, cause.Offset ?? end, cause.ClickHouseType ?? info?.Type, cause).AtColumn(ColumnName(schema, column), row);
    }

    public static ArgumentException NullRow(ClickHouseRowSchema schema, long row)
        => new($"Row {row} is null: every row of {schema.RowTypeName} must be an instance to be written.", "rows");

    public static string ColumnName(ClickHouseRowSchema schema, int column)
        => TryGetColumn(schema, column, out ClickHouseColumnInfo? info) ? info.Name : $"#{column}";

    private static bool TryGetColumn(ClickHouseRowSchema schema, int column, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ClickHouseColumnInfo? info)
    {
        info = (uint)column < (uint)schema.Columns.Count ? schema.Columns[column] : null;
        return info is not null;
    }

    private static string Describe(Exception exception) => $"{exception.GetType().Name}: {exception.Message}";
}
