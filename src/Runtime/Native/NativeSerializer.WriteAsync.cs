using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public static partial class NativeSerializer
{
    /// <summary>
    /// Streams rows to <paramref name="stream"/> in Native, a block of <see cref="BlockRows"/> rows (or
    /// <see cref="BlockBytes"/> bytes) at a time, with memory bounded by one block. The stream is flushed at the end and
    /// left open.
    /// </summary>
    /// <exception cref="RowBinaryException">A value cannot be written; the message names its column and row.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task WriteAsync<T>(Stream stream, IEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => WriteAsync(stream, rows, wireTypes: null, rowsSent: null, cancellationToken);

    /// <summary>
    /// Streams rows from an asynchronous source to <paramref name="stream"/> in Native: rows are staged a few thousand at
    /// a time into blocks of <see cref="BlockRows"/> rows or <see cref="BlockBytes"/> bytes (the last one with what is
    /// left when the source ends), each written as it fills. The token is passed to the source, and checked between
    /// columns.
    /// </summary>
    /// <inheritdoc cref="WriteAsync{T}(Stream, IEnumerable{T}, CancellationToken)"/>
    public static Task WriteAsync<T>(Stream stream, IAsyncEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => WriteAsync(stream, rows, wireTypes: null, rowsSent: null, cancellationToken);

    /// <summary>Streams rows in Native, as the public overload does, with the types to send and a progress callback.</summary>
    /// <param name="stream">The stream.</param>
    /// <param name="rows">The rows.</param>
    /// <param name="wireTypes">The type each column is sent as (a table's own), or null for the row type's.</param>
    /// <param name="rowsSent">Called with the rows sent so far after each block.</param>
    /// <param name="cancellationToken">Cancels the write.</param>
    internal static async Task WriteAsync<T>(Stream stream, IEnumerable<T> rows, IReadOnlyList<string>? wireTypes, Action<long>? rowsSent, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(rows);
        var output = new NativeBlockOutput<T>(stream, NativeBlockWriter<T>.Rent(wireTypes), rowsSent);
        try
        {
            switch (rows)
            {
                case T[] array:
                    await StageAsync(output, new RowRun<T>(array, null, array.Length), cancellationToken).ConfigureAwait(false);
                    break;
                case List<T> list:
                    await StageAsync(output, new RowRun<T>(null, list, list.Count), cancellationToken).ConfigureAwait(false);
                    break;
                default:
                    T[] gathered = ArrayPool<T>.Shared.Rent(GatherRows);
                    try
                    {
                        using IEnumerator<T> enumerator = rows.GetEnumerator();
                        int count;
                        while ((count = Fill(enumerator, gathered)) > 0)
                        {
                            await StageAsync(output, new RowRun<T>(gathered, null, count), cancellationToken).ConfigureAwait(false);
                        }
                    }
                    finally
                    {
                        ArrayPool<T>.Shared.Return(gathered, clearArray: true);
                    }
                    break;
            }
            await output.WriteBlockAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            output.Dispose();
        }
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc cref="WriteAsync{T}(Stream, IEnumerable{T}, IReadOnlyList{string}, Action{long}, CancellationToken)"/>
    internal static async Task WriteAsync<T>(Stream stream, IAsyncEnumerable<T> rows, IReadOnlyList<string>? wireTypes, Action<long>? rowsSent, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(rows);
        var output = new NativeBlockOutput<T>(stream, NativeBlockWriter<T>.Rent(wireTypes), rowsSent);
        T[] gathered = ArrayPool<T>.Shared.Rent(GatherRows);
        try
        {
            int count = 0;
            await foreach (T row in rows.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                gathered[count++] = row;
                if (count == gathered.Length)
                {
                    await StageAsync(output, new RowRun<T>(gathered, null, count), cancellationToken).ConfigureAwait(false);
                    count = 0;
                }
            }
            await StageAsync(output, new RowRun<T>(gathered, null, count), cancellationToken).ConfigureAwait(false);
            await output.WriteBlockAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            ArrayPool<T>.Shared.Return(gathered, clearArray: true);
            output.Dispose();
        }
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Stages every row of <paramref name="rows"/>, writing each block as it fills; the last block may stay staged.</summary>
    private static async ValueTask StageAsync<T>(NativeBlockOutput<T> output, RowRun<T> rows, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        int offset = 0;
        while (offset < rows.Count)
        {
            offset += output.Blocks.Stage(rows.Span.Slice(offset));
            if (output.Blocks.IsFull)
            {
                await output.WriteBlockAsync(cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>The first rows of an array or a list, as a span on demand (a span cannot be held across an await).</summary>
    private readonly record struct RowRun<T>(T[]? Array, List<T>? List, int Count)
    {
        public ReadOnlySpan<T> Span => Array is not null
            ? new ReadOnlySpan<T>(Array, 0, Count)
            : CollectionsMarshal.AsSpan(List).Slice(0, Count);
    }
}
