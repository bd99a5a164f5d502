using System;
using System.Buffers;
using System.Buffers.Binary;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.HandWritten;

/// <summary>
/// <c>web_visits</c> rows in RowBinary, written the way a careful engineer does without a library, as in
/// ClickHouse's Binary IO documentation: BinaryPrimitives and UTF-8 transcoding straight into a span.
/// </summary>
public static class WebVisitSpanWriter
{
    private const int ChunkSize = 64 * 1024;
    private const int UnixEpochDayNumber = 719162; // new DateOnly(1970, 1, 1).DayNumber

    public static void Write(IBufferWriter<byte> output, ReadOnlySpan<WebVisit> rows)
    {
        Span<byte> span = output.GetSpan(ChunkSize);
        int position = 0;
        foreach (ref readonly WebVisit row in rows)
        {
            string url = row.PageUrl;
            int maxRowBytes = WebVisit.FixedWidthBytes + Utf8StringWriter.MaxBytes(url);
            if (span.Length - position < maxRowBytes)
            {
                output.Advance(position);
                span = output.GetSpan(Math.Max(maxRowBytes, ChunkSize));
                position = 0;
            }
            position += WriteRow(span.Slice(position), in row, url);
        }
        output.Advance(position);
    }

    private static int WriteRow(Span<byte> span, in WebVisit row, string url)
    {
        BinaryPrimitives.WriteUInt16LittleEndian(span, checked((ushort)(row.Day.DayNumber - UnixEpochDayNumber)));
        int position = 2 + Utf8StringWriter.Write(span.Slice(2), url);
        BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(position), row.CountryId);
        span[position + 2] = row.BrowserId;
        span[position + 3] = row.DeviceId;
        span[position + 4] = row.OsId;
        BinaryPrimitives.WriteUInt64LittleEndian(span.Slice(position + 5), row.Visits);
        return position + 13;
    }
}
