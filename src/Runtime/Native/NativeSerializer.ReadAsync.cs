using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public static partial class NativeSerializer
{
    /// <summary>Reads every row of a stream of Native blocks into a list. The stream is left open.</summary>
    /// <exception cref="RowBinarySchemaMismatchException">A block's columns do not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="RowBinaryException">The data is not valid Native, ends inside a block, or a value cannot be read.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task<List<T>> ReadListAsync<T>(Stream stream, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        return ReadListAsync<T>(stream, strings: null, cancellationToken);
    }

    /// <param name="stream">The Native blocks.</param>
    /// <param name="strings">What earlier reads of the row type found in its String columns (a client's).</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    internal static async Task<List<T>> ReadListAsync<T>(Stream stream, StringCacheMemory? strings, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        var rows = new RowListBuilder<T>();
        using var reader = new NativeStreamReader<T>(stream, strings);
        while (await reader.ReadRowsAsync(cancellationToken).ConfigureAwait(false))
        {
            Append(rows, reader.Rows);
        }
        return rows.ToList();
    }

    /// <summary>
    /// Reads the rows of a stream of Native blocks one by one as they arrive, with memory bounded by one block. The
    /// stream is left open.
    /// </summary>
    /// <inheritdoc cref="ReadListAsync{T}(Stream, CancellationToken)"/>
    public static IAsyncEnumerable<T> ReadAsync<T>(Stream stream, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        return new NativeRows<T>(_ => Task.FromResult<(Stream, ClickHouseResponseStream?)>((stream, null)), ownsStream: false, cancellationToken);
    }

    private static void Append<T>(RowListBuilder<T> rows, ReadOnlySpan<T> block)
    {
        while (!block.IsEmpty)
        {
            List<T> destination = rows.Destination(out int room);
            int count = Math.Min(room, block.Length);
            destination.AddRange(block.Slice(0, count));
            block = block.Slice(count);
        }
    }
}
