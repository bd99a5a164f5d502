using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// When a <see cref="ClickHouseBatchInserter{T}"/> sends a batch, how much it may hold, and how it retries. The
/// defaults keep a busy table healthy (at most about five INSERTs a second per inserter when rows trickle in, far
/// fewer under load, each a part the server must merge) while keeping an acknowledgement within a fraction of a second.
/// </summary>
public sealed class ClickHouseBatchInserterOptions
{
    /// <summary>
    /// The most rows one INSERT can carry: ClickHouse's default <c>max_insert_block_size</c> (1,048,449 in current
    /// versions, 1,048,576 in old ones), below which an INSERT is committed as one block, all or nothing.
    /// </summary>
    public const int MaxRowsLimit = 1_048_449;

    /// <summary>Send a batch once it holds this many rows. Default 100,000; at most <see cref="MaxRowsLimit"/>.</summary>
    public int MaxRows { get; set; } = 100_000;

    /// <summary>Send a batch once it holds this many RowBinary bytes. Default 16 MiB.</summary>
    public long MaxBytes { get; set; } = 16 * 1024 * 1024;

    /// <summary>
    /// Send a batch once its first row has waited this long. Default 200 ms (the server-side <c>async_insert</c>
    /// waits as long). An acknowledgement then takes at most this plus one INSERT round trip, under moderate load. When
    /// every sender is busy and a batch already waits for one, the open batch goes on gathering rows past this delay
    /// and is sent next: a slow server gets fewer, larger INSERTs rather than a queue of small ones.
    /// </summary>
    public TimeSpan MaxDelay { get; set; } = TimeSpan.FromMilliseconds(200);

    /// <summary>
    /// Backpressure: while this many rows are accepted and not yet acknowledged, <c>InsertAsync</c> waits for room.
    /// Default 1,000,000; at least <see cref="MaxRows"/>.
    /// </summary>
    public long MaxPendingRows { get; set; } = 1_000_000;

    /// <summary>
    /// Backpressure by size: while the rows accepted and not yet acknowledged take this many RowBinary bytes,
    /// <c>InsertAsync</c> waits for room, as for <see cref="MaxPendingRows"/>. A caller waiting for room holds a copy of its
    /// rows, counted in <see cref="ClickHouseBatchInserter{T}.PendingBytes"/>; a call whose rows alone take more than this
    /// fails with an <see cref="ArgumentException"/> rather than waiting forever. Default 64 MiB; at least
    /// <see cref="MaxBytes"/>.
    /// </summary>
    public long MaxPendingBytes { get; set; } = 64 * 1024 * 1024;

    /// <summary>How many INSERTs may be in flight at once. Default 2.</summary>
    public int MaxConcurrentInserts { get; set; } = 2;

    /// <summary>
    /// How many times a batch is sent again after a transient failure (connection refused or reset, a timeout,
    /// or a server error such as 252 too many parts or 202 too many simultaneous queries). Default 8; 0 never retries.
    /// Permanent errors (unknown table, a type mismatch, authentication, syntax) are never retried.
    /// </summary>
    public int MaxRetries { get; set; } = 8;

    /// <summary>The wait before the first retry; each further retry waits twice as long, up to <see cref="MaxRetryDelay"/>, with jitter. Default 100 ms.</summary>
    public TimeSpan RetryDelay { get; set; } = TimeSpan.FromMilliseconds(100);

