using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.StandIns;

/// <summary>
/// Stand-in for "no library": <c>web_visits</c> as TabSeparated text built in a <see cref="StringBuilder"/>, then
/// encoded to UTF-8 into the output. The builder is reused, so after the first batch it allocates nothing.
/// </summary>
public sealed class TsvStringBuilderWriter
{
    private readonly StringBuilder _text = new();

    public void Write(IBufferWriter<byte> output, ReadOnlySpan<WebVisit> rows)
    {
        StringBuilder text = _text.Clear();
        CultureInfo invariant = CultureInfo.InvariantCulture;
        foreach (ref readonly WebVisit row in rows)
        {
            text.Append(invariant, $"{row.Day:yyyy-MM-dd}\t");
            AppendEscaped(text, row.PageUrl);
            text.Append(invariant, $"\t{row.CountryId}\t{row.BrowserId}\t{row.DeviceId}\t{row.OsId}\t{row.Visits}\n");
        }
        foreach (ReadOnlyMemory<char> chunk in text.GetChunks())
        {
            Encoding.UTF8.GetBytes(chunk.Span, output);
        }
    }

    private static void AppendEscaped(StringBuilder text, string value)
    {
        if (value.AsSpan().IndexOfAny(TsvEscaping.SpecialChars) < 0)
        {
            text.Append(value);
            return;
        }
        foreach (char c in value)
        {
            if (TsvEscaping.SpecialChars.Contains(c))
            {
                text.Append('\\').Append(TsvEscaping.EscapeLetter(c));
            }
            else
            {
                text.Append(c);
            }
        }
    }
}
