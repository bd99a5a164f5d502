using System;
using System.Threading;

namespace ClickHouse.RowBinary;

/// <summary>
/// The delay, rows and bytes a batch inserter seals its batches at now: its options' <c>MaxDelay</c>, <c>MaxRows</c> and
/// <c>MaxBytes</c> times a factor that doubles each time the server signals pressure (code 252, or an INSERT that took
/// longer than the delay in force: then the delay becomes at least twice what the INSERT took; not with
/// <c>AsyncInsert</c>, whose INSERTs wait for the server's flush) and halves after each
/// <see cref="QuietPeriod"/> without a signal. The delay never
/// exceeds <see cref="ClickHouseBatchInserterOptions.MaxAdaptiveDelay"/> (or <c>MaxDelay</c> when that is larger), the
/// rows <see cref="ClickHouseBatchInserterOptions.MaxRowsLimit"/> nor half of <c>MaxPendingRows</c>, the bytes half of
/// <c>MaxPendingBytes</c> (so that one batch can fill while the one before is in flight). Thread-safe.
/// </summary>
internal sealed class AdaptiveBatchLimits
{
    private readonly TimeSpan _baseDelay;
    private readonly int _baseRows;
    private readonly long _baseBytes;
    private readonly TimeSpan _ceilingDelay;
    private readonly int _ceilingRows;
    private readonly long _ceilingBytes;
    private readonly int _maxFactor;
    private readonly TimeProvider _time;
    private readonly object _gate = new();
    private Limits _current;
    private long _changedAt;

    public AdaptiveBatchLimits(ClickHouseBatchInserterOptions options, TimeProvider time)
    {
        _baseDelay = options.MaxDelay;
        _baseRows = options.MaxRows;
        _baseBytes = options.MaxBytes;
        Enabled = options.AdaptToServerPressure;
        _ceilingDelay = options.MaxAdaptiveDelay > _baseDelay ? options.MaxAdaptiveDelay : _baseDelay;
        _ceilingRows = (int)Math.Max(_baseRows, Math.Min(ClickHouseBatchInserterOptions.MaxRowsLimit, options.MaxPendingRows / 2));
        _ceilingBytes = Math.Max(_baseBytes, options.MaxPendingBytes / 2);
        _maxFactor = Enabled ? (int)Math.Clamp(_ceilingDelay.Ticks / _baseDelay.Ticks, 1, 1 << 20) : 1;
        _time = time;
        _current = new Limits(1, _baseDelay, _baseRows, _baseBytes);
    }

    /// <summary>How long the limits stay widened without a signal before they narrow one step (or four times the delay in force, when longer).</summary>
    public static readonly TimeSpan QuietPeriod = TimeSpan.FromSeconds(10);

    /// <summary>What a batch is sealed at now.</summary>
    /// <param name="Factor">1 while the server is calm; the multiple of the options' limits in force.</param>
    /// <param name="Delay">How long a batch's first row waits for more.</param>
    /// <param name="Rows">The rows a batch is sent at.</param>
    /// <param name="Bytes">The RowBinary bytes a batch is sent at.</param>
    public sealed record Limits(int Factor, TimeSpan Delay, int Rows, long Bytes);

    /// <summary><see cref="ClickHouseBatchInserterOptions.AdaptToServerPressure"/>, and a ceiling above <c>MaxDelay</c>.</summary>
    public bool Enabled { get; }

    public Limits Current => Volatile.Read(ref _current);

    /// <summary>
    /// The server signalled pressure: doubles the factor, and more when <paramref name="took"/> says so (the delay becomes
    /// at least twice as long as the server took over the INSERT, so that the inserter keeps it busy half the time at
    /// most), up to the ceiling. True when the limits changed.
    /// </summary>
    public bool Widen(TimeSpan took = default)
    {
        if (_maxFactor == 1)
        {
            return false;
        }
        lock (_gate)
        {
            _changedAt = _time.GetTimestamp();
            long wanted = Math.Max((long)_current.Factor * 2, (long)Math.Ceiling(2 * took.Ticks / (double)_baseDelay.Ticks));
            return Set((int)Math.Min(wanted, _maxFactor));
        }
    }

    /// <summary>An INSERT went through without a signal: after a quiet period since the last change, halves the factor. True when the limits changed.</summary>
    public bool Calm()
    {
        if (Volatile.Read(ref _current).Factor == 1)
        {
            return false;
        }
        lock (_gate)
        {
            long now = _time.GetTimestamp();
            TimeSpan quiet = _current.Delay * 4 > QuietPeriod ? _current.Delay * 4 : QuietPeriod;
            if (_time.GetElapsedTime(_changedAt, now) < quiet)
            {
                return false;
            }
            _changedAt = now;
            return Set(Math.Max(1, _current.Factor / 2));
        }
    }

    private bool Set(int factor)
    {
        if (factor == _current.Factor)
        {
            return false;
        }
        // factor <= ceiling delay / MaxDelay: the delay cannot overflow; the bytes could, for a huge MaxBytes.
        TimeSpan delay = TimeSpan.FromTicks(Math.Min(_baseDelay.Ticks * factor, _ceilingDelay.Ticks));
        int rows = (int)Math.Min((long)_baseRows * factor, _ceilingRows);
        long bytes = _baseBytes >= _ceilingBytes / factor ? _ceilingBytes : _baseBytes * factor;
        Volatile.Write(ref _current, new Limits(factor, delay, rows, bytes));
        return true;
    }
}
