using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>Lexical rules of ClickHouse type strings: identifiers, quoting and escaping, as the server applies them.</summary>
internal static class ClickHouseSyntax
{
    // Valid identifiers that a 26.9 server still backquotes when it prints a type (checked against system.keywords).
    private static readonly string[] AlwaysQuotedWords =
    {
        "all", "distinct", "false", "from", "inf", "infinity", "nan", "null", "select", "some", "table", "top", "true", "values",
    };

    public static bool IsIdentifierStart(char c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';

    public static bool IsWordChar(char c) => IsIdentifierStart(c) || IsDigit(c);

    public static bool IsDigit(char c) => c >= '0' && c <= '9';

    public static bool IsWhitespace(char c) => c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';

    /// <summary>True when the server prints <paramref name="name"/> without backquotes.</summary>
    public static bool IsPlainIdentifier(string name)
    {
        if (name.Length == 0 || !IsIdentifierStart(name[0]))
        {
            return false;
        }
        for (int i = 1; i < name.Length; i++)
        {
            if (!IsWordChar(name[i]))
            {
                return false;
            }
        }
        foreach (string word in AlwaysQuotedWords)
        {
            if (string.Equals(word, name, StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>Appends a tuple element or Nested field name, backquoted only where the server does.</summary>
    public static void AppendIdentifier(StringBuilder builder, string name)
    {
        if (IsPlainIdentifier(name))
        {
            builder.Append(name);
        }
        else
        {
            AppendQuoted(builder, name, '`');
        }
    }

    /// <summary>Appends a JSON path: like an identifier, and also backquoted when it reads as the SKIP keyword.</summary>
    public static void AppendJsonPath(StringBuilder builder, string path)
    {
        if (IsPlainIdentifier(path) && !string.Equals(path, "SKIP", StringComparison.OrdinalIgnoreCase))
        {
            builder.Append(path);
        }
        else
        {
            AppendQuoted(builder, path, '`');
        }
    }

    /// <summary>Appends <paramref name="value"/> between <paramref name="quote"/> characters, escaped as the server escapes it.</summary>
    public static void AppendQuoted(StringBuilder builder, string value, char quote)
    {
        builder.Append(quote);
        foreach (char c in value)
        {
            switch (c)
            {
                case '\b': builder.Append("\\b"); break;
                case '\f': builder.Append("\\f"); break;
                case '\n': builder.Append("\\n"); break;
                case '\r': builder.Append("\\r"); break;
                case '\t': builder.Append("\\t"); break;
                case '\0': builder.Append("\\0"); break;
                case '\\': builder.Append("\\\\"); break;
                default:
                    if (c == quote)
                    {
                        builder.Append('\\');
                    }
                    builder.Append(c);
                    break;
            }
        }
        builder.Append(quote);
    }

    /// <summary>A string literal in single quotes, escaped as the server escapes it.</summary>
    public static string QuoteString(string value)
    {
        var builder = new StringBuilder(value.Length + 2);
        AppendQuoted(builder, value, '\'');
        return builder.ToString();
    }
}
