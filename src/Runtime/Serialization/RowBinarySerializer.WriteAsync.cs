using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public static partial class RowBinarySerializer
{
    /// <summary>
    /// Rows are written into a pooled buffer and sent to the stream, at a row boundary, once this many bytes are
    /// pending. 128 KiB makes the cost of each stream write (a system call, an HTTP chunk header, TLS records of
    /// 16 KiB) vanish next to the cost of producing the bytes, matches common socket send buffers, and keeps
    /// a concurrent insert's memory small: the buffer holds at most this much plus one row.
    /// </summary>
    internal const int FlushThreshold = 128 * 1024;

    /// <summary>Room for a full flush plus the writer's refill requests (4 KiB) and typical rows, so that the buffer does not grow.</summary>
    internal const int WriteBufferSize = 2 * FlushThreshold;

    /// <summary>Streams rows to <paramref name="stream"/> in RowBinary, with memory bounded whatever the number of rows.</summary>
    /// <exception cref="RowBinaryException">A value cannot be written; the message names its column and row.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task WriteAsync<T>(Stream stream, IEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => WriteAsync(stream, rows, RowBinaryFormat.RowBinary, cancellationToken);

    /// <summary>
    /// Streams rows to <paramref name="stream"/> in the given format (RowBinaryWithNamesAndTypes writes the header
    /// first), with memory bounded whatever the number of rows. The stream is flushed at the end and left open.
    /// </summary>
    /// <inheritdoc cref="WriteAsync{T}(Stream, IEnumerable{T}, CancellationToken)"/>
    public static Task WriteAsync<T>(Stream stream, IEnumerable<T> rows, RowBinaryFormat format, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => WriteAsync(stream, rows, format, rowsSent: null, cancellationToken);

    /// <summary>The same, calling <paramref name="rowsSent"/> with the rows sent so far after each write to the stream.</summary>
    internal static async Task WriteAsync<T>(Stream stream, IEnumerable<T> rows, RowBinaryFormat format, Action<long>? rowsSent, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(rows);
        ValidateWriteFormat(format);
        using var buffer = new PooledBufferWriter(WriteBufferSize);
        WriteHeader<T>(buffer, format);
        switch (rows)
        {
            case T[] array:
                for (int written = 0; written < array.Length;)
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    written += WriteRows<T>(buffer, new ReadOnlySpan<T>(array).Slice(written), format, written, buffer.WrittenCount, FlushThreshold);
                    await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                    rowsSent?.Invoke(written);
                }
                break;
            case List<T> list:
                for (int written = 0; written < list.Count;)
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    written += WriteRows<T>(buffer, CollectionsMarshal.AsSpan(list).Slice(written), format, written, buffer.WrittenCount, FlushThreshold);
                    await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                    rowsSent?.Invoke(written);
                }
                break;
            default:
                using (IEnumerator<T> enumerator = rows.GetEnumerator())
                {
                    long rowIndex = 0;
                    bool more = true;
                    while (more)
                    {
                        cancellationToken.ThrowIfCancellationRequested();
                        more = WriteRows(buffer, enumerator, format, ref rowIndex, buffer.WrittenCount, FlushThreshold);
                        await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                        rowsSent?.Invoke(rowIndex);
                    }
                }
                break;
        }
        await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Streams rows from an asynchronous source to <paramref name="stream"/> in RowBinary.</summary>
    /// <inheritdoc cref="WriteAsync{T}(Stream, IEnumerable{T}, CancellationToken)"/>
    public static Task WriteAsync<T>(Stream stream, IAsyncEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => WriteAsync(stream, rows, RowBinaryFormat.RowBinary, cancellationToken);

    /// <summary>
    /// Streams rows from an asynchronous source to <paramref name="stream"/> in the given format. The token is
    /// passed to the source, and checked between rows.
    /// </summary>
    /// <inheritdoc cref="WriteAsync{T}(Stream, IEnumerable{T}, RowBinaryFormat, CancellationToken)"/>
    public static Task WriteAsync<T>(Stream stream, IAsyncEnumerable<T> rows, RowBinaryFormat format, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => WriteAsync(stream, rows, format, rowsSent: null, cancellationToken);

    /// <summary>The same, calling <paramref name="rowsSent"/> with the rows sent so far after each write to the stream.</summary>
    internal static async Task WriteAsync<T>(Stream stream, IAsyncEnumerable<T> rows, RowBinaryFormat format, Action<long>? rowsSent, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(rows);
        ValidateWriteFormat(format);
        using var buffer = new PooledBufferWriter(WriteBufferSize);
        WriteHeader<T>(buffer, format);
        long rowIndex = 0;
        await foreach (T row in rows.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            cancellationToken.ThrowIfCancellationRequested();
            WriteRows<T>(buffer, new ReadOnlySpan<T>(in row), format, rowIndex, buffer.WrittenCount, FlushThreshold);
            rowIndex++;
            if (buffer.WrittenCount >= FlushThreshold)
            {
                await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                rowsSent?.Invoke(rowIndex);
            }
        }
        await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
        rowsSent?.Invoke(rowIndex);
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
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
}
