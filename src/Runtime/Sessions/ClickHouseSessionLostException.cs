using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// A session's server cannot be reached, or no longer has the session (it restarted, or the session was idle longer than
/// its timeout): its temporary tables and <c>SET</c> settings are gone. A session never moves to another endpoint, since
/// its state would not move with it; create a new session and set it up again.
/// </summary>
public sealed class ClickHouseSessionLostException : Exception
{
    internal ClickHouseSessionLostException(string sessionId, Uri endpoint, string message, Exception innerException)
        : base(message, innerException)
    {
        SessionId = sessionId;
        Endpoint = endpoint;
    }

    /// <summary>The session's id.</summary>
    public string SessionId { get; }

    /// <summary>The endpoint the session lived on.</summary>
    public Uri Endpoint { get; }
}
