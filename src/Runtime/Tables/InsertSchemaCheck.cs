using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Whether rows of a row type can go into a table: every column it sends is in the table with a type of the same
/// bytes (the rules that check RowBinaryWithNamesAndTypes headers on reads, <see cref="ClickHouseTypeCompatibility"/>),
/// none is computed by the table, and every table column it does not send has a default.
/// </summary>
internal static class InsertSchemaCheck
{
    /// <summary>The setting with which the caller says that omitted columns may take their type's default.</summary>
    public const string DefaultsForOmittedFields = "input_format_defaults_for_omitted_fields";

    /// <param name="schema">The row type's columns.</param>
    /// <param name="rowTypes">The parsed type of each of them.</param>
    /// <param name="table">The table's columns as probed, and whether its server checks a header.</param>
    /// <param name="omittedTakeDefaults">The INSERT sends <see cref="DefaultsForOmittedFields"/> = 1: any column may be left out.</param>
    public static InsertPlan Plan(ClickHouseRowSchema schema, IReadOnlyList<ClickHouseType> rowTypes, TableSchema table, bool omittedTakeDefaults)
    {
        string tableName = table.Key.QualifiedName;
        var tableColumns = new Dictionary<string, ClickHouseTableColumn>(table.Columns.Count, StringComparer.Ordinal);
        foreach (ClickHouseTableColumn column in table.Columns)
        {
            tableColumns.TryAdd(column.Name, column);
        }
        List<RowBinaryColumnMismatch>? mismatches = null;
        var sent = new HashSet<string>(StringComparer.Ordinal);
        var tableTypes = new string[schema.Columns.Count];
        for (int i = 0; i < schema.Columns.Count; i++)
        {
            ClickHouseColumnInfo column = schema.Columns[i];
            sent.Add(column.Name);
            if (!tableColumns.TryGetValue(column.Name, out ClickHouseTableColumn? target))
            {
                (mismatches ??= []).Add(table.Columns.Count == 0 && mismatches.Count == 0
                    ? TableHasNoColumns(schema, column, tableName)
                    : NotInTable(schema, column, tableName));
                continue;
            }
            if (target.IsComputed)
            {
                (mismatches ??= []).Add(Computed(schema, column, target));
                continue;
            }
            tableTypes[i] = target.Type;
            if (!TypeFits(rowTypes[i], column.Type, target.Type, out string? parseError))
            {
                (mismatches ??= []).Add(TypeMismatch(schema, column, target.Type, parseError));
            }
        }
        foreach (ClickHouseTableColumn column in table.Columns)
        {
            if (!sent.Contains(column.Name) && !omittedTakeDefaults && !TakesDefaultWhenOmitted(column))
            {
                (mismatches ??= []).Add(MissingFromRowType(schema, column));
            }
        }
        if (mismatches is not null)
        {
            return InsertPlan.Refuse(mismatches, new RowBinarySchemaMismatchException(schema.RowTypeName, tableName, mismatches));
        }
        return InsertPlan.Send(table.ServerChecksHeader ? HeaderBytes(schema, tableTypes) : null, table.ServerReadsHeaderWithDefaults, tableTypes);
    }

    private static bool TypeFits(ClickHouseType rowType, string rowTypeText, string tableTypeText, out string? parseError)
    {
        parseError = null;
        if (string.Equals(rowTypeText, tableTypeText, StringComparison.Ordinal))
        {
            return true;
        }
        return ClickHouseType.TryParse(tableTypeText, out ClickHouseType? tableType, out parseError)
            && ClickHouseTypeCompatibility.Fits(tableType, rowType);
    }

    private static bool TakesDefaultWhenOmitted(ClickHouseTableColumn column)
        => column.HasDefaultExpression
            || (ClickHouseType.TryParse(column.Type, out ClickHouseType? type, out _) && type.IsNullable);

    /// <summary>The header the server compares with the table: the row type's names, the table's own type names.</summary>
    private static byte[] HeaderBytes(ClickHouseRowSchema schema, string[] tableTypes)
    {
        var names = new string[schema.Columns.Count];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = schema.Columns[i].Name;
        }
        using var output = new PooledBufferWriter(256);
        var writer = new RowBinaryWriter(output);
        new RowBinaryHeader(names, tableTypes).Write(ref writer);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    private static RowBinaryColumnMismatch TableHasNoColumns(ClickHouseRowSchema schema, ClickHouseColumnInfo column, string table)
        => new(column.Name, RowBinaryColumnMismatchKind.NotInTable, column.Type, null,
            $"Column '{column.Name}' ({column.Type}) of {schema.RowTypeName}.{column.MemberName} is not in the table: system.columns lists no column " +
            $"of {table} at all. Either the table does not exist (check its name and the database; ClickHouseClient.CreateTableAsync<{schema.RowTypeName}> " +
            "creates it from the row type), or this user may not see its columns (grant SHOW COLUMNS, or set CheckSchema = false to insert unchecked).");

    private static RowBinaryColumnMismatch NotInTable(ClickHouseRowSchema schema, ClickHouseColumnInfo column, string table)
        => new(column.Name, RowBinaryColumnMismatchKind.NotInTable, column.Type, null,
            $"Column '{column.Name}' ({column.Type}) of {schema.RowTypeName}.{column.MemberName} is not in the table. " +
            $"Add it (ALTER TABLE {table} ADD COLUMN {ClickHouseIdentifier.Quote(column.Name)} {column.Type}), map the member to the table's column " +
            "with [ClickHouseColumn(\"name\")], or mark it [ClickHouseIgnore].");

    private static RowBinaryColumnMismatch Computed(ClickHouseRowSchema schema, ClickHouseColumnInfo column, ClickHouseTableColumn target)
        => new(column.Name, RowBinaryColumnMismatchKind.ComputedInTable, column.Type, target.Type,
            $"Column '{column.Name}' of {schema.RowTypeName}.{column.MemberName} is {target.DefaultKind} in the table: the server computes it and " +
            "an INSERT may not send it. Mark the member [ClickHouseIgnore], and read the column with a row type of its own.");

    private static RowBinaryColumnMismatch TypeMismatch(ClickHouseRowSchema schema, ClickHouseColumnInfo column, string tableType, string? parseError)
        => new(column.Name, RowBinaryColumnMismatchKind.TypeMismatch, column.Type, tableType,
            $"Column '{column.Name}': {schema.RowTypeName}.{column.MemberName} writes {column.Type}, but the table has {tableType}" +
            (parseError is null ? "" : $", which cannot be parsed ({parseError})") + ". " +
            $"Declare the member as [ClickHouseColumn(\"{column.Name}\", Type = \"{tableType}\")] with a C# type that fits it, or change the table's column.");

    private static RowBinaryColumnMismatch MissingFromRowType(ClickHouseRowSchema schema, ClickHouseTableColumn column)
        => new(column.Name, RowBinaryColumnMismatchKind.MissingFromRowType, null, column.Type,
            $"Column '{column.Name}' ({column.Type}) of the table has no DEFAULT and is not Nullable, and {schema.RowTypeName} has no member for it: " +
            $"every row would store the type's default (0 or empty). Add a member [ClickHouseColumn(\"{column.Name}\")], give the column a DEFAULT, " +
            $"or, to store the type's default on purpose, send the setting {DefaultsForOmittedFields} = 1 with the INSERT (on servers that have it).");
}
