using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Checks a RowBinaryWithNamesAndTypes header against a row type: columns are matched by name in any order, and
/// each column's type must give the same bytes as the row type's (see <see cref="IsCompatible(string, string)"/>).
/// </summary>
internal static class RowBinaryHeaderChecker
{
    /// <summary>
    /// Matches the header's columns to <typeparamref name="T"/>'s and returns the column order to read rows with
    /// (<c>order[i]</c> is the schema index of the data's i-th column), or null when the data has the schema's own order.
    /// </summary>
    /// <exception cref="RowBinarySchemaMismatchException">
    /// A column of the data is not in the row type, a column of the row type is not in the data, a column appears
    /// twice, or a type does not fit. Every problem is listed.
    /// </exception>
    public static int[]? GetColumnOrder<T>(RowBinaryHeader header)
        where T : IClickHouseRow<T>
        => GetColumnOrder<T>(header, HeaderFormat);

    /// <summary>The format whose header this checks, unless told another (a Native block's columns).</summary>
    internal const string HeaderFormat = "RowBinaryWithNamesAndTypes";

    /// <inheritdoc cref="GetColumnOrder{T}(RowBinaryHeader)"/>
    /// <param name="header">The data's column names and types.</param>
    /// <param name="format">The format of the data, which an error names.</param>
    internal static int[]? GetColumnOrder<T>(RowBinaryHeader header, string format)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(header);
        ClickHouseRowSchema schema = T.Schema;
        IReadOnlyList<ClickHouseColumnInfo> columns = schema.Columns;
        Dictionary<string, int> indexByName = RowSchemaCache<T>.IndexByName;
        var order = new int[header.Count];
        var seen = new bool[columns.Count];
        bool identity = header.Count == columns.Count;
        List<RowBinaryColumnMismatch>? mismatches = null;

        for (int i = 0; i < header.Count; i++)
        {
            string name = header.Names[i];
            string actualType = header.Types[i];
            if (!indexByName.TryGetValue(name, out int index))
            {
                (mismatches ??= []).Add(NotInRowType(schema, name, actualType));
                identity = false;
                continue;
            }
            if (seen[index])
            {
                (mismatches ??= []).Add(Duplicate(name, columns[index].Type, actualType));
                identity = false;
                continue;
            }
            seen[index] = true;
            order[i] = index;
            identity &= index == i;
            if (!TypeFits(RowSchemaCache<T>.Types[index], columns[index].Type, actualType, out string? parseError))
            {
                (mismatches ??= []).Add(TypeMismatch(schema, columns[index], actualType, parseError));
            }
        }
        for (int index = 0; index < columns.Count; index++)
        {
            if (!seen[index])
            {
                (mismatches ??= []).Add(MissingFromData(schema, columns[index]));
            }
        }
        if (mismatches is not null)
        {
            throw RowBinarySchemaMismatchException.Reading(schema.RowTypeName, mismatches, format);
        }
        return identity ? null : order;
    }

    /// <summary>
    /// True when data of <paramref name="actualType"/> reads as <paramref name="expectedType"/>: the same type after
    /// setting aside what does not change the bytes (LowCardinality, SimpleAggregateFunction, a DateTime's time
    /// zone, tuple element names, enum labels), at any depth inside Nullable, Array, Map and Tuple.
    /// </summary>
    /// <exception cref="ClickHouseTypeParseException">A type string cannot be parsed.</exception>
    public static bool IsCompatible(string expectedType, string actualType)
    {
        ArgumentNullException.ThrowIfNull(expectedType);
        ArgumentNullException.ThrowIfNull(actualType);
        return string.Equals(expectedType, actualType, StringComparison.Ordinal)
            || ClickHouseTypeCompatibility.Fits(ClickHouseType.Parse(expectedType), ClickHouseType.Parse(actualType));
    }

    private static bool TypeFits(ClickHouseType expected, string expectedText, string actualText, out string? parseError)
    {
        parseError = null;
        if (string.Equals(expectedText, actualText, StringComparison.Ordinal))
        {
            return true;
        }
        if (!ClickHouseType.TryParse(actualText, out ClickHouseType? actual, out parseError))
        {
            return false;
        }
        return ClickHouseTypeCompatibility.Fits(expected, actual);
    }

    private static RowBinaryColumnMismatch NotInRowType(ClickHouseRowSchema schema, string name, string actualType)
        => new(name, RowBinaryColumnMismatchKind.NotInRowType, null, actualType,
            $"Column '{name}' ({actualType}) is in the data, but {schema.RowTypeName} has no member for it. " +
            $"Select only the row type's columns ({schema.ColumnList}), or add a member [ClickHouseColumn(\"{name}\")] to read it. " +
            "[ClickHouseIgnore] does not skip columns of the data: it keeps a member out of the schema.");

    private static RowBinaryColumnMismatch Duplicate(string name, string expectedType, string actualType)
        => new(name, RowBinaryColumnMismatchKind.DuplicateInData, expectedType, actualType,
            $"Column '{name}' appears more than once in the data; select it once, or give the other copies another name with AS.");

    private static RowBinaryColumnMismatch TypeMismatch(ClickHouseRowSchema schema, ClickHouseColumnInfo column, string actualType, string? parseError)
        => new(column.Name, RowBinaryColumnMismatchKind.TypeMismatch, column.Type, actualType,
            $"Column '{column.Name}': {schema.RowTypeName}.{column.MemberName} expects {column.Type}, but the data has {actualType}" +
            (parseError is null ? "" : $", which cannot be parsed ({parseError})") + ". " +
            $"Convert it in the query (CAST({ClickHouseIdentifier.Quote(column.Name)} AS {column.Type}) AS {ClickHouseIdentifier.Quote(column.Name)}), " +
            $"or declare the member as [ClickHouseColumn(\"{column.Name}\", Type = \"{actualType}\")] with a C# type that fits it.");

    private static RowBinaryColumnMismatch MissingFromData(ClickHouseRowSchema schema, ClickHouseColumnInfo column)
        => new(column.Name, RowBinaryColumnMismatchKind.MissingFromData, column.Type, null,
            $"Column '{column.Name}' ({column.Type}) of {schema.RowTypeName}.{column.MemberName} is not in the data. " +
            $"Add it to the query's column list, or mark the member [ClickHouseIgnore] if it is not a column of this result.");
}
