using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Turns many small concurrent inserts into few large INSERTs. Each row is written into a pooled buffer when it is
/// accepted (a row that cannot be written fails its own call at once, and the caller may reuse its object as soon as
/// the call returns); a batch is sent when it holds <see cref="ClickHouseBatchInserterOptions.MaxRows"/> rows or
/// <see cref="ClickHouseBatchInserterOptions.MaxBytes"/> bytes, or when its first row has waited
/// <see cref="ClickHouseBatchInserterOptions.MaxDelay"/> (while every sender is busy and a batch already waits for one,
/// it goes on gathering rows until a sender takes that batch). <c>InsertAsync</c> completes once the server acknowledged the
/// INSERT that carried the rows, or fails with the error that finally stopped it: no row is reported inserted that is
/// not, none is dropped silently. Thread-safe. Dispose it (<c>await using</c>) to send everything accepted, within
/// <see cref="ClickHouseBatchInserterOptions.ShutdownTimeout"/>.
/// </summary>
/// <typeparam name="T">The row type.</typeparam>
public sealed class ClickHouseBatchInserter<T> : IClickHouseBatchInserter<T> where T : IClickHouseRow<T>
{
    /// <summary>A thread's buffer for writing the rows of one call before they are copied into the batch.</summary>
    [ThreadStatic]
    private static PooledBufferWriter? t_scratch;

    private const int MaxKeptScratchBytes = 1024 * 1024;

    private readonly ClickHouseClient _client;
    private readonly string _table;
    private readonly string? _database;
    private readonly string _sql;
    private readonly int _maxRows;
    private readonly AdaptiveBatchLimits _limits;
    private readonly long _maxPendingRows;
    private readonly long _maxPendingBytes;
    private readonly int _maxRetries;
    private readonly TimeSpan _retryDelay;
    private readonly TimeSpan _maxRetryDelay;
    private readonly TimeSpan _insertTimeout;
    private readonly TimeSpan _shutdownTimeout;
    private readonly bool _deduplicate;
    private readonly bool _checkSchema;
    private readonly bool _asyncInsert;
    private readonly RowBinaryFormat _format;
    private readonly bool _native;
    private readonly Dictionary<string, string> _settings;
    private readonly TimeProvider _time;
    private readonly EndpointPool _endpoints;
    private readonly string _tokenPrefix = Guid.NewGuid().ToString("N");
    private readonly TagList _tags;

    private readonly object _gate = new();
    private readonly Channel<InsertBatch> _ready = Channel.CreateUnbounded<InsertBatch>(new UnboundedChannelOptions { SingleWriter = false });
    private readonly HashSet<InsertBatch> _unsettled = [];
    private readonly Queue<RoomWaiter> _waiters = new();
    private readonly ITimer _delayTimer;
    private readonly Task[] _senders;
    /// <summary>Cancelled at the shutdown deadline: attempts in flight and retry waits end, unsent batches are not sent.</summary>
    private readonly CancellationTokenSource _abandon = new();
    private InsertBatch? _current;

    /// <summary>
    /// The open batch's delay passed while a sealed batch still waited for a sender: it grows until a sender takes the
    /// waiting one, instead of queueing behind it as one more small INSERT (one more part on the server).
    /// </summary>
    private bool _dueWhenSenderFree;
    private long _sequence;
    private long _pendingRows;
    private long _acceptedBytes;
    private long _waitingBytes;
    private bool _closed;
    private Task? _closing;

