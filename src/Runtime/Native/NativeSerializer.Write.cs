using System;
using System.Buffers;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

public static partial class NativeSerializer
{
    /// <summary>Writes rows to a buffer writer in Native, in blocks of <see cref="BlockRows"/> rows.</summary>
    /// <remarks>Arrays and <see cref="List{T}"/> are written in place; other sequences a block at a time.</remarks>
    /// <exception cref="RowBinaryException">A value cannot be written; the message names its column and row.</exception>
    public static void Write<T>(IBufferWriter<byte> output, IEnumerable<T> rows)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(rows);
        if (RowBinarySerializer.TryGetSpan(rows, out ReadOnlySpan<T> span))
        {
            Write(output, span);
            return;
        }
        using var blocks = new NativeBlockWriter<T>();
        T[] block = ArrayPool<T>.Shared.Rent(BlockRows);
        try
        {
            using IEnumerator<T> enumerator = rows.GetEnumerator();
            long written = 0;
            int count;
            while ((count = Fill(enumerator, block)) > 0)
            {
                WriteBlock(output, blocks, block.AsSpan(0, count), written);
                written += count;
            }
        }
        finally
        {
            ArrayPool<T>.Shared.Return(block, clearArray: true);
        }
    }

    /// <inheritdoc cref="Write{T}(IBufferWriter{byte}, IEnumerable{T})"/>
    public static void Write<T>(IBufferWriter<byte> output, ReadOnlySpan<T> rows)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(output);
        using var blocks = new NativeBlockWriter<T>();
        for (int start = 0; start < rows.Length; start += BlockRows)
        {
            WriteBlock(output, blocks, rows.Slice(start, Math.Min(BlockRows, rows.Length - start)), start);
        }
    }

    private static void WriteBlock<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks, ReadOnlySpan<T> rows, long firstRow)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        blocks.WriteBlock(ref writer, rows, firstRow);
        writer.Flush();
    }

    /// <summary>Takes up to a block of rows from the enumerator; returns how many.</summary>
    private static int Fill<T>(IEnumerator<T> rows, T[] block)
    {
        int count = 0;
        while (count < BlockRows && rows.MoveNext())
        {
            block[count++] = rows.Current;
        }
        return count;
    }
}
