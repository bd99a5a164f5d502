namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>A theory that needs a real ClickHouse server: skipped, saying why, where there is none (as <see cref="ServerFactAttribute"/>).</summary>
public sealed class ServerTheoryAttribute : TheoryAttribute
{
    public ServerTheoryAttribute()
    {
        if (TestServer.SkipReason is { } reason)
        {
            Skip = reason;
        }
    }
}
