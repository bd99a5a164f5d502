using System;
using System.Data.Common;

namespace ClickHouse.RowBinary;

/// <summary>A column of a <see cref="ClickHouseDataReader"/>'s result, as ADO.NET describes columns, with its ClickHouse type.</summary>
public sealed class ClickHouseDbColumn : DbColumn
{
    internal ClickHouseDbColumn(int ordinal, string name, string typeName, ClickHouseType type, Type dataType)
    {
        ClickHouseType = type;
        ColumnOrdinal = ordinal;
        ColumnName = name;
        BaseColumnName = name;
        DataTypeName = typeName;
        DataType = dataType;
        AllowDBNull = type.IsNullable;
        IsReadOnly = true;
        ClickHouseType value = type.UnwrapNullable();
        IsLong = value.Kind is ClickHouseTypeKind.String or ClickHouseTypeKind.Json;
        ColumnSize = value.ByteSize;
        if (value.Kind == ClickHouseTypeKind.Decimal)
        {
            NumericPrecision = value.Precision;
            NumericScale = value.Scale;
        }
    }

    /// <summary>The column's ClickHouse type, parsed.</summary>
    public ClickHouseType ClickHouseType { get; }
}
