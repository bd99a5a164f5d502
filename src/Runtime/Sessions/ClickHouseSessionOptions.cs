using System;

namespace ClickHouse.RowBinary;

/// <summary>Options of <see cref="ClickHouseClient.CreateSession"/>.</summary>
public sealed class ClickHouseSessionOptions
{
    /// <summary>The session's id (<c>session_id</c>); a new GUID when null.</summary>
    public string? Id { get; set; }

    /// <summary>
    /// How long the server keeps the session after its last request (<c>session_timeout</c>, whole seconds): 60 s by
    /// default, as the server's own default. Longer than the server's <c>max_session_timeout</c> (3,600 s by default) is refused.
    /// </summary>
    public TimeSpan Timeout { get; set; } = TimeSpan.FromSeconds(60);
}
