using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>Quotes ClickHouse identifiers so that no table or column name can change the meaning of a query.</summary>
public static class ClickHouseIdentifier
{
    /// <summary>Quotes one identifier in backticks, escaping backslashes and backticks: <c>a`b</c> becomes <c>`a\`b`</c>.</summary>
    public static string Quote(string identifier)
    {
        ArgumentException.ThrowIfNullOrEmpty(identifier);
        var builder = new StringBuilder(identifier.Length + 2);
        builder.Append('`');
        foreach (char c in identifier)
        {
            switch (c)
            {
                case '`': builder.Append("\\`"); break;
                case '\\': builder.Append("\\\\"); break;
                case '\0': builder.Append("\\0"); break;
                case '\n': builder.Append("\\n"); break;
                case '\r': builder.Append("\\r"); break;
                case '\t': builder.Append("\\t"); break;
                default: builder.Append(c); break;
            }
        }
        return builder.Append('`').ToString();
    }

    /// <summary>Quotes a possibly database-qualified table name given as separate parts.</summary>
    public static string QuoteTable(string? database, string table)
        => string.IsNullOrEmpty(database) ? Quote(table) : Quote(database) + "." + Quote(table);
}
