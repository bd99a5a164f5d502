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
    /// With a <paramref name="guard"/> (over a block that is not final), a row that may be cut by the block's end is
    /// measured before it is built, and the loop stops before a cut one (the guard's shortfall says by how much).
    /// </summary>
    public static long ReadRows<T, TDecoder>(ref RowBinaryReader reader, ref TDecoder decoder, List<T> destination, ref long rowIndex, out RowReadFailure? failure,
        int maxRows = int.MaxValue, CutRowGuard? guard = null)
        where TDecoder : struct, IRowDecoder<T>
    {
        failure = null;
        int rowsLeft = maxRows;
        long rowStart = reader.BytesConsumed;
        long measureFrom = long.MaxValue;
        if (guard is not null)
        {
            guard.StartBlock(rowStart + reader.Remaining);
            measureFrom = guard.MeasureFrom;
        }
        try
        {
            while (rowsLeft-- > 0 && !reader.IsEnd)
            {
                if (rowStart >= measureFrom && guard!.IsCut(reader))
                {
                    break;
                }
                T row = decoder.Read(ref reader);
                if (reader.Shortfall > 0)
                {
                    break;
                }
                destination.Add(row);
                long rowEnd = reader.BytesConsumed;
                if (rowEnd == rowStart)
                {
                    ThrowNoProgress(decoder.Schema);
                }
                if (guard is not null && guard.Saw(rowEnd - rowStart))
                {
                    measureFrom = guard.MeasureFrom;
                }
                rowStart = rowEnd;
                rowIndex++;
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
    public static RowBinaryException ToException<T, TDecoder>(RowReadFailure failure, long rowIndex, long rowStartOffset, ReadOnlySequence<byte> fromRowStart,
        bool isFinalBlock, ref TDecoder decoder)
        where TDecoder : struct, IRowDecoder<T>
    {
        ClickHouseRowSchema schema = decoder.Schema;
        if (isFinalBlock && failure.Exception is RowBinaryException cause && RunsPastEnd<T, TDecoder>(fromRowStart, rowStartOffset, ref decoder))
        {
            return RowErrors.EndsMidRow(schema, failure.Column, rowIndex, rowStartOffset, rowStartOffset + fromRowStart.Length, cause);
        }
        return RowErrors.Reading(schema, failure.Column, rowIndex, failure.Offset, failure.Exception);
    }

    /// <summary>Rows of no bytes (no columns, or only empty tuples) would make an endless loop over any data.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowNoProgress(ClickHouseRowSchema schema)
        => throw new NotSupportedException(
            $"Reading a row of {schema.RowTypeName} consumed no bytes: a row type whose rows take no bytes cannot be read from a stream of rows.");

    /// <summary>Reads the failed row again as if more data could follow: asking for more means the data ended inside it.</summary>
    private static bool RunsPastEnd<T, TDecoder>(ReadOnlySequence<byte> fromRowStart, long rowStartOffset, ref TDecoder decoder)
        where TDecoder : struct, IRowDecoder<T>
    {
        var reader = new RowBinaryReader(fromRowStart, isFinalBlock: false, rowStartOffset);
        try
        {
            _ = decoder.Read(ref reader);
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