    /// <summary>The longest wait between two attempts. Default 5 s.</summary>
    public TimeSpan MaxRetryDelay { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// How long one attempt may take, from sending the batch until the server's answer was read. A timed-out attempt
    /// is retried (with <see cref="DeduplicationToken"/>, safely). Default 30 s.
    /// </summary>
    public TimeSpan InsertTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// How long disposal (or <see cref="ClickHouseBatchInserter{T}.ShutdownAsync"/>) waits for the batches accepted to be
    /// acknowledged. At the deadline the INSERTs in flight are aborted, nothing more is sent, and the callers of every
    /// batch not acknowledged get a <see cref="ClickHouseInsertUnacknowledgedException"/> saying whether its rows may have
    /// been inserted. Default 30 s (a host's default shutdown timeout); <see cref="System.Threading.Timeout.InfiniteTimeSpan"/>
    /// waits through every retry.
    /// </summary>
    public TimeSpan ShutdownTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Send an <c>insert_deduplication_token</c> with every INSERT, the same for every attempt of one batch, so that a
    /// server that deduplicates (Replicated tables; MergeTree with <c>non_replicated_deduplication_window</c>) keeps
    /// one copy of a batch whose acknowledgement was lost and which was sent again. It is sent only to servers that
    /// have the setting (ClickHouse 22.2 and later; older servers reject unknown settings), asked once per endpoint in
    /// <c>system.settings</c>: where that cannot be read, no token is sent, and that is reported once (see
    /// <see cref="ClickHouseDiagnostics.EventSourceName"/>). Default true.
    /// </summary>
    public bool DeduplicationToken { get; set; } = true;

    /// <summary>
    /// Widen the batches while the server signals pressure (default true): when an INSERT is refused with code 252 (too
    /// many parts) or takes longer than the delay in force (ClickHouse sleeps an INSERT into a partition past
    /// <c>parts_to_delay_insert</c>), the inserter doubles its delay, rows and bytes per batch (after a slow INSERT, the delay
    /// becomes at least twice what the INSERT took), up to
    /// <see cref="MaxAdaptiveDelay"/>, <see cref="MaxRowsLimit"/> and half of <see cref="MaxPendingRows"/> and
    /// <see cref="MaxPendingBytes"/>; after 10 s without a signal (or four times the delay in force) it halves them again,
    /// down to <see cref="MaxDelay"/>, <see cref="MaxRows"/> and <see cref="MaxBytes"/>. A batch refused with 252 is retried
    /// (same deduplication token) after the widened delay, at most <see cref="MaxRetryDelay"/>. With <see cref="AsyncInsert"/>
    /// only a 252 is pressure: every INSERT then waits for the server's flush, so its duration says nothing. The delay, rows
    /// and bytes widen by one factor, at most <see cref="MaxAdaptiveDelay"/> / <see cref="MaxDelay"/> (rounded down): nothing
    /// widens unless <see cref="MaxAdaptiveDelay"/> is at least twice <see cref="MaxDelay"/>. The limits in force:
    /// <see cref="ClickHouseBatchInserter{T}.CurrentMaxDelay"/>, the <c>clickhouse.inserter.delay</c> gauge.
    /// </summary>
    public bool AdaptToServerPressure { get; set; } = true;

    /// <summary>
    /// The longest delay <see cref="AdaptToServerPressure"/> widens a batch to; <see cref="MaxDelay"/> when that is larger.
    /// Default 5 s: a fleet of 100 inserters then sends at most 20 INSERTs a second under pressure.
    /// </summary>
    public TimeSpan MaxAdaptiveDelay { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// Let the server batch (default false): every INSERT goes with <c>async_insert=1</c> and
    /// <c>wait_for_async_insert=1</c>, so that the server coalesces the INSERTs of a whole fleet into few parts and
    /// acknowledges each once its rows are in the table, and with <c>async_insert_deduplicate=1</c> where the server has it
    /// (deduplication of async inserts into Replicated tables). Needs ClickHouse 21.11 or later: a server whose
    /// <c>system.settings</c> lacks <c>async_insert</c> (18.16 does) fails every batch with a
    /// <see cref="NotSupportedException"/> saying so, nothing sent. The client still batches (keep
    /// <see cref="MaxDelay"/> short: the server waits as well, <c>async_insert_busy_timeout_ms</c>). See docs/scaling.md.
    /// </summary>
    public bool AsyncInsert { get; set; }

    /// <summary>
    /// Check the row type against the table before the first batch goes (default true), as
    /// <see cref="ClickHouseInsertOptions.CheckSchema"/> does: a row type that does not fit fails the callers of every
    /// batch with <see cref="RowBinarySchemaMismatchException"/>, at once and with no retry, until
    /// <see cref="ClickHouseClient.ForgetTableSchemas"/> lets the client ask the server again.
    /// </summary>
    public bool CheckSchema { get; set; } = true;

    /// <summary>The database of the table; the client's when null.</summary>
    public string? Database { get; set; }

    /// <summary>ClickHouse settings sent with every INSERT of this inserter.</summary>
    public IDictionary<string, string> Settings { get; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary><see cref="RowBinaryFormat.RowBinary"/> (the default) or <see cref="RowBinaryFormat.RowBinaryWithDefaults"/>.</summary>
    public RowBinaryFormat Format { get; set; } = RowBinaryFormat.RowBinary;

    /// <summary>
    /// The format batches are sent in; the client's <see cref="ClickHouseClientOptions.WireFormat"/> when null, and Native
    /// when that is null too (except rows with JSON or Dynamic columns: see the client's option). Rows are
    /// held as RowBinary either way; in Native each batch is taken apart into Native blocks when it is sent. A
    /// <see cref="RowBinaryFormat.RowBinaryWithDefaults"/> inserter sends RowBinary (Native has no per-value defaults):
    /// asking it for Native is an <see cref="ArgumentException"/>.
    /// </summary>
    public ClickHouseWireFormat? WireFormat { get; set; }

    /// <summary>The clock for <see cref="MaxDelay"/> and the waits between retries; the system's when null (tests pass their own).</summary>
    public TimeProvider? TimeProvider { get; set; }

    internal void Validate()
    {
        if (MaxRows is < 1 or > MaxRowsLimit)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxRows), MaxRows,
                $"MaxRows must be between 1 and {MaxRowsLimit:N0} (ClickHouse's max_insert_block_size: a larger INSERT can be half committed when the connection drops).");
        }
        if (MaxBytes < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxBytes), MaxBytes, "MaxBytes must be positive.");
        }
        if (MaxDelay <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxDelay), MaxDelay, "MaxDelay must be positive.");
        }
        if (MaxPendingRows < MaxRows)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxPendingRows), MaxPendingRows, $"MaxPendingRows must be at least MaxRows ({MaxRows:N0}).");
        }
        if (MaxPendingBytes < MaxBytes)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxPendingBytes), MaxPendingBytes, $"MaxPendingBytes must be at least MaxBytes ({MaxBytes:N0}).");
        }
        if (MaxConcurrentInserts < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxConcurrentInserts), MaxConcurrentInserts, "MaxConcurrentInserts must be at least 1.");
        }
        if (MaxRetries < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxRetries), MaxRetries, "MaxRetries must not be negative.");
        }
        if (RetryDelay < TimeSpan.Zero || MaxRetryDelay < RetryDelay)
        {
            throw new ArgumentOutOfRangeException(nameof(RetryDelay), RetryDelay, "RetryDelay must not be negative, nor larger than MaxRetryDelay.");
        }
        if (InsertTimeout <= TimeSpan.Zero && InsertTimeout != System.Threading.Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(InsertTimeout), InsertTimeout, "InsertTimeout must be positive or Timeout.InfiniteTimeSpan.");
        }
        if (ShutdownTimeout < TimeSpan.Zero && ShutdownTimeout != System.Threading.Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(ShutdownTimeout), ShutdownTimeout, "ShutdownTimeout must not be negative, or be Timeout.InfiniteTimeSpan.");
        }
        if (MaxAdaptiveDelay <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxAdaptiveDelay), MaxAdaptiveDelay, "MaxAdaptiveDelay must be positive.");
        }
        if (Format is not (RowBinaryFormat.RowBinary or RowBinaryFormat.RowBinaryWithDefaults))
        {
            throw new ArgumentException($"An INSERT is sent as RowBinary or RowBinaryWithDefaults, not {Format}.", nameof(Format));
        }
    }
}
