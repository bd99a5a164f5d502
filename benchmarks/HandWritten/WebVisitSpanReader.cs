using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Text;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.HandWritten;

/// <summary>
/// <c>web_visits</c> rows read from RowBinary by hand: BinaryPrimitives over a span, strings decoded with
/// <see cref="Encoding.UTF8"/>. Span indexing is the only bounds check, as in most hand-written readers.
/// </summary>
public static class WebVisitSpanReader
{
    private const int UnixEpochDayNumber = 719162;

    /// <summary>Reads every row of a complete block.</summary>
    public static void ReadAll(ReadOnlySpan<byte> data, List<WebVisit> destination)
    {
        int position = 0;
        while (position < data.Length)
        {
            destination.Add(ReadRow(data, ref position));
        }
    }

    /// <summary>
    /// Reads the complete rows at the start of <paramref name="data"/> and returns the bytes consumed; a row cut
    /// off by the end of the data is left for the next call.
    /// </summary>
    public static int ReadComplete(ReadOnlySpan<byte> data, List<WebVisit> destination)
    {
        int position = 0;
        while (true)
        {
            int rowStart = position;
            int urlStart = position + 2;
            if (data.Length - position < WebVisit.FixedWidthBytes + 1
                || !VarInt.TryReadLength(data, ref urlStart, out int urlLength)
                || data.Length - urlStart < urlLength + WebVisit.FixedWidthBytes - 2)
            {
                return rowStart;
            }
            destination.Add(ReadRow(data, ref position));
        }
    }

    private static WebVisit ReadRow(ReadOnlySpan<byte> data, ref int position)
    {
        ushort day = BinaryPrimitives.ReadUInt16LittleEndian(data.Slice(position));
        position += 2;
        int urlLength = VarInt.ReadLength(data, ref position);
        string url = Encoding.UTF8.GetString(data.Slice(position, urlLength));
        position += urlLength;
        ReadOnlySpan<byte> tail = data.Slice(position, 13);
        position += 13;
        return new WebVisit(
            DateOnly.FromDayNumber(UnixEpochDayNumber + day),
            url,
            BinaryPrimitives.ReadUInt16LittleEndian(tail),
            tail[2],
            tail[3],
            tail[4],
            BinaryPrimitives.ReadUInt64LittleEndian(tail.Slice(5)));
    }
}
