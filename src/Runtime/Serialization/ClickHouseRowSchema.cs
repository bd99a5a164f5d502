using System;
using System.Collections.Generic;
using System.Linq;

namespace ClickHouse.RowBinary;

/// <summary>The columns of a row type, in order, as the generator found them.</summary>
public sealed class ClickHouseRowSchema
{
    public ClickHouseRowSchema(string rowTypeName, IReadOnlyList<ClickHouseColumnInfo> columns)
    {
        ArgumentNullException.ThrowIfNull(columns);
        RowTypeName = rowTypeName;
        Columns = columns;
        ColumnList = "(" + string.Join(", ", columns.Select(c => ClickHouseIdentifier.Quote(c.Name))) + ")";
    }

    /// <summary>The C# name of the row type, for messages.</summary>
    public string RowTypeName { get; }

    public IReadOnlyList<ClickHouseColumnInfo> Columns { get; }

    /// <summary>The quoted column list for <c>INSERT INTO t (a, b) FORMAT RowBinary</c>, e.g. <c>(`day`, `page_url`)</c>.</summary>
    public string ColumnList { get; }
}

/// <summary>One column of a row type: its name and ClickHouse type as a server prints it.</summary>
/// <param name="Name">The column name.</param>
/// <param name="Type">The ClickHouse type, canonical, e.g. <c>DateTime64(3, 'UTC')</c>.</param>
/// <param name="MemberName">The C# member it maps to (for Nested sub-columns, the collection member).</param>
public sealed record ClickHouseColumnInfo(string Name, string Type, string MemberName);
