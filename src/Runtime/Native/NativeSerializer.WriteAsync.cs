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
    /// <summary>Bytes written into the pooled buffer before they go to the stream, between columns (as RowBinarySerializer, 128 KiB).</summary>
    private const int FlushThreshold = 128 * 1024;

    /// <summary>
    /// Streams rows to <paramref name="stream"/> in Native, a block of <see cref="BlockRows"/> rows at a time, with memory
    /// bounded by one block. The stream is flushed at the end and left open.
    /// </summary>
    /// <exception cref="RowBinaryException">A value cannot be written; the message names its column and row.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task WriteAsync<T>(Stream stream, IEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => WriteAsync(stream, rows, wireTypes: null, rowsSent: null, cancellationToken);

    /// <summary>
    /// Streams rows from an asynchronous source to <paramref name="stream"/> in Native: rows are gathered into blocks of
    /// <see cref="BlockRows"/> (the last one with what is left when the source ends), each written as it fills. The
    /// token is passed to the source, and checked between columns.
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
        using var blocks = new NativeBlockWriter<T>(wireTypes);
        using var buffer = new PooledBufferWriter(2 * FlushThreshold);
        switch (rows)
        {
            case T[] array:
                for (int start = 0; start < array.Length; start += BlockRows)
                {
                    var block = new RowBlock<T>(array, null, start, Math.Min(BlockRows, array.Length - start));
                    await WriteBlockAsync(stream, buffer, blocks, block, start, cancellationToken).ConfigureAwait(false);
                    rowsSent?.Invoke(start + block.Count);
                }
                break;
            case List<T> list:
                for (int start = 0; start < list.Count; start += BlockRows)
                {
                    var block = new RowBlock<T>(null, list, start, Math.Min(BlockRows, list.Count - start));
                    await WriteBlockAsync(stream, buffer, blocks, block, start, cancellationToken).ConfigureAwait(false);
                    rowsSent?.Invoke(start + block.Count);
                }
                break;
            default:
                T[] rented = ArrayPool<T>.Shared.Rent(BlockRows);
                try
                {
                    using IEnumerator<T> enumerator = rows.GetEnumerator();
                    long written = 0;
                    int count;
                    while ((count = Fill(enumerator, rented)) > 0)
                    {
                        await WriteBlockAsync(stream, buffer, blocks, new RowBlock<T>(rented, null, 0, count), written, cancellationToken).ConfigureAwait(false);
                        written += count;
                        rowsSent?.Invoke(written);
                    }
                }
                finally
                {
                    ArrayPool<T>.Shared.Return(rented, clearArray: true);
                }
                break;
        }
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc cref="WriteAsync{T}(Stream, IEnumerable{T}, IReadOnlyList{string}, Action{long}, CancellationToken)"/>
    internal static async Task WriteAsync<T>(Stream stream, IAsyncEnumerable<T> rows, IReadOnlyList<string>? wireTypes, Action<long>? rowsSent, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(rows);
        using var blocks = new NativeBlockWriter<T>(wireTypes);
        using var buffer = new PooledBufferWriter(2 * FlushThreshold);
        T[] rented = ArrayPool<T>.Shared.Rent(BlockRows);
        try
        {
            long written = 0;
            int count = 0;
            await foreach (T row in rows.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                rented[count++] = row;
                if (count == BlockRows)
                {
                    await WriteBlockAsync(stream, buffer, blocks, new RowBlock<T>(rented, null, 0, count), written, cancellationToken).ConfigureAwait(false);
                    written += count;
                    count = 0;
                    rowsSent?.Invoke(written);
                }
            }
            if (count > 0)
            {
                await WriteBlockAsync(stream, buffer, blocks, new RowBlock<T>(rented, null, 0, count), written, cancellationToken).ConfigureAwait(false);
                rowsSent?.Invoke(written + count);
            }
        }
        finally
        {
            ArrayPool<T>.Shared.Return(rented, clearArray: true);
        }
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Writes a block column by column, sending the buffer to the stream whenever it holds enough, and at the end.</summary>
    private static async ValueTask WriteBlockAsync<T>(Stream stream, PooledBufferWriter buffer, NativeBlockWriter<T> blocks, RowBlock<T> rows, long firstRow, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        WriteBlockHeader(buffer, blocks, rows, firstRow);
        for (int column = 0; column < blocks.ColumnCount; column++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            WriteColumn(buffer, blocks, column);
            if (buffer.WrittenCount >= FlushThreshold)
            {
                await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
            }
        }
        await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
    }

    private static void WriteBlockHeader<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks, RowBlock<T> rows, long firstRow)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        blocks.WriteBlockHeader(ref writer, rows.Span, firstRow);
        writer.Flush();
    }

    private static void WriteColumn<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks, int column)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        blocks.WriteColumn(ref writer, column);
        writer.Flush();
    }

    private static async ValueTask SendAsync(Stream stream, PooledBufferWriter buffer, CancellationToken cancellationToken)
    {
        if (buffer.WrittenCount == 0)
        {
            return;
        }
        await stream.WriteAsync(buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
        buffer.Clear();
    }

    /// <summary>A block's rows in an array or a list, as a span on demand (a span cannot be held across an await).</summary>
    private readonly record struct RowBlock<T>(T[]? Array, List<T>? List, int Start, int Count)
    {
        public ReadOnlySpan<T> Span => Array is not null
            ? new ReadOnlySpan<T>(Array, Start, Count)
            : CollectionsMarshal.AsSpan(List).Slice(Start, Count);
    }
}
