using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

public static partial class NativeSerializer
{
    /// <summary>Reads every row of complete Native data (one block after the other).</summary>
    /// <exception cref="RowBinarySchemaMismatchException">A block's columns do not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="RowBinaryException">The data is not valid Native, ends inside a block, or a value cannot be read.</exception>
    public static List<T> ReadList<T>(ReadOnlySpan<byte> data)
        where T : IClickHouseRow<T>
    {
        var rows = new List<T>();
        ReadList(data, rows);
        return rows;
    }

    /// <summary>
    /// Appends every row of complete Native data to <paramref name="destination"/> and returns how many were appended.
    /// When a block fails, the blocks before it have been appended.
    /// </summary>
    /// <inheritdoc cref="ReadList{T}(ReadOnlySpan{byte})"/>
    public static int ReadList<T>(ReadOnlySpan<byte> data, List<T> destination)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(destination);
        var blocks = new NativeBlockReader<T>();
        var input = new NativeInput(data, startOffset: 0, isFinal: true);
        int before = destination.Count;
        try
        {
            ReadBlocks(data, ref input, blocks, destination);
        }
        finally
        {
            blocks.Release();
        }
        return destination.Count - before;
    }

    private static void ReadBlocks<T>(ReadOnlySpan<byte> data, ref NativeInput input, NativeBlockReader<T> blocks, List<T> destination)
        where T : IClickHouseRow<T>
    {
        while (!input.IsEnd)
        {
            int rows = blocks.Scan(ref input);
            int start = destination.Count;
            CollectionsMarshal.SetCount(destination, start + rows);
            try
            {
                // A batch at a time: each column's values decoded for a batch stay in the CPU's caches until read.
                for (int read = 0; read < rows; read += NativeLayout.BatchRows)
                {
                    blocks.Read(data, dataOffset: 0, CollectionsMarshal.AsSpan(destination).Slice(start + read, Math.Min(NativeLayout.BatchRows, rows - read)));
                }
            }
            catch
            {
                CollectionsMarshal.SetCount(destination, start);
                throw;
            }
        }
    }
}
