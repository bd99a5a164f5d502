using System;
using System.Collections.Generic;
using System.Data;
using System.Data.Common;

namespace ClickHouse.RowBinary;

/// <summary>The schema table of ADO.NET's <c>GetSchemaTable</c>: one row per column, in the standard columns.</summary>
internal static class ClickHouseSchemaTable
{
    public static DataTable Of(IReadOnlyList<DbColumn> columns)
    {
        var table = new DataTable("SchemaTable") { Locale = System.Globalization.CultureInfo.InvariantCulture };
        DataColumn name = table.Columns.Add(SchemaTableColumn.ColumnName, typeof(string));
        DataColumn ordinal = table.Columns.Add(SchemaTableColumn.ColumnOrdinal, typeof(int));
        DataColumn size = table.Columns.Add(SchemaTableColumn.ColumnSize, typeof(int));
        DataColumn precision = table.Columns.Add(SchemaTableColumn.NumericPrecision, typeof(int));
        DataColumn scale = table.Columns.Add(SchemaTableColumn.NumericScale, typeof(int));
        // Typed object, not Type: a column of System.Type would make the trimmer keep what Type's members reflect on.
        DataColumn dataType = table.Columns.Add(SchemaTableColumn.DataType, typeof(object));
        DataColumn typeName = table.Columns.Add("DataTypeName", typeof(string));
        DataColumn allowNull = table.Columns.Add(SchemaTableColumn.AllowDBNull, typeof(bool));
        DataColumn isLong = table.Columns.Add(SchemaTableColumn.IsLong, typeof(bool));
        DataColumn isReadOnly = table.Columns.Add(SchemaTableOptionalColumn.IsReadOnly, typeof(bool));
        DataColumn isUnique = table.Columns.Add(SchemaTableColumn.IsUnique, typeof(bool));
        DataColumn isKey = table.Columns.Add(SchemaTableColumn.IsKey, typeof(bool));
        DataColumn baseColumn = table.Columns.Add(SchemaTableColumn.BaseColumnName, typeof(string));
        foreach (DbColumn column in columns)
        {
            DataRow row = table.NewRow();
            row[name] = column.ColumnName;
            row[ordinal] = column.ColumnOrdinal ?? 0;
            row[size] = column.ColumnSize ?? -1;
            row[precision] = (object?)column.NumericPrecision ?? DBNull.Value;
            row[scale] = (object?)column.NumericScale ?? DBNull.Value;
            row[dataType] = column.DataType;
            row[typeName] = column.DataTypeName;
            row[allowNull] = column.AllowDBNull ?? true;
            row[isLong] = column.IsLong ?? false;
            row[isReadOnly] = true;
            row[isUnique] = false;
            row[isKey] = false;
            row[baseColumn] = column.BaseColumnName;
            table.Rows.Add(row);
        }
        return table;
    }
}
