using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// The row type does not fit the columns of the data it reads (a RowBinaryWithNamesAndTypes header, a Native block), or of the table
/// an INSERT would write (then nothing was sent): thrown before the first row, with every mismatched column named
/// with both types and a way to fix it.
/// </summary>
public sealed class RowBinarySchemaMismatchException : RowBinaryException
{
    public RowBinarySchemaMismatchException(string rowTypeName, IReadOnlyList<RowBinaryColumnMismatch> mismatches)
        : this(rowTypeName, table: null, mismatches)
    {
    }

    /// <param name="rowTypeName">The C# row type.</param>
    /// <param name="table">The table an INSERT was checked against, quoted as in SQL; null for a read.</param>
    /// <param name="mismatches">Every column that does not fit; at least one.</param>
    public RowBinarySchemaMismatchException(string rowTypeName, string? table, IReadOnlyList<RowBinaryColumnMismatch> mismatches)
        : this(rowTypeName, table, mismatches, table is null ? ReadLead(rowTypeName, RowBinaryHeaderChecker.HeaderFormat) : InsertLead(rowTypeName, table))
    {
    }

    private RowBinarySchemaMismatchException(string rowTypeName, string? table, IReadOnlyList<RowBinaryColumnMismatch> mismatches, string lead)
        : base(BuildMessage(lead, mismatches), clickHouseType: First(mismatches).ActualType ?? First(mismatches).ExpectedType)
    {
        RowTypeName = rowTypeName;
        Table = table;
        Mismatches = Array.AsReadOnly(mismatches.ToArray());
    }

    /// <summary>The columns of data in <paramref name="format"/> (<c>Native</c>, ...) do not fit the row type.</summary>
    internal static RowBinarySchemaMismatchException Reading(string rowTypeName, IReadOnlyList<RowBinaryColumnMismatch> mismatches, string format)
        => new(rowTypeName, table: null, mismatches, ReadLead(rowTypeName, format));

    /// <summary><c>CREATE TABLE IF NOT EXISTS</c> found a table of that name, which does not fit the row type.</summary>
    internal static RowBinarySchemaMismatchException ExistingTable(string rowTypeName, string table, IReadOnlyList<RowBinaryColumnMismatch> mismatches)
        => new(rowTypeName, table, mismatches,
            $"The table {table} exists already (CREATE TABLE IF NOT EXISTS left it as it was) and does not fit {rowTypeName}: its rows could not be inserted");

    /// <summary>The C# row type the data was read into, or the rows were to be written from.</summary>
    public string RowTypeName { get; }

    /// <summary>The table an INSERT was checked against (quoted, e.g. <c>`db`.`visits`</c>); null when data was being read.</summary>
    public string? Table { get; }

    /// <summary>Every column that does not match, in the order found.</summary>
    public IReadOnlyList<RowBinaryColumnMismatch> Mismatches { get; }

    private static RowBinaryColumnMismatch First(IReadOnlyList<RowBinaryColumnMismatch> mismatches)
    {
        ArgumentNullException.ThrowIfNull(mismatches);
        if (mismatches.Count == 0)
        {
            throw new ArgumentException("A schema mismatch needs at least one mismatched column.", nameof(mismatches));
        }
        return mismatches[0];
    }

    private static string ReadLead(string rowTypeName, string format) => $"The columns of the {format} data do not match {rowTypeName}";

    private static string InsertLead(string rowTypeName, string table)
        => $"{rowTypeName} does not fit the table {table}, so nothing was sent (RowBinary carries no types: the server would read the bytes as the table's types)";

    private static string BuildMessage(string lead, IReadOnlyList<RowBinaryColumnMismatch> mismatches)
    {
        First(mismatches);
        var message = new StringBuilder(lead).Append(':');
        foreach (RowBinaryColumnMismatch mismatch in mismatches)
        {
            message.Append(Environment.NewLine).Append("  - ").Append(mismatch.Description);
        }
        return message.ToString();
    }
}
