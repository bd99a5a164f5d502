namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// A test that needs a real ClickHouse server: skipped, saying why, where there is none (xunit 2 decides skips at
/// discovery, so the decision is made here). CI always sets CLICKHOUSE_URL, so there these tests run.
/// </summary>
public sealed class ServerFactAttribute : FactAttribute
{
    private string? _minimumVersion;

    public ServerFactAttribute()
    {
        if (TestServer.SkipReason is { } reason)
        {
            Skip = reason;
        }
    }

    /// <summary>The oldest server version that has what the test needs, e.g. <c>19.11</c> for query parameters.</summary>
    public string? MinimumVersion
    {
        get => _minimumVersion;
        set
        {
            _minimumVersion = value;
            if (Skip is null && value is not null && TestServer.Version is { } version && version < Version.Parse(value))
            {
                Skip = $"Needs ClickHouse {value} or later; the server here is {version}. (The same behaviour is proven elsewhere against ClickHouse 26.9: the golden vectors and the oracle.)";
            }
        }
    }
}
