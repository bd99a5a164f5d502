using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public static partial class RowBinarySerializer
{
    /// <summary>Reads every row of a stream into a list. The stream is left open.</summary>
    /// <exception cref="RowBinarySchemaMismatchException">The header does not fit <typeparamref name="T"/>; thrown before any row.</exception>
    /// <exception cref="RowBinaryException">A value cannot be read, or the stream ends mid-row.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task<List<T>> ReadListAsync<T>(Stream stream, RowBinaryFormat format, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ValidateReadFormat(format);
        return ReadListAsync<T, GeneratedRowDecoder<T>>(stream, format, default, cancellationToken);
    }

    /// <summary>Reads every row of a stream into a list with <paramref name="decoder"/>. The stream is left open.</summary>
    internal static async Task<List<T>> ReadListAsync<T, TDecoder>(Stream stream, RowBinaryFormat format, TDecoder decoder, CancellationToken cancellationToken,
        StringCacheMemory? strings = null)
        where TDecoder : struct, IRowDecoder<T>
    {
        var rows = new RowListBuilder<T>();
        var parser = new RowBinaryStreamParser<T, TDecoder>(format, decoder, strings);
        using var buffer = new RowBinaryStreamBuffer(stream);
        try
        {
            while (true)
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (!parser.MoreRowsHeld)
                {
                    await buffer.FillAsync(parser.MinimumBlock, parser.PreferredBlock, cancellationToken).ConfigureAwait(false);
                }
                ParseBlock(buffer, parser, rows.Destination(out int room), room);
                if (parser.Failure is not null)
                {
                    throw parser.Failure;
                }
                if (buffer.IsCompleted && !parser.MoreRowsHeld)
                {
                    buffer.ThrowIfFailed();
                    return rows.ToList();
                }
            }
        }
        finally
        {
            parser.Release();
        }
    }

    /// <summary>
    /// Reads the rows of a stream one by one as they arrive, with memory bounded whatever the number of rows:
    /// the stream is parsed a buffer at a time. The stream is left open.
    /// </summary>
    /// <inheritdoc cref="ReadListAsync{T}(Stream, RowBinaryFormat, CancellationToken)"/>
    public static IAsyncEnumerable<T> ReadAsync<T>(Stream stream, RowBinaryFormat format, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(stream);
        ValidateReadFormat(format);
        return new RowBinaryRows<T, GeneratedRowDecoder<T>>(_ => Task.FromResult<(Stream, ClickHouseResponseStream?, RowBinaryFormat, GeneratedRowDecoder<T>)>((stream, null, format, default)), ownsStream: false, cancellationToken);
    }

    /// <summary>Parses the buffered bytes into whole rows and drops the bytes they took.</summary>
    internal static void ParseBlock<T, TDecoder>(RowBinaryStreamBuffer buffer, RowBinaryStreamParser<T, TDecoder> parser, List<T> destination, int maxRows = int.MaxValue)
        where TDecoder : struct, IRowDecoder<T>
    {
        // After a failed read the data is cut, not ended: the failure is the error, not a row that ends early.
        long consumed = parser.Parse(buffer.Data, isFinalBlock: buffer.IsCompleted && !buffer.Failed, destination, maxRows);
        buffer.Consume(consumed);
    }
}
