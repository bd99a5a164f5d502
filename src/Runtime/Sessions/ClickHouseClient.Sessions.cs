using System;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>The session's id (<c>session_id</c>) when this client is a session (<see cref="CreateSession"/>); else null.</summary>
    public string? SessionId => _session?.Id;

    /// <summary>
    /// A client whose requests share one ClickHouse session (<c>session_id</c>, with <c>session_timeout</c>), so that
    /// temporary tables and <c>SET</c> last from one request to the next. The session lives on one endpoint, picked now
    /// (one that is not down), and its requests go only there: when it cannot be reached, or the server no longer has the
    /// session, they fail with <see cref="ClickHouseSessionLostException"/> instead of moving to another server without the
    /// session's state. ClickHouse runs one request of a session at a time (another at once is refused, code 373): use a
    /// session from one caller at a time. It shares this client's HttpClient and endpoint health; disposing it does nothing.
    /// </summary>
    /// <param name="options">The session's id and timeout; a new id and 60 s when null.</param>
    public ClickHouseClient CreateSession(ClickHouseSessionOptions? options = null)
    {
        if (_session is not null)
        {
            throw new InvalidOperationException($"This client is already the session {_session.Id}; create sessions from the client it came from.");
        }
        TimeSpan timeout = options?.Timeout ?? TimeSpan.FromSeconds(60);
        if (timeout < TimeSpan.FromSeconds(1))
        {
            throw new ArgumentOutOfRangeException(nameof(options), timeout, "A session's timeout is at least one second (session_timeout is in whole seconds).");
        }
        string id = options?.Id is { Length: > 0 } given ? given : Guid.NewGuid().ToString();
        return new ClickHouseClient(this, new ClientSession(id, timeout, _pool.Pick()!));
    }

    IClickHouseClient IClickHouseClient.CreateSession(ClickHouseSessionOptions? options) => CreateSession(options);
}
