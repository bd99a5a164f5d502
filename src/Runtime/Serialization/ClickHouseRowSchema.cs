using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>The columns of a row type, in order, as the generator found them.</summary>
public sealed class ClickHouseRowSchema
{
    public ClickHouseRowSchema(string rowTypeName, IReadOnlyList<ClickHouseColumnInfo> columns)
    {
        ArgumentNullException.ThrowIfNull(columns);
        RowTypeName = rowTypeName;
        // A copy: the schema is shared process-wide, so no caller's list (or a cast of it) may change it.
        Columns = Array.AsReadOnly(columns.ToArray());
        ColumnList = "(" + string.Join(", ", Columns.Select(c => ClickHouseIdentifier.Quote(c.Name))) + ")";
    }

    /// <summary>The schema of a <see cref="ClickHouseRowAttribute"/> type, e.g. <c>ClickHouseRowSchema.Of&lt;Visit&gt;().CreateTableStatement("visits")</c>.</summary>
    public static ClickHouseRowSchema Of<T>() where T : IClickHouseRow<T> => T.Schema;

    /// <summary>The C# name of the row type, for messages.</summary>
    public string RowTypeName { get; }

    /// <summary>The columns in the order the row type declares them (a read-only copy of the list given).</summary>
    public IReadOnlyList<ClickHouseColumnInfo> Columns { get; }

    /// <summary>The quoted column list for <c>INSERT INTO t (a, b) FORMAT RowBinary</c>, e.g. <c>(`day`, `page_url`)</c>.</summary>
    public string ColumnList { get; }

    /// <summary>The columns as a header, made once (with the types it parses once): what data without a header holds.</summary>
    internal RowBinaryHeader Header => _header ??= RowBinaryHeader.FromSchema(this);

    private RowBinaryHeader? _header;

    /// <summary>
    /// The <c>CREATE TABLE</c> statement of a table whose columns are this row type's, each with its ClickHouse type,
    /// names quoted: <c>CREATE TABLE `visits` (`day` Date, `page_url` String) ENGINE = MergeTree ORDER BY tuple()</c>.
    /// The engine and keys come from <paramref name="options"/> (MergeTree ordered by <c>tuple()</c> by default).
    /// </summary>
    public string CreateTableStatement(string table, ClickHouseTableOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(table);
        options ??= new ClickHouseTableOptions();
        ArgumentException.ThrowIfNullOrWhiteSpace(options.Engine, nameof(options));
        var sql = new StringBuilder("CREATE TABLE ");
        if (options.IfNotExists)
        {
            sql.Append("IF NOT EXISTS ");
        }
        sql.Append(ClickHouseIdentifier.QuoteTable(options.Database, table)).Append("\n(\n");
        for (int i = 0; i < Columns.Count; i++)
        {
            sql.Append("    ").Append(ClickHouseIdentifier.Quote(Columns[i].Name)).Append(' ').Append(Columns[i].Type)
                .Append(i < Columns.Count - 1 ? ",\n" : "\n");
        }
        sql.Append(")\nENGINE = ").Append(options.Engine);
        bool mergeTree = options.Engine.Contains("MergeTree", StringComparison.Ordinal);
        if (options.PartitionBy is { Length: > 0 } partitionBy)
        {
            sql.Append("\nPARTITION BY ").Append(partitionBy);
        }
        if (options.PrimaryKey is { Length: > 0 } primaryKey)
        {
            sql.Append("\nPRIMARY KEY ").Append(primaryKey);
        }
        if (options.OrderBy is { Length: > 0 } orderBy)
        {
            sql.Append("\nORDER BY ").Append(orderBy);
        }
        else if (mergeTree)
        {
            sql.Append("\nORDER BY tuple()");
        }
        if (options.Settings.Count > 0)
        {
            sql.Append("\nSETTINGS ").AppendJoin(", ", options.Settings.Select(s => $"{s.Key} = {s.Value}"));
        }
        return sql.ToString();
    }
}

/// <summary>One column of a row type: its name and ClickHouse type as a server prints it.</summary>
/// <param name="Name">The column name.</param>
/// <param name="Type">The ClickHouse type, canonical, e.g. <c>DateTime64(3, 'UTC')</c>.</param>
/// <param name="MemberName">The C# member it maps to (for Nested sub-columns, the collection member).</param>
public sealed record ClickHouseColumnInfo(string Name, string Type, string MemberName);
