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
    /// A column's staged buffer at least this large goes to the stream as it is, saving a copy of most of a block's bytes;
    /// smaller ones are gathered in the pooled buffer, so that a block of many small columns is not many small writes.
    /// </summary>
    private const int DirectWriteBytes = 16 * 1024;

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
        var output = new BlockOutput<T>(stream, NativeBlockWriter<T>.Rent(wireTypes), rowsSent);
        try
        {
            switch (rows)
            {
                case T[] array:
                    await output.StageAsync(new RowRun<T>(array, null, array.Length), cancellationToken).ConfigureAwait(false);
                    break;
                case List<T> list:
                    await output.StageAsync(new RowRun<T>(null, list, list.Count), cancellationToken).ConfigureAwait(false);
                    break;
                default:
                    T[] gathered = ArrayPool<T>.Shared.Rent(GatherRows);
                    try
                    {
                        using IEnumerator<T> enumerator = rows.GetEnumerator();
                        int count;
                        while ((count = Fill(enumerator, gathered)) > 0)
                        {
                            await output.StageAsync(new RowRun<T>(gathered, null, count), cancellationToken).ConfigureAwait(false);
                        }
                    }
                    finally
                    {
                        ArrayPool<T>.Shared.Return(gathered, clearArray: true);
                    }
                    break;
            }
            await output.WriteStagedAsync(cancellationToken).ConfigureAwait(false);
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
        var output = new BlockOutput<T>(stream, NativeBlockWriter<T>.Rent(wireTypes), rowsSent);
        T[] gathered = ArrayPool<T>.Shared.Rent(GatherRows);
        try
        {
            int count = 0;
            await foreach (T row in rows.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                gathered[count++] = row;
                if (count == gathered.Length)
                {
                    await output.StageAsync(new RowRun<T>(gathered, null, count), cancellationToken).ConfigureAwait(false);
                    count = 0;
                }
            }
            await output.StageAsync(new RowRun<T>(gathered, null, count), cancellationToken).ConfigureAwait(false);
            await output.WriteStagedAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            ArrayPool<T>.Shared.Return(gathered, clearArray: true);
            output.Dispose();
        }
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// A stream that blocks are written to as they fill: the block writer, a pooled buffer sent whenever it holds
    /// <see cref="FlushThreshold"/> bytes (between columns) and at the end of a block, and the rows sent so far.
    /// </summary>
    private sealed class BlockOutput<T>(Stream stream, NativeBlockWriter<T> blocks, Action<long>? rowsSent) : IDisposable
        where T : IClickHouseRow<T>
    {
        private readonly PooledBufferWriter _buffer = new(2 * FlushThreshold);
        private long _written;

        /// <summary>Stages every row of <paramref name="rows"/>, writing each block as it fills; the last block may stay staged.</summary>
        public async ValueTask StageAsync(RowRun<T> rows, CancellationToken cancellationToken)
        {
            int offset = 0;
            while (offset < rows.Count)
            {
                offset += blocks.Stage(rows.Span.Slice(offset));
                if (blocks.IsFull)
                {
                    await WriteStagedAsync(cancellationToken).ConfigureAwait(false);
                }
            }
        }

        /// <summary>Writes the block staged, if it has rows, column by column.</summary>
        public async ValueTask WriteStagedAsync(CancellationToken cancellationToken)
        {
            int rows = blocks.StagedRows;
            if (rows == 0)
            {
                return;
            }
            WriteBlockHeader(_buffer, blocks);
            for (int column = 0; column < blocks.ColumnCount; column++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                NativeStagedData data = blocks.StagedData(column);
                if (data.Count == 0)
                {
                    WriteColumn(_buffer, blocks, column);
                }
                else
                {
                    WriteColumnHeader(_buffer, blocks, column);
                    for (int piece = 0; piece < data.Count; piece++)
                    {
                        await WriteAsync(data[piece], cancellationToken).ConfigureAwait(false);
                    }
                }
                if (_buffer.WrittenCount >= FlushThreshold)
                {
                    await SendAsync(cancellationToken).ConfigureAwait(false);
                }
            }
            await SendAsync(cancellationToken).ConfigureAwait(false);
            _written += rows;
            rowsSent?.Invoke(_written);
        }

        /// <summary>
        /// A staged piece of a column: one of at least <see cref="DirectWriteBytes"/> goes to the stream as it is (after
        /// what the buffer holds), not copied into the buffer first; a smaller one joins the buffer.
        /// </summary>
        private async ValueTask WriteAsync(ReadOnlyMemory<byte> piece, CancellationToken cancellationToken)
        {
            if (piece.Length < DirectWriteBytes)
            {
                _buffer.Write(piece.Span);
                return;
            }
            await SendAsync(cancellationToken).ConfigureAwait(false);
            await stream.WriteAsync(piece, cancellationToken).ConfigureAwait(false);
        }

        private async ValueTask SendAsync(CancellationToken cancellationToken)
        {
            if (_buffer.WrittenCount == 0)
            {
                return;
            }
            await stream.WriteAsync(_buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
            _buffer.Clear();
        }

        public void Dispose()
        {
            _buffer.Dispose();
            blocks.Dispose();
        }
    }

    private static void WriteBlockHeader<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        blocks.WriteBlockHeader(ref writer);
        writer.Flush();
    }

    private static void WriteColumnHeader<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks, int column)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        blocks.WriteColumnHeader(ref writer, column);
        writer.Flush();
    }

    private static void WriteColumn<T>(IBufferWriter<byte> output, NativeBlockWriter<T> blocks, int column)
        where T : IClickHouseRow<T>
    {
        var writer = new RowBinaryWriter(output);
        blocks.WriteColumn(ref writer, column);
        writer.Flush();
    }

    /// <summary>The first rows of an array or a list, as a span on demand (a span cannot be held across an await).</summary>
    private readonly record struct RowRun<T>(T[]? Array, List<T>? List, int Count)
    {
        public ReadOnlySpan<T> Span => Array is not null
            ? new ReadOnlySpan<T>(Array, 0, Count)
            : CollectionsMarshal.AsSpan(List).Slice(0, Count);
    }
}
