using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The rows of a stream of Native blocks as an <see cref="IAsyncEnumerable{T}"/>, for
/// <see cref="NativeSerializer.ReadAsync{T}"/> and the client's queries: rows are built a batch at a time when the ones
/// before are used up (<see cref="NativeLayout.BatchRows"/>, the next block read once the last is), and handed
/// out by a synchronous <see cref="IAsyncEnumerator{T}.MoveNextAsync"/>.
/// </summary>
internal sealed class NativeRows<T> : IAsyncEnumerable<T>
    where T : IClickHouseRow<T>
{
    private readonly Func<CancellationToken, Task<(Stream Body, ClickHouseResponseStream? Response)>> _open;
    private readonly bool _ownsStream;
    private readonly CancellationToken _cancellationToken;
    private readonly Func<ClickHouseClient.FirstRowFailover?>? _failover;
    private readonly StringCacheMemory? _strings;

    /// <param name="open">Opens the stream on the first <c>MoveNextAsync</c> (a query is sent only when enumerated); and the same
    /// stream as a response body when it is one, told how many rows were handed out (telemetry) and dropped for a new attempt.</param>
    /// <param name="ownsStream">Dispose the stream with the enumerator (a response body: disposing aborts the request).</param>
    /// <param name="cancellationToken">Cancels the reading, together with the token given to <see cref="GetAsyncEnumerator"/>.</param>
    /// <param name="failover">Makes each enumeration's failover before its first row (a client's query), if any.</param>
    /// <param name="strings">What earlier reads of the row type found in its String columns (a client's), if any.</param>
    public NativeRows(Func<CancellationToken, Task<(Stream Body, ClickHouseResponseStream? Response)>> open, bool ownsStream, CancellationToken cancellationToken,
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

    private sealed class Enumerator(NativeRows<T> rows, CancellationToken cancellationToken, CancellationTokenSource? linked,
        ClickHouseClient.FirstRowFailover? failover) : IAsyncEnumerator<T>
    {
        private Stream? _stream;
        private ClickHouseResponseStream? _response;
        private NativeStreamReader<T>? _reader;
        private int _index = -1;
        private long _rows;
        private bool _disposed;

        public T Current { get; private set; } = default!;

        public ValueTask<bool> MoveNextAsync()
        {
            if (_reader is not null && _index + 1 < _reader.Rows.Length && !cancellationToken.IsCancellationRequested)
            {
                Current = _reader.Take(++_index);
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
            Current = default!;
            return _rows > 0 || failover is null ? NextBlockAsync() : failover.ReadFirstAsync(NextBlockAsync, () => _response, DropAsync, cancellationToken);
        }

        /// <summary>Reads the next block of rows, opening the stream first if it is not open, and hands out its first; false at the end.</summary>
        private async ValueTask<bool> NextBlockAsync()
        {
            if (_reader is null)
            {
                (_stream, _response) = failover is null
                    ? await rows._open(cancellationToken).ConfigureAwait(false)
                    : await failover.OpenAsync(rows._open, cancellationToken).ConfigureAwait(false);
                _reader = new NativeStreamReader<T>(_stream, rows._strings);
            }
            _index = -1;
            if (!await _reader.ReadRowsAsync(cancellationToken).ConfigureAwait(false))
            {
                return false;
            }
            _index = 0;
            Current = _reader.Take(0);
            _rows++;
            return true;
        }

        /// <summary>Drops the stream that broke off before the first row, and all read from it: the next read opens a new one.</summary>
        private async ValueTask DropAsync(Exception failure)
        {
            _reader?.Dispose();
            _reader = null;
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
            _reader?.Dispose();
            _reader = null;
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
