using System;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The access token of <see cref="ClickHouseClientOptions.AccessTokenProvider"/>, refreshed shortly before it expires: one
/// refresh at a time, shared by the callers that need it; while the token in hand is still valid, callers go on with it
/// and do not wait for the refresh. A refresh that fails is reported to callers only once the token has expired.
/// </summary>
internal sealed class AccessTokenCache(Func<CancellationToken, ValueTask<ClickHouseAccessToken>> provider, TimeProvider time)
{
    private static readonly TimeSpan RefreshAhead = TimeSpan.FromMinutes(1);

    private readonly object _gate = new();
    private ClickHouseAccessToken? _current;
    private DateTimeOffset _refreshAt;
    private Task<ClickHouseAccessToken>? _refresh;

    public async ValueTask<string> GetAsync(CancellationToken cancellationToken)
    {
        ClickHouseAccessToken? current;
        Task<ClickHouseAccessToken> refresh;
        DateTimeOffset now = time.GetUtcNow();
        lock (_gate)
        {
            current = _current;
            if (current is { } fresh && now < _refreshAt)
            {
                return fresh.Value;
            }
            if (_refresh is null)
            {
                // On the pool, so that the task is stored before it can finish and clear itself.
                _refresh = Task.Run(RefreshAsync);
                _refresh.ContinueWith(static t => _ = t.Exception, CancellationToken.None, TaskContinuationOptions.OnlyOnFaulted, TaskScheduler.Default);
            }
            refresh = _refresh;
        }
        if (current is { } stillValid && now < stillValid.ExpiresAt)
        {
            return stillValid.Value;
        }
        return (await refresh.WaitAsync(cancellationToken).ConfigureAwait(false)).Value;
    }

    private async Task<ClickHouseAccessToken> RefreshAsync()
    {
        try
        {
            DateTimeOffset asked = time.GetUtcNow();
            ClickHouseAccessToken token = await provider(CancellationToken.None).ConfigureAwait(false);
            if (string.IsNullOrEmpty(token.Value))
            {
                throw new InvalidOperationException("ClickHouseClientOptions.AccessTokenProvider returned an empty token.");
            }
            TimeSpan lifetime = token.ExpiresAt - asked;
            TimeSpan ahead = lifetime / 10 < RefreshAhead ? lifetime / 10 : RefreshAhead;
            lock (_gate)
            {
                _current = token;
                _refreshAt = token.ExpiresAt == DateTimeOffset.MaxValue ? DateTimeOffset.MaxValue : token.ExpiresAt - ahead;
            }
            return token;
        }
        finally
        {
            lock (_gate)
            {
                _refresh = null;
            }
        }
    }
}