    internal ClickHouseBatchInserter(ClickHouseClient client, string table, ClickHouseBatchInserterOptions options)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentException.ThrowIfNullOrEmpty(table);
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        _client = client;
        _table = table;
        _database = options.Database;
        _format = options.Format;
        _native = client.InsertsNative<T>(options.WireFormat, options.Format, options.CheckSchema, nameof(options));
        _sql = ClickHouseClient.InsertStatement(options.Database, table, T.Schema, _native ? ClickHouseClient.NativeFormatName : options.Format.ToString());
        _maxRows = options.MaxRows;
        _maxPendingRows = options.MaxPendingRows;
        _maxPendingBytes = options.MaxPendingBytes;
        _maxRetries = options.MaxRetries;
        _retryDelay = options.RetryDelay;
        _maxRetryDelay = options.MaxRetryDelay;
        _insertTimeout = options.InsertTimeout;
        _shutdownTimeout = options.ShutdownTimeout;
        _deduplicate = options.DeduplicationToken && !options.Settings.ContainsKey(ServerInsertSettings.DeduplicationToken);
        _checkSchema = options.CheckSchema;
        _asyncInsert = options.AsyncInsert;
        _settings = new Dictionary<string, string>(options.Settings, StringComparer.Ordinal);
        _time = options.TimeProvider ?? TimeProvider.System;
        _limits = new AdaptiveBatchLimits(options, _time);
        _tags = new TagList { { "db.system.name", "clickhouse" }, { "db.collection.name", table } };
        BatchInserterTelemetry.Track(_limits, _tags);
        _endpoints = client.EndpointPool;
        // The senders and the timer outlive the call that created the inserter (in a host, the first request that asked
        // for it): they must not carry its Activity, logging scopes or other ambient state into every batch.
        using (ExecutionContext.SuppressFlow())
        {
            _delayTimer = _time.CreateTimer(static state => ((ClickHouseBatchInserter<T>)state!).OnDelayElapsed(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
            _senders = new Task[options.MaxConcurrentInserts];
            for (int i = 0; i < _senders.Length; i++)
            {
                _senders[i] = Task.Run(SendLoopAsync);
            }
        }
    }

    /// <summary>The table this inserter writes to.</summary>
    public string Table => _table;

    /// <summary>Rows accepted and not yet acknowledged or failed.</summary>
    public long PendingRows => Interlocked.Read(ref _pendingRows);

    /// <summary>
    /// The delay a batch waits for more rows now: <see cref="ClickHouseBatchInserterOptions.MaxDelay"/>, or longer while the
    /// server signals pressure (<see cref="ClickHouseBatchInserterOptions.AdaptToServerPressure"/>).
    /// </summary>
    public TimeSpan CurrentMaxDelay => _limits.Current.Delay;

    /// <summary>The rows a batch is sent at now: <see cref="ClickHouseBatchInserterOptions.MaxRows"/>, or more under pressure.</summary>
    public int CurrentMaxRows => _limits.Current.Rows;

    /// <summary>The RowBinary bytes a batch is sent at now: <see cref="ClickHouseBatchInserterOptions.MaxBytes"/>, or more under pressure.</summary>
    public long CurrentMaxBytes => _limits.Current.Bytes;

    /// <summary>RowBinary bytes of the rows accepted and not yet acknowledged or failed, and of callers waiting for room.</summary>
    public long PendingBytes
    {
        get
        {
            lock (_gate)
            {
                return _acceptedBytes + _waitingBytes;
            }
        }
    }

    /// <summary>
    /// Accepts one row and completes once the server acknowledged the INSERT that carried it. The row is written
    /// before this returns: a value that cannot be written fails this call (a <see cref="RowBinaryException"/> naming
    /// the column) and no other, and the object may be reused at once.
    /// </summary>
    /// <param name="row">The row.</param>
    /// <param name="cancellationToken">
    /// While the inserter is full (<see cref="ClickHouseBatchInserterOptions.MaxPendingRows"/>,
    /// <see cref="ClickHouseBatchInserterOptions.MaxPendingBytes"/>), cancelling withdraws the row: nothing is inserted.
    /// Once the row is accepted, it follows its batch whatever happens to the token; cancelling then only stops this
    /// caller's wait.
    /// </param>
    /// <exception cref="ClickHouseServerException">The server refused the INSERT, for good or after every retry.</exception>
    /// <exception cref="ClickHouseInsertUnacknowledgedException">The inserter shut down before the INSERT was acknowledged.</exception>
    /// <exception cref="ArgumentException">The row alone takes more than <see cref="ClickHouseBatchInserterOptions.MaxPendingBytes"/>.</exception>
    public Task InsertAsync(T row, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }
        PooledBufferWriter scratch = RentScratch();
        try
        {
            RowBinarySerializer.WriteRows(scratch, new ReadOnlySpan<T>(in row), _format, firstRowIndex: 0, pending: 0, flushThreshold: long.MaxValue);
            return Accept(scratch.WrittenSpan, 1, cancellationToken);
        }
        catch (Exception e)
        {
            return Task.FromException(e);
        }
        finally
        {
            ReturnScratch(scratch);
        }
    }

