using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// The row loop every read path shares: whole rows into a list, stopping at the last row boundary when a
/// block that is not final runs out, and turning a failure into an exception that names column and row.
/// </summary>
internal static class RowReading
{
    /// <summary>
    /// Reads whole rows until the reader's data ends. Returns the bytes consumed up to the end of the last whole
    /// row: over a block that is not final, the caller resumes there with more data (a reader that stops at the end
    /// says in <see cref="RowBinaryReader.Shortfall"/> how many more bytes the cut row needs at least). Stops after
    /// <paramref name="maxRows"/> rows. A value that cannot be read
    /// is returned in <paramref name="failure"/> (the caller, which holds the data, turns it into an exception).
    /// </summary>
    public static long ReadRows<T>(ref RowBinaryReader reader, int[]? columnOrder, List<T> destination, ref long rowIndex, out RowReadFailure? failure, int maxRows = int.MaxValue)
        where T : IClickHouseRow<T>
    {
        failure = null;
        int rowsLeft = maxRows;
        long rowStart = reader.BytesConsumed;
        try
        {
            if (columnOrder is null)
            {
                while (rowsLeft-- > 0 && !reader.IsEnd)
                {
                    reader.CurrentColumn = 0;
                    T row = T.Read(ref reader);
                    if (reader.Shortfall > 0)
                    {
                        break;
                    }
                    destination.Add(row);
                    rowStart = EndRow<T>(ref reader, rowStart);
                    rowIndex++;
                }
            }
            else
            {
                while (rowsLeft-- > 0 && !reader.IsEnd)
                {
                    reader.CurrentColumn = columnOrder.Length > 0 ? columnOrder[0] : 0;
                    T row = T.Read(ref reader, columnOrder);
                    if (reader.Shortfall > 0)
                    {
                        break;
                    }
                    destination.Add(row);
                    rowStart = EndRow<T>(ref reader, rowStart);
                    rowIndex++;
                }
            }
        }
        catch (RowBinaryNeedMoreDataException)
        {
            // The row runs past this block: resume at its start once more data has arrived.
        }
        catch (Exception) when (reader.Shortfall > 0)
        {
            // The data ran out inside the row (a reader that stops at the end) and the zeros read since then did not
            // make a valid value: the row is resumed once more data has arrived, as above.
        }
        catch (Exception exception) when (RowErrors.IsValueError(exception))
        {
            failure = new RowReadFailure(exception, reader.CurrentColumn, reader.Offset);
        }
        return rowStart;
    }

    /// <summary>
    /// The exception for a failed row. <paramref name="fromRowStart"/> holds the data from the start of the failed
    /// row to the end of what was read: when the data was final and ran out inside the row, the message says the
    /// data ends mid-row, else it names the bad value.
    /// </summary>
    public static RowBinaryException ToException<T>(RowReadFailure failure, long rowIndex, long rowStartOffset, ReadOnlySequence<byte> fromRowStart, bool isFinalBlock, int[]? columnOrder)
        where T : IClickHouseRow<T>
    {
        ClickHouseRowSchema schema = T.Schema;
        if (isFinalBlock && failure.Exception is RowBinaryException cause && RunsPastEnd<T>(fromRowStart, rowStartOffset, columnOrder))
        {
            return RowErrors.EndsMidRow(schema, failure.Column, rowIndex, rowStartOffset, rowStartOffset + fromRowStart.Length, cause);
        }
        return RowErrors.Reading(schema, failure.Column, rowIndex, failure.Offset, failure.Exception);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long EndRow<T>(ref RowBinaryReader reader, long rowStart)
        where T : IClickHouseRow<T>
    {
        long rowEnd = reader.BytesConsumed;
        if (rowEnd == rowStart)
        {
            ThrowNoProgress<T>();
        }
        return rowEnd;
    }

    /// <summary>Rows of no bytes (no columns, or only empty tuples) would make an endless loop over any data.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowNoProgress<T>()
        where T : IClickHouseRow<T>
        => throw new NotSupportedException(
            $"Reading a row of {T.Schema.RowTypeName} consumed no bytes: a row type whose rows take no bytes cannot be read from a stream of rows.");

    /// <summary>Reads the failed row again as if more data could follow: asking for more means the data ended inside it.</summary>
    private static bool RunsPastEnd<T>(ReadOnlySequence<byte> fromRowStart, long rowStartOffset, int[]? columnOrder)
        where T : IClickHouseRow<T>
    {
        var reader = new RowBinaryReader(fromRowStart, isFinalBlock: false, rowStartOffset);
        try
        {
            _ = columnOrder is null ? T.Read(ref reader) : T.Read(ref reader, columnOrder);
        }
        catch (RowBinaryNeedMoreDataException)
        {
            return true;
        }
        catch (Exception exception) when (RowErrors.IsValueError(exception))
        {
            return false;
        }
        return false;
    }
}
