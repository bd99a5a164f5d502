using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Turns the <c>@name</c> placeholders ADO.NET code and Dapper write into ClickHouse's typed server-side parameters,
/// <c>{name:Type}</c>: only the placeholder changes, the value still travels apart from the SQL. String literals,
/// quoted identifiers and comments are left as they are.
/// </summary>
internal static class ParameterPlaceholders
{
    /// <summary>The SQL with each <c>@name</c> outside literals and comments replaced by <c>{name:Type}</c>.</summary>
    /// <param name="sql">The command text.</param>
    /// <param name="typeOf">The ClickHouse type of a parameter, or null when there is no parameter of that name.</param>
    /// <exception cref="ArgumentException">A placeholder names no parameter.</exception>
    public static string Rewrite(string sql, Func<string, string?> typeOf)
    {
        if (!sql.Contains('@', StringComparison.Ordinal))
        {
            return sql;
        }
        var result = new StringBuilder(sql.Length + 32);
        int i = 0;
        while (i < sql.Length)
        {
            char c = sql[i];
            int end = c switch
            {
                '\'' or '"' or '`' => QuotedEnd(sql, i, c),
                '-' when At(sql, i + 1, '-') => LineEnd(sql, i),
                '#' => LineEnd(sql, i),
                '/' when At(sql, i + 1, '*') => BlockCommentEnd(sql, i),
                _ => -1,
            };
            if (end >= 0)
            {
                result.Append(sql, i, end - i);
                i = end;
                continue;
            }
            if (c == '@' && i + 1 < sql.Length && IsNameStart(sql[i + 1]) && (i == 0 || !IsNamePart(sql[i - 1])))
            {
                int nameEnd = i + 1;
                while (nameEnd < sql.Length && IsNamePart(sql[nameEnd]))
                {
                    nameEnd++;
                }
                string name = sql.Substring(i + 1, nameEnd - i - 1);
                string type = typeOf(name)
                    ?? throw new ArgumentException($"The command text names the parameter @{name}, but the command has no parameter '{name}'.", nameof(sql));
                result.Append('{').Append(name).Append(':').Append(type).Append('}');
                i = nameEnd;
                continue;
            }
            result.Append(c);
            i++;
        }
        return result.ToString();
    }

    private static bool At(string sql, int index, char c) => index < sql.Length && sql[index] == c;

    private static bool IsNameStart(char c) => char.IsAsciiLetter(c) || c == '_';

    private static bool IsNamePart(char c) => char.IsAsciiLetterOrDigit(c) || c == '_';

    /// <summary>The index after a quoted literal or identifier (backslash escapes and doubled quotes inside).</summary>
    private static int QuotedEnd(string sql, int start, char quote)
    {
        int i = start + 1;
        while (i < sql.Length)
        {
            if (sql[i] == '\\')
            {
                i += 2;
            }
            else if (sql[i] == quote)
            {
                if (At(sql, i + 1, quote))
                {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            else
            {
                i++;
            }
        }
        return sql.Length;
    }

    private static int LineEnd(string sql, int start)
    {
        int end = sql.IndexOf('\n', start);
        return end < 0 ? sql.Length : end;
    }

    private static int BlockCommentEnd(string sql, int start)
    {
        int end = sql.IndexOf("*/", start + 2, StringComparison.Ordinal);
        return end < 0 ? sql.Length : end + 2;
    }
}
