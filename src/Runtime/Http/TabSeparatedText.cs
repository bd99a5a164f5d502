using System.Collections.Generic;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>ClickHouse's TabSeparated (escaped) text: fields split at tabs, backslash escapes undone.</summary>
internal static class TabSeparatedText
{
    /// <summary>The fields of one line (without its line break).</summary>
    public static string[] Fields(string line)
    {
        var fields = new List<string>();
        var field = new StringBuilder();
        for (int i = 0; i < line.Length; i++)
        {
            char c = line[i];
            if (c == '\t')
            {
                fields.Add(field.ToString());
                field.Clear();
            }
            else if (c == '\\' && i + 1 < line.Length)
            {
                char escaped = line[++i];
                field.Append(escaped switch
                {
                    'b' => '\b',
                    'f' => '\f',
                    'r' => '\r',
                    'n' => '\n',
                    't' => '\t',
                    '0' => '\0',
                    'a' => '\a',
                    'v' => '\v',
                    _ => escaped,
                });
            }
            else
            {
                field.Append(c);
            }
        }
        fields.Add(field.ToString());
        return [.. fields];
    }
}
