using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace ClickHouse.RowBinary.Tool;

/// <summary>Turns ClickHouse names into C# identifiers: <c>page_url</c> becomes <c>PageUrl</c>, <c>n.a</c> becomes <c>NA</c>.</summary>
internal static class CSharpNames
{
    /// <summary>Members every record has, which a column may not be named after.</summary>
    private static readonly HashSet<string> s_recordMembers = new(StringComparer.Ordinal)
    {
        "EqualityContract", "Equals", "GetHashCode", "ToString", "PrintMembers", "Deconstruct", "GetType", "MemberwiseClone",
        "Finalize", "ReferenceEquals", "Schema", "Write", "WriteWithDefaults", "Read",
    };

    private static readonly HashSet<string> s_keywords = new(StringComparer.Ordinal)
    {
        "abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked", "class", "const", "continue",
        "decimal", "default", "delegate", "do", "double", "else", "enum", "event", "explicit", "extern", "false", "finally",
        "fixed", "float", "for", "foreach", "goto", "if", "implicit", "in", "int", "interface", "internal", "is", "lock",
        "long", "namespace", "new", "null", "object", "operator", "out", "override", "params", "private", "protected",
        "public", "readonly", "ref", "return", "sbyte", "sealed", "short", "sizeof", "stackalloc", "static", "string",
        "struct", "switch", "this", "throw", "true", "try", "typeof", "uint", "ulong", "unchecked", "unsafe", "ushort",
        "using", "virtual", "void", "volatile", "while",
    };

    /// <summary>Whether <paramref name="name"/> can stand as a C# identifier as it is (ASCII letters, digits and underscores, not a keyword).</summary>
    public static bool IsIdentifier(string name)
        => name.Length > 0 && (char.IsAsciiLetter(name[0]) || name[0] == '_') && name.All(c => char.IsAsciiLetterOrDigit(c) || c == '_')
            && !s_keywords.Contains(name) && name != "value__";

    /// <summary>PascalCase from the letters and digits of <paramref name="name"/>; <paramref name="fallback"/> when it has none.</summary>
    public static string Pascal(string name, string fallback)
    {
        var text = new StringBuilder(name.Length);
        bool upper = true;
        foreach (Rune rune in name.EnumerateRunes())
        {
            if (!Rune.IsLetterOrDigit(rune))
            {
                upper = true;
                continue;
            }
            text.Append(upper ? Rune.ToUpperInvariant(rune).ToString() : rune.ToString());
            upper = false;
        }
        if (text.Length == 0)
        {
            return fallback;
        }
        if (char.IsDigit(text[0]))
        {
            text.Insert(0, '_');
        }
        return text.ToString();
    }

    /// <summary>Member names for the columns, unique, none equal to the record's name or to a member every record has.</summary>
    public static string[] Members(IReadOnlyList<string> columns, string recordName)
    {
        var taken = new HashSet<string>(s_recordMembers, StringComparer.Ordinal) { recordName };
        var names = new string[columns.Count];
        for (int i = 0; i < columns.Count; i++)
        {
            string name = Pascal(columns[i], "Column" + (i + 1).ToString(CultureInfo.InvariantCulture));
            string unique = name;
            for (int n = 2; !taken.Add(unique); n++)
            {
                unique = name + n.ToString(CultureInfo.InvariantCulture);
            }
            names[i] = unique;
        }
        return names;
    }

    /// <summary>A C# string literal (verbatim-free, escaped).</summary>
    public static string Literal(string value)
    {
        var text = new StringBuilder(value.Length + 2).Append('"');
        foreach (char c in value)
        {
            switch (c)
            {
                case '"': text.Append("\\\""); break;
                case '\\': text.Append("\\\\"); break;
                case '\n': text.Append("\\n"); break;
                case '\r': text.Append("\\r"); break;
                case '\t': text.Append("\\t"); break;
                case '\0': text.Append("\\0"); break;
                default:
                    if (char.IsControl(c))
                    {
                        text.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        text.Append(c);
                    }
                    break;
            }
        }
        return text.Append('"').ToString();
    }
}
