using System;
using System.Buffers;
using System.Buffers.Text;
using System.Collections.Generic;
using System.Text;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.StandIns;

/// <summary>
/// Stand-in for "no library": <c>web_visits</c> parsed from TabSeparated text with <see cref="Utf8Parser"/>,
/// fields found with vectorized <c>IndexOf</c>, no intermediate strings but the URL.
/// </summary>
public static class TsvUtf8ParserReader
{
    /// <summary>Reads every line of a complete block.</summary>
    public static void ReadAll(ReadOnlySpan<byte> data, List<WebVisit> destination)
    {
        int consumed = ReadCompleteLines(data, destination);
        if (consumed != data.Length)
        {
            throw new FormatException($"TabSeparated data ends with an incomplete line at byte {consumed}.");
        }
    }

    /// <summary>Reads the complete lines at the start of <paramref name="data"/>; returns the bytes consumed.</summary>
    public static int ReadCompleteLines(ReadOnlySpan<byte> data, List<WebVisit> destination)
    {
        int position = 0;
        while (true)
        {
            int end = data.Slice(position).IndexOf((byte)'\n');
            if (end < 0)
            {
                return position;
            }
            destination.Add(ParseLine(data.Slice(position, end), position));
            position += end + 1;
        }
    }

    private static WebVisit ParseLine(ReadOnlySpan<byte> line, int lineOffset)
    {
        ReadOnlySpan<byte> rest = line;
        DateOnly day = IsoDate.Parse(NextField(ref rest, lineOffset));
        string url = DecodeUrl(NextField(ref rest, lineOffset));
        ushort country = ParseUInt16(NextField(ref rest, lineOffset), lineOffset);
        byte browser = ParseUInt8(NextField(ref rest, lineOffset), lineOffset);
        byte device = ParseUInt8(NextField(ref rest, lineOffset), lineOffset);
        byte os = ParseUInt8(NextField(ref rest, lineOffset), lineOffset);
        ulong visits = ParseUInt64(rest, lineOffset);
        return new WebVisit(day, url, country, browser, device, os, visits);
    }

    private static ReadOnlySpan<byte> NextField(ref ReadOnlySpan<byte> rest, int lineOffset)
    {
        int tab = rest.IndexOf((byte)'\t');
        if (tab < 0)
        {
            throw new FormatException($"The TabSeparated line at byte {lineOffset} has too few fields.");
        }
        ReadOnlySpan<byte> field = rest.Slice(0, tab);
        rest = rest.Slice(tab + 1);
        return field;
    }

    private static string DecodeUrl(ReadOnlySpan<byte> field)
    {
        if (field.IndexOf((byte)'\\') < 0)
        {
            return Encoding.UTF8.GetString(field);
        }
        byte[] scratch = ArrayPool<byte>.Shared.Rent(field.Length);
        int length = TsvEscaping.Unescape(field, scratch);
        string value = Encoding.UTF8.GetString(scratch, 0, length);
        ArrayPool<byte>.Shared.Return(scratch);
        return value;
    }

    private static byte ParseUInt8(ReadOnlySpan<byte> field, int lineOffset)
        => Utf8Parser.TryParse(field, out byte value, out int used) && used == field.Length ? value : throw NotA("UInt8", lineOffset);

    private static ushort ParseUInt16(ReadOnlySpan<byte> field, int lineOffset)
        => Utf8Parser.TryParse(field, out ushort value, out int used) && used == field.Length ? value : throw NotA("UInt16", lineOffset);

    private static ulong ParseUInt64(ReadOnlySpan<byte> field, int lineOffset)
        => Utf8Parser.TryParse(field, out ulong value, out int used) && used == field.Length ? value : throw NotA("UInt64", lineOffset);

    private static FormatException NotA(string type, int lineOffset)
        => new($"The TabSeparated line at byte {lineOffset} has a field that is not a {type}.");
}
