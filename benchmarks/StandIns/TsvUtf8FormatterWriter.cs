using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Text;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.StandIns;

/// <summary>
/// Stand-in for "no library", done carefully: <c>web_visits</c> as TabSeparated text formatted with
/// <see cref="Utf8Formatter"/> straight into the output bytes, with no intermediate string.
/// </summary>
public static class TsvUtf8FormatterWriter
{
    private const int ChunkSize = 64 * 1024;
    private const int MaxNumbersBytes = 5 + 3 + 3 + 3 + 20 + 6; // digits of the numbers and their separators

    public static void Write(IBufferWriter<byte> output, ReadOnlySpan<WebVisit> rows)
    {
        Span<byte> span = output.GetSpan(ChunkSize);
        int position = 0;
        foreach (ref readonly WebVisit row in rows)
        {
            // Every URL character may need an escape (2 bytes) or 3 UTF-8 bytes.
            int maxRowBytes = 11 + row.PageUrl.Length * 3 + MaxNumbersBytes;
            if (span.Length - position < maxRowBytes)
            {
                output.Advance(position);
                span = output.GetSpan(Math.Max(maxRowBytes, ChunkSize));
                position = 0;
            }
            position += WriteRow(span.Slice(position), in row);
        }
        output.Advance(position);
    }

    private static int WriteRow(Span<byte> span, in WebVisit row)
    {
        row.Day.TryFormat(span, out int position, "yyyy-MM-dd", CultureInfo.InvariantCulture);
        span[position++] = (byte)'\t';
        position += WriteEscaped(span.Slice(position), row.PageUrl);
        span[position++] = (byte)'\t';
        Utf8Formatter.TryFormat(row.CountryId, span.Slice(position), out int written);
        position += written;
        span[position++] = (byte)'\t';
        Utf8Formatter.TryFormat(row.BrowserId, span.Slice(position), out written);
        position += written;
        span[position++] = (byte)'\t';
        Utf8Formatter.TryFormat(row.DeviceId, span.Slice(position), out written);
        position += written;
        span[position++] = (byte)'\t';
        Utf8Formatter.TryFormat(row.OsId, span.Slice(position), out written);
        position += written;
        span[position++] = (byte)'\t';
        Utf8Formatter.TryFormat(row.Visits, span.Slice(position), out written);
        position += written;
        span[position++] = (byte)'\n';
        return position;
    }

    private static int WriteEscaped(Span<byte> span, string value)
    {
        ReadOnlySpan<char> rest = value;
        int position = 0;
        while (true)
        {
            int special = rest.IndexOfAny(TsvEscaping.SpecialChars);
            if (special < 0)
            {
                return position + Encoding.UTF8.GetBytes(rest, span.Slice(position));
            }
            position += Encoding.UTF8.GetBytes(rest.Slice(0, special), span.Slice(position));
            span[position++] = (byte)'\\';
            span[position++] = (byte)TsvEscaping.EscapeLetter(rest[special]);
            rest = rest.Slice(special + 1);
        }
    }
}
