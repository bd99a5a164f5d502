using System;
using System.Collections.Generic;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// The columns of RowBinaryWithNamesAndTypes data do not fit the row type: thrown before the first row, with
/// every mismatched column named with its expected and actual type and a way to fix it.
/// </summary>
public sealed class RowBinarySchemaMismatchException : RowBinaryException
{
    public RowBinarySchemaMismatchException(string rowTypeName, IReadOnlyList<RowBinaryColumnMismatch> mismatches)
        : base(BuildMessage(rowTypeName, mismatches), clickHouseType: First(mismatches).ActualType ?? First(mismatches).ExpectedType)
    {
        RowTypeName = rowTypeName;
        Mismatches = mismatches;
    }

    /// <summary>The C# row type the data was read into.</summary>
    public string RowTypeName { get; }

    /// <summary>Every column that does not match, in the order found: data columns first, then missing ones.</summary>
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

    private static string BuildMessage(string rowTypeName, IReadOnlyList<RowBinaryColumnMismatch> mismatches)
    {
        First(mismatches);
        var message = new StringBuilder();
        message.Append("The columns of the RowBinaryWithNamesAndTypes data do not match ").Append(rowTypeName).Append(':');
        foreach (RowBinaryColumnMismatch mismatch in mismatches)
        {
            message.Append(Environment.NewLine).Append("  - ").Append(mismatch.Description);
        }
        return message.ToString();
    }
}
