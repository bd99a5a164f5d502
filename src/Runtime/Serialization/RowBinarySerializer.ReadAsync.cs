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
                ReadResult result = await ReadBlockAsync(pipe, parser.MinimumBlock, parser.PreferredBlock, cancellationToken).ConfigureAwait(false);
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
                ReadResult result = await ReadBlockAsync(pipe, parser.MinimumBlock, parser.PreferredBlock, cancellationToken).ConfigureAwait(false);
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

    /// <summary>
    /// Reads until the pipe holds <paramref name="preferred"/> bytes, or at least <paramref name="minimum"/> when the
    /// stream made the read wait (it paused: the rows so far should not wait for whatever comes next), or the
    /// stream ended. A row cut by a block is parsed again from its start, so retrying at every small read would
    /// cost the square of the row's size; see <see cref="RowBinaryStreamParser{T}"/>.
    /// </summary>
    private static async ValueTask<ReadResult> ReadBlockAsync(PipeReader pipe, long minimum, long preferred, CancellationToken cancellationToken)
    {
        while (true)
        {
            ValueTask<ReadResult> pending = pipe.ReadAsync(cancellationToken);
            bool waited = !pending.IsCompleted;
            ReadResult result = await pending.ConfigureAwait(false);
            long length = result.Buffer.Length;
            if (result.IsCompleted || result.IsCanceled || length >= preferred || (waited && length >= minimum))
            {
                return result;
            }
            // Nothing consumed, everything examined: the next read waits for new bytes.
            pipe.AdvanceTo(result.Buffer.Start, result.Buffer.End);
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