    /// <summary>
    /// Accepts rows, all or none, and completes once the server acknowledged the INSERT that carried them (one INSERT:
    /// the rows of one call are never split). A row that cannot be written fails the call and none of its rows is
    /// inserted; the exception names the row's index in <paramref name="rows"/>. At most
    /// <see cref="ClickHouseBatchInserterOptions.MaxRows"/> rows per call: bulk loads go to <see cref="ClickHouseClient.InsertAsync{T}(string, IEnumerable{T}, CancellationToken)"/>.
    /// </summary>
    /// <inheritdoc cref="InsertAsync(T, CancellationToken)"/>
    public Task InsertAsync(IEnumerable<T> rows, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(rows);
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }
        PooledBufferWriter scratch = RentScratch();
        try
        {
            int count = WriteAll(scratch, rows);
            return count == 0 ? Task.CompletedTask : Accept(scratch.WrittenSpan, count, cancellationToken);
        }
        catch (Exception e)
        {
            return Task.FromException(e);
        }
        finally
        {
            ReturnScratch(scratch);
        }
    }

    /// <summary>
    /// Sends what is queued now and waits until every batch accepted so far is acknowledged or has failed. Throws the
    /// failure of such a batch, if one failed (its callers got it too).
    /// </summary>
    /// <param name="cancellationToken">Stops waiting; the batches are sent all the same.</param>
    public Task FlushAsync(CancellationToken cancellationToken = default)
    {
        Task[] waiting;
        lock (_gate)
        {
            SealLocked();
            waiting = new Task[_unsettled.Count];
            int i = 0;
            foreach (InsertBatch batch in _unsettled)
            {
                waiting[i++] = batch.Acknowledged;
            }
        }
        return Task.WhenAll(waiting).WaitAsync(cancellationToken);
    }

    /// <summary>
    /// Stops accepting rows (later calls fail with <see cref="ObjectDisposedException"/>, and so do callers still waiting
    /// for room), sends every row accepted, and waits for the last acknowledgement or failure, for at most
    /// <see cref="ClickHouseBatchInserterOptions.ShutdownTimeout"/> (see <see cref="ShutdownAsync"/>). Never throws for a
    /// failed batch: its callers have the error.
    /// </summary>
    public ValueTask DisposeAsync() => new(ShutdownAsync(CancellationToken.None));

    /// <summary>
    /// Stops accepting rows, sends every row accepted, and waits for the last acknowledgement or failure, until
    /// <see cref="ClickHouseBatchInserterOptions.ShutdownTimeout"/> has passed or <paramref name="cancellationToken"/> is
    /// cancelled (a host's stopping token): then the INSERTs in flight are aborted, nothing more is sent, and every
    /// caller whose rows were not acknowledged gets a <see cref="ClickHouseInsertUnacknowledgedException"/> saying
    /// whether they may have been inserted. Returns once every accepted row is settled; never throws for a failed batch.
    /// </summary>
    /// <param name="cancellationToken">Ends the wait as the deadline does: unacknowledged rows fail.</param>
    public async Task ShutdownAsync(CancellationToken cancellationToken = default)
    {
        Task closing;
        lock (_gate)
        {
            _closing ??= CloseAsync();
            closing = _closing;
        }
        using (cancellationToken.Register(static state => ((ClickHouseBatchInserter<T>)state!).Abandon(), this))
        {
            await closing.ConfigureAwait(false);
        }
    }

    private async Task CloseAsync()
    {
        List<RoomWaiter> refused = [];
        lock (_gate)
        {
            _closed = true;
            SealLocked();
            _ready.Writer.TryComplete();
            while (_waiters.TryDequeue(out RoomWaiter? waiter))
            {
                _waitingBytes -= waiter.Bytes.Length;
                refused.Add(waiter);
            }
        }
        foreach (RoomWaiter waiter in refused)
        {
            waiter.Room.TrySetException(Disposed());
        }
        using (var deadline = new CancellationTokenSource(_shutdownTimeout, _time))
        using (deadline.Token.Register(static state => ((ClickHouseBatchInserter<T>)state!).Abandon(), this))
        {
            await Task.WhenAll(_senders).ConfigureAwait(false);
        }
        await _delayTimer.DisposeAsync().ConfigureAwait(false);
        BatchInserterTelemetry.Untrack(_limits);
    }

    /// <summary>The shutdown deadline: every batch not acknowledged by now fails, and the senders end.</summary>
    private void Abandon() => _abandon.Cancel();

    private int WriteAll(PooledBufferWriter scratch, IEnumerable<T> rows)
    {
        if (RowBinarySerializer.TryGetSpan(rows, out ReadOnlySpan<T> span))
        {
            CheckCallSize(span.Length);
            return RowBinarySerializer.WriteRows(scratch, span, _format, firstRowIndex: 0, pending: 0, flushThreshold: long.MaxValue);
        }
        int count = 0;
        foreach (T row in rows)
        {
            CheckCallSize(count + 1);
            RowBinarySerializer.WriteRows(scratch, new ReadOnlySpan<T>(in row), _format, firstRowIndex: count, pending: 0, flushThreshold: long.MaxValue);
            count++;
        }
        return count;
    }

    private void CheckCallSize(int rows)
    {
        if (rows > _maxRows)
        {
            throw new ArgumentException(
                $"One InsertAsync call carries at most MaxRows ({_maxRows:N0}) rows, all in one INSERT; send bulk loads with ClickHouseClient.InsertAsync.", "rows");
        }
    }

    /// <summary>Takes the written rows into the open batch, or waits for room first when the inserter is full.</summary>
    private Task Accept(ReadOnlySpan<byte> bytes, int rows, CancellationToken cancellationToken)
    {
        if (bytes.Length > _maxPendingBytes)
        {
            string what = rows == 1 ? "The row takes" : $"The {rows:N0} rows of this call take";
            throw new ArgumentException(
                $"{what} {bytes.Length:N0} bytes of RowBinary, more than MaxPendingBytes ({_maxPendingBytes:N0}) of the batch inserter for '{_table}': "
                + "they could never be accepted. Raise MaxPendingBytes, or send them with ClickHouseClient.InsertAsync.", rows == 1 ? "row" : "rows");
        }
        Task acknowledged;
        RoomWaiter? waiter = null;
        lock (_gate)
        {
            if (_closed)
            {
                throw Disposed();
            }
            ActivityContext caller = Activity.Current?.Context ?? default;
            if (_waiters.Count > 0 || !HasRoomLocked(rows, bytes.Length))
            {
                waiter = new RoomWaiter(rows, bytes.ToArray(), caller);
                _waiters.Enqueue(waiter);
                _waitingBytes += bytes.Length;
                acknowledged = Task.CompletedTask;
            }
            else
            {
                acknowledged = AppendLocked(bytes, rows, caller);
                _pendingRows += rows;
                _acceptedBytes += bytes.Length;
            }
        }
        if (waiter is not null)
        {
            return AcceptWhenRoomAsync(waiter, cancellationToken);
        }
        BatchInserterTelemetry.RowsQueued.SafeAdd(rows, _tags);
        BatchInserterTelemetry.RowsPending.SafeAdd(rows, _tags);
        return cancellationToken.CanBeCanceled ? acknowledged.WaitAsync(cancellationToken) : acknowledged;
    }

    private bool HasRoomLocked(int rows, int bytes)
        => (_pendingRows == 0 || _pendingRows + rows <= _maxPendingRows) && _acceptedBytes + bytes <= _maxPendingBytes;

    private async Task AcceptWhenRoomAsync(RoomWaiter waiter, CancellationToken cancellationToken)
    {
        Task acknowledged;
        using (cancellationToken.Register(static state => ((ClickHouseBatchInserter<T>)((object[])state!)[0]).Withdraw((RoomWaiter)((object[])state!)[1]),
            new object[] { this, waiter }))
        {
            acknowledged = await waiter.Room.Task.ConfigureAwait(false);
        }
        await acknowledged.WaitAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>A caller cancelled while waiting for room: its rows were never accepted.</summary>
    private void Withdraw(RoomWaiter waiter)
    {
        lock (_gate)
        {
            if (waiter.Room.Task.IsCompleted)
            {
                return;
            }
            // Rebuild the queue without it; waiting is the slow path and the queue is short in practice.
            int count = _waiters.Count;
            for (int i = 0; i < count; i++)
            {
                RoomWaiter queued = _waiters.Dequeue();
                if (queued != waiter)
                {
                    _waiters.Enqueue(queued);
                }
            }
            _waitingBytes -= waiter.Bytes.Length;
            waiter.Room.TrySetCanceled();
            GrantRoomLocked();
        }
    }

    /// <summary>Accepts waiting callers' rows, first come first served, while there is room.</summary>
    private void GrantRoomLocked()
    {
        while (_waiters.TryPeek(out RoomWaiter? next) && HasRoomLocked(next.Rows, next.Bytes.Length))
        {
            _waiters.Dequeue();
            _waitingBytes -= next.Bytes.Length;
            Task acknowledged;
            try
            {
                acknowledged = AppendLocked(next.Bytes, next.Rows, next.Caller);
            }
            catch (Exception e)
            {
                // The clock failed: this caller hears it, and its rows were not accepted.
                next.Room.TrySetException(e);
                continue;
            }
            _pendingRows += next.Rows;
            _acceptedBytes += next.Bytes.Length;
            next.Room.TrySetResult(acknowledged);
            BatchInserterTelemetry.RowsQueued.SafeAdd(next.Rows, _tags);
            BatchInserterTelemetry.RowsPending.SafeAdd(next.Rows, _tags);
        }
    }

    private Task AppendLocked(ReadOnlySpan<byte> bytes, int rows, ActivityContext caller)
    {
        AdaptiveBatchLimits.Limits limits = _limits.Current;
        InsertBatch? batch = _current;
        if (batch is not null && (batch.Rows + rows > limits.Rows || batch.Bytes + bytes.Length > limits.Bytes))
        {
            SealLocked();
            batch = null;
        }
        if (batch is null)
        {
            // The clock first: when it fails, nothing has changed.
            long openedAt = _time.GetTimestamp();
            _delayTimer.Change(limits.Delay, Timeout.InfiniteTimeSpan);
            batch = _current = new InsertBatch(++_sequence, openedAt);
            _unsettled.Add(batch);
        }
        batch.Append(bytes, rows);
        batch.Link(caller);
        Task acknowledged = batch.Acknowledged;
        if (batch.Rows >= limits.Rows || batch.Bytes >= limits.Bytes)
        {
            SealLocked();
        }
        return acknowledged;
    }

    /// <summary>Hands the open batch, if any, to the senders.</summary>
    private void SealLocked()
    {
        if (_current is { } batch)
        {
            _current = null;
            _dueWhenSenderFree = false;
            _ready.Writer.TryWrite(batch);
        }
    }

    /// <summary>A sender took a sealed batch: the open batch, if its delay passed meanwhile, takes its place.</summary>
    private void OnBatchTaken()
    {
        lock (_gate)
        {
            if (_dueWhenSenderFree)
            {
                SealLocked();
            }
        }
    }

    private void OnDelayElapsed()
    {
        lock (_gate)
        {
            if (_current is null)
            {
                return;
            }
            try
            {
                // The delay in force now: widened since the batch opened, the batch waits longer.
                TimeSpan delay = _limits.Current.Delay;
                TimeSpan waited = _time.GetElapsedTime(_current.OpenedAt);
                if (waited < delay)
                {
                    _delayTimer.Change(delay - waited, Timeout.InfiniteTimeSpan);
                    return;
                }
            }
            catch (Exception e)
            {
                // A timer callback must not throw; sending early is the safe side.
                ClickHouseEventSource.Log.BatchInserterFailed(_table, e.ToString());
            }
            if (_ready.Reader.Count > 0)
            {
                // Every sender is busy and a batch already waits: this one goes next, with what it gathers until then.
                _dueWhenSenderFree = true;
                return;
            }
            SealLocked();
        }
    }

    private async Task SendLoopAsync()
    {
        while (await _ready.Reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (_ready.Reader.TryRead(out InsertBatch? batch))
            {
                try
                {
                    OnBatchTaken();
                }
                catch (Exception e)
                {
                    // It cannot fail today; if it ever did, the batch just taken must still be sent and settled.
                    ClickHouseEventSource.Log.BatchInserterFailed(_table, e.ToString());
                }
                try
                {
                    await SendAsync(batch).ConfigureAwait(false);
                }
                catch (Exception e)
                {
                    // The batch is settled (SendAsync's finally); whatever failed after that must not end this sender.
                    ClickHouseEventSource.Log.BatchInserterFailed(_table, e.ToString());
                }
            }
        }
    }

    /// <summary>Sends a batch until the server acknowledges it, a permanent error, the last retry or the shutdown deadline; then settles it.</summary>
    private async Task SendAsync(InsertBatch batch)
    {
        Exception? failure = null;
        try
        {
            failure = await SendUntilSettledAsync(batch).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            // Not the INSERT's failure (the clock, a bug): still the batch's outcome, which its callers must hear.
            failure = e;
        }
        finally
        {
            Settle(batch, failure);
        }
    }

    /// <summary>The attempts of one batch: null once acknowledged, else what finally stopped it.</summary>
    private async Task<Exception?> SendUntilSettledAsync(InsertBatch batch)
    {
        BatchInserterTelemetry.BatchRows.SafeRecord(batch.Rows, _tags);
        BatchInserterTelemetry.BatchBytes.SafeRecord(batch.Bytes, _tags);
        string token = $"{_tokenPrefix}-{batch.Sequence}";
        EndpointPool.Endpoint? unreachable = null;
        // Where the batch may have been committed with its token: it goes nowhere else (see PinnedAfter).
        EndpointPool.Endpoint? pinned = null;
        for (int attempt = 0; ; attempt++)
        {
            if (_abandon.IsCancellationRequested)
            {
                return Unacknowledged(batch, lastFailure: null);
            }
            EndpointPool.Endpoint endpoint = pinned ?? _endpoints.Pick(avoid: unreachable);
            try
            {
                long sentAt = await SendAttemptAsync(batch, endpoint, token, attempt).ConfigureAwait(false);
                _endpoints.Reached(endpoint);
                AfterAcknowledged(sentAt);
                return null;
            }
            catch (Exception e)
            {
                _client.ForgetTableSchemaAfter(e, endpoint.Uri, _database, _table);
                InsertFailure kind = InsertFailures.Classify(e);
                bool refused = e is ClickHouseServerException { IsEndpointFailure: false } or RowBinarySchemaMismatchException;
                bool tooManyParts = e is ClickHouseServerException { Code: ClickHouseErrorCodes.TooManyParts } && _limits.Enabled;
                if (tooManyParts)
                {
                    OnPressure("too_many_parts", took: default);
                }
                if (kind != InsertFailure.Unreachable && !refused)
                {
                    // Neither refused (by the server, or by the schema check before sending) nor unable to connect: the batch may have been committed.
                    batch.MayHaveLanded = true;
                    pinned ??= PinnedAfter(batch, endpoint);
                }
                if (_abandon.IsCancellationRequested && !refused)
                {
                    return Unacknowledged(batch, e);
                }
                if (kind == InsertFailure.Permanent)
                {
                    return e;
                }
                unreachable = null;
                if (kind == InsertFailure.Unreachable)
                {
                    _endpoints.Unreachable(endpoint, e);
                    unreachable = endpoint;
                }
                if (attempt >= _maxRetries)
                {
                    return e;
                }
                BatchInserterTelemetry.Retries.SafeAdd(1, new TagList { { "db.collection.name", _table }, { "error.type", RequestTelemetry.ErrorType(e) } });
                TimeSpan wait = Backoff(attempt);
                AdaptiveBatchLimits.Limits limits = _limits.Current;
                if (tooManyParts && limits.Factor > 1)
                {
                    // Retried after the widened delay (at most MaxRetryDelay): the merges need the time, and sending at once would only add a part.
                    TimeSpan widened = limits.Delay < _maxRetryDelay ? limits.Delay : _maxRetryDelay;
                    wait = widened > wait ? widened : wait;
                }
                if (pinned is not null || kind != InsertFailure.Unreachable || !_endpoints.AnotherIsAvailable(endpoint))
                {
                    try
                    {
                        await Task.Delay(wait, _time, _abandon.Token).ConfigureAwait(false);
                    }
                    catch (OperationCanceledException) when (_abandon.IsCancellationRequested)
                    {
                        return Unacknowledged(batch, e);
                    }
                }
            }
        }
    }

    /// <summary>
    /// The endpoint a batch that may have been committed there is sent to again, or null to let it move. A batch that
    /// carried its deduplication token to a server that honours it stays: that server's deduplication log is the only one
    /// known to hold the token (a <c>MergeTree</c> with <c>non_replicated_deduplication_window</c> keeps it per server;
    /// an independent shard has none), so sent again there it lands once, and sent elsewhere it could land twice. A batch
    /// without a token (a server before 22.2) is not deduplicated by token anywhere, so it moves to an endpoint that is up:
    /// where the first server had committed it, its rows are stored twice (unless the endpoints are replicas of one
    /// <c>Replicated*</c> table, which finds the block's checksum in the shared log).
    /// </summary>
    private EndpointPool.Endpoint? PinnedAfter(InsertBatch batch, EndpointPool.Endpoint endpoint)
        => batch.SendsToken == true && _client.ServerSettings.Known(endpoint.Uri).HasDeduplicationToken == true ? endpoint : null;

    /// <summary>
    /// An INSERT was acknowledged: one that took longer than the delay in force is a signal of pressure (ClickHouse sleeps
    /// an INSERT into a partition past <c>parts_to_delay_insert</c> before writing it); a quick one may calm the limits.
    /// With <see cref="ClickHouseBatchInserterOptions.AsyncInsert"/> the server holds every INSERT until it flushes its
    /// buffer (<c>async_insert_busy_timeout_ms</c>, 200 ms by default): a slow acknowledgement is that mode working, not
    /// pressure, so only a 252 widens the limits there, and every acknowledgement may calm them.
    /// </summary>
    private void AfterAcknowledged(long sentAt)
    {
        if (!_limits.Enabled)
        {
            return;
        }
        try
        {
            TimeSpan took = _time.GetElapsedTime(sentAt);
            if (!_asyncInsert && took > _limits.Current.Delay)
            {
                OnPressure("slow_insert", took);
            }
            else if (_limits.Calm())
            {
                BatchInserterTelemetry.LimitsChanged(_table, _limits);
            }
        }
        catch (Exception e)
        {
            // A clock that fails here must not turn an acknowledged batch into a retried one.
            ClickHouseEventSource.Log.BatchInserterFailed(_table, e.ToString());
        }
    }

    /// <summary>The server signalled pressure: the limits widen (up to their ceiling), and the signal is counted. Never throws.</summary>
    private void OnPressure(string signal, TimeSpan took)
    {
        BatchInserterTelemetry.Pressure.SafeAdd(1, new TagList { { "db.collection.name", _table }, { "clickhouse.pressure.signal", signal } });
        try
        {
            if (_limits.Widen(took))
            {
                BatchInserterTelemetry.LimitsChanged(_table, _limits);
            }
        }
        catch (Exception e)
        {
            ClickHouseEventSource.Log.BatchInserterFailed(_table, e.ToString());
        }
    }

    /// <summary>
    /// One attempt, within one deadline (<see cref="ClickHouseBatchInserterOptions.InsertTimeout"/>) that covers asking
    /// the endpoint's settings, sending the batch and reading the answer to its end. Returns when the INSERT itself was sent
    /// (a <see cref="TimeProvider"/> timestamp), to time it.
    /// </summary>
    private async Task<long> SendAttemptAsync(InsertBatch batch, EndpointPool.Endpoint endpoint, string token, int attempt)
    {
        string queryId = $"{token}-{attempt}";
        using var deadline = new RequestDeadline(_insertTimeout, "ClickHouseBatchInserterOptions.InsertTimeout", _time, _abandon.Token);
        // The attempt's span starts first, so that asking the server for the table's schema and its settings is part of the attempt.
        RequestTelemetry telemetry = _client.StartInsertAttempt(endpoint.Uri, _table, _database, queryId, batch.Rows, batch.Bytes, attempt, batch.Links);
        IDictionary<string, string> settings = _settings;
        string sql = _sql;
        ReadOnlyMemory<byte> header = default;
        IReadOnlyList<string>? nativeTypes = null;
        long sentAt;
        try
        {
            if (_checkSchema)
            {
                // Cached after the first batch: a row type that does not fit fails every batch at once, with no request sent.
                InsertPlan plan = await _client.GetInsertPlanAsync<T>(endpoint.Uri, _database, _table, _settings, deadline.Token).ConfigureAwait(false);
                if (plan.Refusal is { } refusal)
                {
                    throw refusal;
                }
                // Native blocks name the table's own types, as the client's Native inserts do (old servers read a block's
                // bytes as the table's types whatever it names).
                nativeTypes = plan.TableTypes;
                InsertWire wire = plan.Wire(_format);
                if (!_native && wire.HasHeader)
                {
                    header = wire.Header;
                    sql = ClickHouseClient.InsertStatement(_database, _table, T.Schema, wire.FormatName);
                    settings = _client.WithHeaderSettings(wire, settings)!;
                }
            }
            if (_deduplicate && await SendsTokenAsync(batch, endpoint, deadline).ConfigureAwait(false))
            {
                settings = new Dictionary<string, string>(settings, StringComparer.Ordinal) { [ServerInsertSettings.DeduplicationToken] = token };
            }
            if (_asyncInsert)
            {
                settings = await AsyncInsertSettingsAsync(settings, endpoint, deadline).ConfigureAwait(false);
            }
            sentAt = _time.GetTimestamp();
        }
        catch (Exception e)
        {
            Exception failure = e is OperationCanceledException && deadline.Expired ? deadline.Exceeded(endpoint.Uri.GetLeftPart(UriPartial.Path), e) : e;
            telemetry.Failed(failure);
            telemetry.Dispose();
            if (failure == e)
            {
                throw;
            }
            throw failure;
        }
        NativeBatchBody? native = _native ? new NativeBatchBody(nativeTypes, NativeBatchBody.TranscodeRows<T>) : null;
        ClickHouseCompression compression = _client.RequestCompression;
        await _client.SendInsertAttemptAsync(endpoint.Uri, sql,
            async () => new InsertBatchContent(await batch.FramedAsync(compression, header, native).ConfigureAwait(false), compression),
            _database, queryId, settings, deadline, telemetry).ConfigureAwait(false);
        return sentAt;
    }

    /// <summary>
    /// The settings of <see cref="ClickHouseBatchInserterOptions.AsyncInsert"/>, where the endpoint has them; a server
    /// without <c>async_insert</c>, or one whose settings could not be asked, gets nothing: the batch fails (permanently
    /// where the server lacks them, for another attempt where it could not be asked).
    /// </summary>
    private async Task<IDictionary<string, string>> AsyncInsertSettingsAsync(IDictionary<string, string> settings, EndpointPool.Endpoint endpoint, RequestDeadline deadline)
    {
        ServerInsertSettings server;
        try
        {
            server = await _client.ServerSettings.GetAsync(endpoint.Uri, deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException e) when (deadline.Expired)
        {
            throw deadline.Exceeded(endpoint.Uri.GetLeftPart(UriPartial.Path), e);
        }
        string where = endpoint.Uri.GetLeftPart(UriPartial.Path);
        switch (server.HasAsyncInsert)
        {
            case null:
                throw new TimeoutException($"The batch inserter for '{_table}' sends with async_insert, and could not ask ClickHouse at {where} whether it has that setting (system.settings); the batch is sent again.");
            case false:
                throw new NotSupportedException(
                    $"ClickHouse at {where} has no async_insert setting (server-side batching came with ClickHouse 21.11): the batch inserter for '{_table}' "
                    + "was created with AsyncInsert = true, and sends nothing there. Turn AsyncInsert off to batch on the client only.");
        }
        var withAsync = new Dictionary<string, string>(settings, StringComparer.Ordinal)
        {
            [ServerInsertSettings.AsyncInsert] = "1",
            [ServerInsertSettings.WaitForAsyncInsert] = "1",
        };
        if (server.HasAsyncInsertDeduplicate)
        {
            withAsync[ServerInsertSettings.AsyncInsertDeduplicate] = "1";
        }
        return withAsync;
    }

    /// <summary>
    /// Whether this attempt carries the batch's deduplication token: where the endpoint has the setting, and the batch
    /// went with one from its first attempt (a batch first sent without one keeps going without: the server deduplicates
    /// its retry by the block's checksum, which a token would replace). Asking never fails the attempt.
    /// </summary>
    private async Task<bool> SendsTokenAsync(InsertBatch batch, EndpointPool.Endpoint endpoint, RequestDeadline deadline)
    {
        ServerInsertSettings server;
        try
        {
            server = await _client.ServerSettings.GetAsync(endpoint.Uri, deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException e) when (deadline.Expired)
        {
            throw deadline.Exceeded(endpoint.Uri.GetLeftPart(UriPartial.Path), e);
        }
        bool has = server.HasDeduplicationToken == true;
        batch.SendsToken ??= has;
        return has && batch.SendsToken == true;
    }

    /// <summary>Exponential backoff with jitter: half the step fixed, half random, so that retrying inserters spread out.</summary>
    private TimeSpan Backoff(int attempt)
    {
        double step = Math.Min(_maxRetryDelay.TotalMilliseconds, _retryDelay.TotalMilliseconds * Math.Pow(2, Math.Min(attempt, 30)));
        return TimeSpan.FromMilliseconds(step / 2 + Random.Shared.NextDouble() * step / 2);
    }

    private void Settle(InsertBatch batch, Exception? failure)
    {
        int rows = batch.Rows;
        long bytes = batch.Bytes;
        try
        {
            // Before the callers hear, so that what they read of PendingRows and PendingBytes no longer counts their rows.
            lock (_gate)
            {
                _pendingRows -= rows;
                _acceptedBytes -= bytes;
                _unsettled.Remove(batch);
                GrantRoomLocked();
            }
        }
        finally
        {
            // Whatever the bookkeeping did, nobody is left waiting; the instruments come after.
            batch.Settle(failure);
        }
        BatchInserterTelemetry.RowsPending.SafeAdd(-rows, _tags);
        TagList outcome = _tags;
        outcome.Add("outcome", failure is null ? "acknowledged" : "failed");
        BatchInserterTelemetry.Batches.SafeAdd(1, outcome);
        (failure is null ? BatchInserterTelemetry.RowsAcknowledged : BatchInserterTelemetry.RowsFailed).SafeAdd(rows, _tags);
    }

    private ClickHouseInsertUnacknowledgedException Unacknowledged(InsertBatch batch, Exception? lastFailure)
        => new(_table, batch.Rows, batch.MayHaveLanded, lastFailure);

    private static PooledBufferWriter RentScratch()
    {
        PooledBufferWriter scratch = t_scratch ?? new PooledBufferWriter();
        // Taken, not shared: a row's own code calling back into an inserter gets a buffer of its own.
        t_scratch = null;
        scratch.Clear();
        return scratch;
    }

    private static void ReturnScratch(PooledBufferWriter scratch)
    {
        if (scratch.Capacity > MaxKeptScratchBytes)
        {
            scratch.Dispose();
            return;
        }
        t_scratch = scratch;
    }

    private ObjectDisposedException Disposed() => new(GetType().Name, $"The batch inserter for '{_table}' is disposed and accepts no more rows.");

    /// <summary>A caller waiting for room, with its rows already written (a copy: the caller's thread moves on): accepted when room is granted.</summary>
    private sealed class RoomWaiter(int rows, byte[] bytes, ActivityContext caller)
    {
        public int Rows { get; } = rows;

        public byte[] Bytes { get; } = bytes;

        /// <summary>The caller's trace context, for the batch's link to it.</summary>
        public ActivityContext Caller { get; } = caller;

        /// <summary>Completes with the acknowledgement of the batch the rows went into, once they were accepted.</summary>
        public TaskCompletionSource<Task> Room { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
    }
}
