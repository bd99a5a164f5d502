using System;
using System.Buffers;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

public static partial class NativeSerializer
{
    /// <summary>
    /// Rows taken from a sequence that is not an array or a list before they are staged: the writer then keeps their
    /// values, not the rows.
    /// </summary>
    private const int GatherRows = 4096;

    /// <summary>
    /// Writes rows to a buffer writer in Native, in blocks of <see cref="BlockRows"/> rows (fewer where they reach
    /// <see cref="BlockBytes"/>).
    /// </summary>
    /// <remarks>Arrays and <see cref="List{T}"/> are written in place; other sequences a few thousand rows at a time.</remarks>
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
        using var blocks = NativeBlockWriter<T>.Rent();
        T[] gathered = ArrayPool<T>.Shared.Rent(GatherRows);
        try
        {
            using IEnumerator<T> enumerator = rows.GetEnumerator();
            int count;
            while ((count = Fill(enumerator, gathered)) > 0)
            {
                StageAll(output, blocks, gathered.AsSpan(0, count));
            }
            WriteStaged(output, blocks);
        }
        finally
        {
            ArrayPool<T>.Shared.Return(gathered, clearArray: true);
        }
    }

    /// <inheritdoc cref="Write{T}(IBufferWriter{byte}, IEnumerable{T})"/>
    public static void Write<T>(IBufferWriter<byte> output, ReadOnlySpan<T> rows)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(output);
        using var blocks = NativeBlockWriter<T>.Rent();
        StageAll(output, blocks, rows);
        WriteStaged(output, blocks);
    }

    /// <summary>Stages every row, writing each block as it fills; the last block may stay staged.</summary>
    private static void StageAll<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks, ReadOnlySpan<T> rows)
        where T : IClickHouseRow<T>
    {
        while (!rows.IsEmpty)
        {
            rows = rows.Slice(blocks.Stage(rows));
            if (blocks.IsFull)
            {
                WriteStaged(output, blocks);
            }
        }
    }

    /// <summary>Writes the block staged, if it has rows.</summary>
    private static void WriteStaged<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks)
        where T : IClickHouseRow<T>
    {
        if (blocks.StagedRows == 0)
        {
            return;
        }
        var writer = new RowBinaryWriter(output);
        blocks.WriteBlock(ref writer);
        writer.Flush();
    }

    /// <summary>Takes up to <paramref name="gathered"/>'s length of rows from the enumerator; returns how many.</summary>
    private static int Fill<T>(IEnumerator<T> rows, T[] gathered)
    {
        int count = 0;
        while (count < gathered.Length && rows.MoveNext())
        {
            gathered[count++] = rows.Current;
        }
        return count;
    }
}
