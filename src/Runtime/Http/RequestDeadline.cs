using System;
using System.Threading;

namespace ClickHouse.RowBinary;

/// <summary>
/// The time limit of a request: a token that fires when the limit passes or the caller cancels, and the
/// <see cref="TimeoutException"/> that reports the limit. The caller's own cancellation is never reported as a timeout.
/// </summary>
internal sealed class RequestDeadline : IDisposable
{
    private readonly TimeSpan _limit;
    private readonly string _limitName;
    private readonly CancellationToken _cancellationToken;
    private readonly CancellationTokenSource? _timer;
    private readonly CancellationTokenSource? _linked;

    /// <param name="limit">The time allowed; <see cref="Timeout.InfiniteTimeSpan"/> for none.</param>
    /// <param name="limitName">The option that set it, named in the exception (e.g. <c>ClickHouseClientOptions.Timeout</c>).</param>
    /// <param name="time">The clock (tests pass a fake one).</param>
    /// <param name="cancellationToken">The caller's cancellation.</param>
    public RequestDeadline(TimeSpan limit, string limitName, TimeProvider time, CancellationToken cancellationToken)
    {
        _limit = limit;
        _limitName = limitName;
        _cancellationToken = cancellationToken;
        if (limit != Timeout.InfiniteTimeSpan)
        {
            _timer = new CancellationTokenSource(limit, time);
            _linked = CancellationTokenSource.CreateLinkedTokenSource(_timer.Token, cancellationToken);
        }
    }

    /// <summary>Fires at the limit or when the caller cancels.</summary>
    public CancellationToken Token => _linked?.Token ?? _cancellationToken;

    /// <summary>The limit passed, and the caller did not cancel.</summary>
    public bool Expired => _timer?.IsCancellationRequested == true && !_cancellationToken.IsCancellationRequested;

    public TimeoutException Exceeded(string endpoint, Exception inner)
        => new($"ClickHouse at {endpoint} did not answer within {_limit} ({_limitName}).", inner);

    public void Dispose()
    {
        _linked?.Dispose();
        _timer?.Dispose();
    }
}
