using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

public static partial class RowBinarySerializer
{
    /// <summary>Writes rows to a buffer writer: RowBinary, RowBinaryWithDefaults, or RowBinaryWithNamesAndTypes (header first).</summary>
    /// <remarks>Arrays and <see cref="List{T}"/> are written through a span, with no enumerator.</remarks>
    /// <exception cref="RowBinaryException">A value cannot be written; the message names its column and row.</exception>
    public static void Write<T>(IBufferWriter<byte> output, IEnumerable<T> rows, RowBinaryFormat format = RowBinaryFormat.RowBinary)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(rows);
        ValidateWriteFormat(format);
        if (TryGetSpan(rows, out ReadOnlySpan<T> span))
        {
            WriteCore(output, span, format);
            return;
        }
        WriteHeader<T>(output, format);
        using IEnumerator<T> enumerator = rows.GetEnumerator();
        long rowIndex = 0;
        while (WriteRows(output, enumerator, format, ref rowIndex, pending: 0, flushThreshold: long.MaxValue))
        {
        }
    }

    /// <inheritdoc cref="Write{T}(IBufferWriter{byte}, IEnumerable{T}, RowBinaryFormat)"/>
    public static void Write<T>(IBufferWriter<byte> output, ReadOnlySpan<T> rows, RowBinaryFormat format = RowBinaryFormat.RowBinary)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(output);
        ValidateWriteFormat(format);
        WriteCore(output, rows, format);
    }

    private static void WriteCore<T>(IBufferWriter<byte> output, ReadOnlySpan<T> rows, RowBinaryFormat format)
        where T : IClickHouseRow<T>
    {
        WriteHeader<T>(output, format);
        WriteRows(output, rows, format, firstRowIndex: 0, pending: 0, flushThreshold: long.MaxValue);
    }

    internal static bool TryGetSpan<T>(IEnumerable<T> rows, out ReadOnlySpan<T> span)
    {
        switch (rows)
        {
            case T[] array:
                span = array;
                return true;
            case List<T> list:
                span = CollectionsMarshal.AsSpan(list);
                return true;
            default:
                span = default;
                return false;
        }
    }

    private static void WriteHeader<T>(IBufferWriter<byte> output, RowBinaryFormat format)
        where T : IClickHouseRow<T>
    {
        if (format != RowBinaryFormat.RowBinaryWithNamesAndTypes)
        {
            return;
        }
        var writer = new RowBinaryWriter(output);
        RowBinaryHeader.Write(ref writer, T.Schema);
        writer.Flush();
    }

    /// <summary>
    /// Writes rows until they run out or, at a row boundary, <paramref name="flushThreshold"/> bytes are pending
    /// in <paramref name="output"/>: the <paramref name="pending"/> bytes it held before this call plus those this
    /// call wrote. Returns how many rows were written.
    /// </summary>
    internal static int WriteRows<T>(IBufferWriter<byte> output, ReadOnlySpan<T> rows, RowBinaryFormat format, long firstRowIndex, long pending, long flushThreshold)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        bool withDefaults = format == RowBinaryFormat.RowBinaryWithDefaults;
        int i = 0;
        try
        {
            while (i < rows.Length)
            {
                WriteRow(ref writer, rows[i], withDefaults);
                i++;
                if (pending + writer.BytesWritten >= flushThreshold)
                {
                    break;
                }
            }
        }
        catch (Exception exception) when (RowErrors.IsValueError(exception))
        {
            if (rows[i] is null)
            {
                throw RowErrors.NullRow(T.Schema, firstRowIndex + i);
            }
            throw RowErrors.Writing(T.Schema, writer.CurrentColumn, firstRowIndex + i, exception);
        }
        writer.Flush();
        return i;
    }

    /// <summary>
    /// The same for rows from an enumerator, which is advanced only here, outside the error wrapping: an
    /// exception of the caller's sequence is its own. Returns false once the enumerator is exhausted.
    /// </summary>
    private static bool WriteRows<T>(IBufferWriter<byte> output, IEnumerator<T> rows, RowBinaryFormat format, ref long rowIndex, long pending, long flushThreshold)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        bool withDefaults = format == RowBinaryFormat.RowBinaryWithDefaults;
        while (rows.MoveNext())
        {
            T row = rows.Current;
            try
            {
                WriteRow(ref writer, row, withDefaults);
            }
            catch (Exception exception) when (RowErrors.IsValueError(exception))
            {
                if (row is null)
                {
                    throw RowErrors.NullRow(T.Schema, rowIndex);
                }
                throw RowErrors.Writing(T.Schema, writer.CurrentColumn, rowIndex, exception);
            }
            rowIndex++;
            if (pending + writer.BytesWritten >= flushThreshold)
            {
                writer.Flush();
                return true;
            }
        }
        writer.Flush();
        return false;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteRow<T>(ref RowBinaryWriter writer, T row, bool withDefaults)
        where T : IClickHouseRow<T>
    {
        writer.CurrentColumn = 0;
        if (withDefaults)
        {
            T.WriteWithDefaults(ref writer, row);
        }
        else
        {
            T.Write(ref writer, row);
        }
    }
}
