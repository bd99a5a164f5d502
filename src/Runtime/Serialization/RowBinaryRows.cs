using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The rows of a stream as an <see cref="IAsyncEnumerable{T}"/>, for <see cref="RowBinarySerializer.ReadAsync{T}"/>
/// and the client's queries. Hand-written rather than an async iterator: a row already parsed is handed over by a
/// synchronous <see cref="IAsyncEnumerator{T}.MoveNextAsync"/> that touches no state machine, which is most of
/// the per-row cost of <c>await foreach</c> over small rows.
/// </summary>
internal sealed class RowBinaryRows<T, TDecoder> : IAsyncEnumerable<T>
    where TDecoder : struct, IRowDecoder<T>
{
    private readonly Func<CancellationToken, Task<(Stream Body, ClickHouseResponseStream? Response, RowBinaryFormat Format, TDecoder Decoder)>> _open;
    private readonly bool _ownsStream;
    private readonly CancellationToken _cancellationToken;
    private readonly Func<ClickHouseClient.FirstRowFailover?>? _failover;
    private readonly StringCacheMemory? _strings;

    /// <param name="open">Opens the stream on the first <c>MoveNextAsync</c> (a query is sent only when enumerated), with the
    /// decoder of its rows; and the same stream as a response body when it is one, told how many rows were handed out (telemetry)
    /// and dropped for a new attempt.</param>
    /// <param name="ownsStream">Dispose the stream with the enumerator (a response body: disposing aborts the request).</param>
    /// <param name="cancellationToken">Cancels the reading, together with the token given to <see cref="GetAsyncEnumerator"/>.</param>
    /// <param name="failover">Makes each enumeration's failover before its first row (a client's query), if any.</param>
    /// <param name="strings">What earlier reads of the row type found in its String columns (a client's), if any.</param>
    public RowBinaryRows(Func<CancellationToken, Task<(Stream Body, ClickHouseResponseStream? Response, RowBinaryFormat Format, TDecoder Decoder)>> open, bool ownsStream, CancellationToken cancellationToken,
        Func<ClickHouseClient.FirstRowFailover?>? failover = null, StringCacheMemory? strings = null)
    {
        _strings = strings;
        _open = open;
        _ownsStream = ownsStream;
        _cancellationToken = cancellationToken;
        _failover = failover;
    }

    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        CancellationTokenSource? linked = null;
        CancellationToken token = _cancellationToken;
        if (cancellationToken.CanBeCanceled && cancellationToken != _cancellationToken)
        {
            if (_cancellationToken.CanBeCanceled)
            {
                linked = CancellationTokenSource.CreateLinkedTokenSource(_cancellationToken, cancellationToken);
                token = linked.Token;
            }
            else
            {
                token = cancellationToken;
            }
        }
        return new Enumerator(this, token, linked, _failover?.Invoke());
    }

    private sealed class Enumerator(RowBinaryRows<T, TDecoder> rows, CancellationToken cancellationToken, CancellationTokenSource? linked,
        ClickHouseClient.FirstRowFailover? failover) : IAsyncEnumerator<T>
    {
        /// <summary>
        /// Rows parsed ahead of the consumer: few enough that they die young (a buffer's worth of rows held while the
        /// consumer works would survive collections and be promoted), many enough that a parse call's cost is shared.
        /// </summary>
        private const int Batch = 64;

        private readonly List<T> _batch = new(Batch);
        private int _index = -1;
        private Stream? _stream;
        private ClickHouseResponseStream? _response;
        private RowBinaryStreamBuffer? _buffer;
        private RowBinaryStreamParser<T, TDecoder>? _parser;
        private long _rows;
        private bool _disposed;

        public T Current { get; private set; } = default!;

        public ValueTask<bool> MoveNextAsync()
        {
            if (_index + 1 < _batch.Count && !cancellationToken.IsCancellationRequested)
            {
                Current = _batch[++_index];
                _rows++;
                return new ValueTask<bool>(true);
            }
            return MoveNextSlowAsync();
        }

        private ValueTask<bool> MoveNextSlowAsync()
        {
            if (_disposed)
            {
                throw RowEnumeration.Disposed();
            }
            cancellationToken.ThrowIfCancellationRequested();
            _batch.Clear();
            _index = -1;
            Current = default!;
            return _rows > 0 || failover is null ? NextBatchAsync() : failover.ReadFirstAsync(NextBatchAsync, () => _response, DropAsync, cancellationToken);
        }

        /// <summary>Parses the next batch of rows, opening the stream first if it is not open, and hands out its first; false at the end.</summary>
        [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
        private async ValueTask<bool> NextBatchAsync()
        {
            if (_buffer is null)
            {
                (Stream body, ClickHouseResponseStream? response, RowBinaryFormat format, TDecoder decoder) = failover is null
                    ? await rows._open(cancellationToken).ConfigureAwait(false)
                    : await failover.OpenAsync(rows._open, cancellationToken).ConfigureAwait(false);
                _stream = body;
                _response = response;
                _parser = new RowBinaryStreamParser<T, TDecoder>(format, decoder, rows._strings);
                _buffer = new RowBinaryStreamBuffer(body);
            }
            RowBinaryStreamParser<T, TDecoder> parser = _parser!;
            while (true)
            {
                if (parser.Failure is not null)
                {
                    throw parser.Failure;
                }
                if (!parser.MoreRowsHeld)
                {
                    if (_buffer.IsCompleted)
                    {
                        _buffer.ThrowIfFailed();
                        return false;
                    }
                    await _buffer.FillAsync(parser.MinimumBlock, parser.PreferredBlock, cancellationToken).ConfigureAwait(false);
                }
                RowBinarySerializer.ParseBlock(_buffer, parser, _batch, Batch);
                if (_batch.Count > 0)
                {
                    _index = 0;
                    Current = _batch[0];
                    _rows++;
                    return true;
                }
            }
        }

        /// <summary>Drops the stream that broke off before the first row, and all parsed from it: the next read opens a new one.</summary>
        private async ValueTask DropAsync(Exception failure)
        {
            _buffer?.Dispose();
            _buffer = null;
            _parser?.Release();
            _parser = null;
            _batch.Clear();
            _index = -1;
            _rows = 0;
            Current = default!;
            if (_stream is { } stream)
            {
                _stream = null;
                _response?.Dropped(failure);
                _response = null;
                if (rows._ownsStream)
                {
                    await stream.DisposeAsync().ConfigureAwait(false);
                }
            }
        }

        public async ValueTask DisposeAsync()
        {
            _disposed = true;
            _buffer?.Dispose();
            _buffer = null;
            _parser?.Release();
            _batch.Clear();
            linked?.Dispose();
            if (_stream is null)
            {
                return;
            }
            _response?.RowsRead(_rows);
            if (rows._ownsStream)
            {
                await _stream.DisposeAsync().ConfigureAwait(false);
            }
            _stream = null;
        }
    }
}
