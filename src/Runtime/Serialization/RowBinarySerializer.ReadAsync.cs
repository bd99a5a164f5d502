using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public static partial class RowBinarySerializer
{
    /// <summary>
    /// The pipe reads the stream into 128 KiB pooled segments, taking a fresh one when less than 32 KiB is left:
    /// each parse pass then sees hundreds to thousands of rows, so the per-pass cost (an await, a reader, a
    /// header check at most once) is small next to the rows, while a read holds only a few segments at a time.
    /// A row larger than a segment makes the pipe hold more segments until the row is whole.
    /// </summary>
    private static readonly StreamPipeReaderOptions PipeOptions = new(bufferSize: 128 * 1024, minimumReadSize: 32 * 1024, leaveOpen: true);

    /// <summary>Reads every row of a stream into a list. The stream is left open.</summary>
    /// <exception cref="RowBinarySchemaMismatchException">The header does not fit <typeparamref name="T"/>; thrown before any row.</exception>
    /// <exception cref="RowBinaryException">A value cannot be read, or the stream ends mid-row.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static async Task<List<T>> ReadListAsync<T>(Stream stream, RowBinaryFormat format, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ValidateReadFormat(format);
        var rows = new List<T>();
        var parser = new RowBinaryStreamParser<T>(format);
        PipeReader pipe = PipeReader.Create(stream, PipeOptions);
        try
        {
            while (true)
            {
                cancellationToken.ThrowIfCancellationRequested();
                ReadResult result = await pipe.ReadAsync(cancellationToken).ConfigureAwait(false);
                bool completed = ParseBlock(pipe, result, parser, rows);
                if (parser.Failure is not null)
                {
                    throw parser.Failure;
                }
                if (completed)
                {
                    return rows;
                }
            }
        }
        finally
        {
            await pipe.CompleteAsync().ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Reads the rows of a stream one by one as they arrive, with memory bounded whatever the number of rows:
    /// the stream is parsed a buffer at a time. The stream is left open.
    /// </summary>
    /// <inheritdoc cref="ReadListAsync{T}(Stream, RowBinaryFormat, CancellationToken)"/>
    public static async IAsyncEnumerable<T> ReadAsync<T>(Stream stream, RowBinaryFormat format, [EnumeratorCancellation] CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ValidateReadFormat(format);
        var batch = new List<T>();
        var parser = new RowBinaryStreamParser<T>(format);
        PipeReader pipe = PipeReader.Create(stream, PipeOptions);
        try
        {
            bool completed = false;
            while (!completed)
            {
                cancellationToken.ThrowIfCancellationRequested();
                ReadResult result = await pipe.ReadAsync(cancellationToken).ConfigureAwait(false);
                completed = ParseBlock(pipe, result, parser, batch);
                for (int i = 0; i < batch.Count; i++)
                {
                    // A batch can hold thousands of rows: a consumer that cancels stops at the next row.
                    cancellationToken.ThrowIfCancellationRequested();
                    yield return batch[i];
                }
                batch.Clear();
                if (parser.Failure is not null)
                {
                    throw parser.Failure;
                }
            }
        }
        finally
        {
            await pipe.CompleteAsync().ConfigureAwait(false);
        }
    }

    /// <summary>Parses what the pipe holds into whole rows and tells the pipe how far they reached. True at the end of the stream.</summary>
    private static bool ParseBlock<T>(PipeReader pipe, ReadResult result, RowBinaryStreamParser<T> parser, List<T> destination)
        where T : IClickHouseRow<T>
    {
        if (result.IsCanceled)
        {
            throw new OperationCanceledException("The read was canceled.");
        }
        ReadOnlySequence<byte> block = result.Buffer;
        long consumed = parser.Parse(block, result.IsCompleted, destination);
        // Everything was examined: the pipe waits for new bytes before handing out the unconsumed tail again.
        pipe.AdvanceTo(block.GetPosition(consumed), block.End);
        return result.IsCompleted;
    }
}
