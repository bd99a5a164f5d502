namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// A test that needs a real ClickHouse server: skipped, saying why, where there is none (xunit 2 decides skips at
/// discovery, so the decision is made here). CI always sets CLICKHOUSE_URL, so there these tests run.
/// </summary>
public sealed class ServerFactAttribute : FactAttribute
{
    private const string ByDefault = "The same behaviour is proven elsewhere against ClickHouse 26.9: the golden vectors and the oracle.";

    private readonly string? _noServer;
    private string? _minimumVersion;
    private string? _provenElsewhere;

    public ServerFactAttribute()
    {
        _noServer = TestServer.SkipReason;
        Skip = _noServer;
    }

    /// <summary>The oldest server version that has what the test needs, e.g. <c>19.11</c> for query parameters.</summary>
    public string? MinimumVersion
    {
        get => _minimumVersion;
        set
        {
            _minimumVersion = value;
            DecideSkip();
        }
    }

    /// <summary>
    /// What proves the behaviour where the server is older than <see cref="MinimumVersion"/>, said in the skip reason
    /// (by default the golden vectors and the oracle, against ClickHouse 26.9).
    /// </summary>
    public string? ProvenElsewhere
    {
        get => _provenElsewhere;
        set
        {
            _provenElsewhere = value;
            DecideSkip();
        }
    }

    private void DecideSkip()
    {
        if (_noServer is null && _minimumVersion is not null && TestServer.Version is { } version && version < Version.Parse(_minimumVersion))
        {
            Skip = $"Needs ClickHouse {_minimumVersion} or later; the server here is {version}. ({_provenElsewhere ?? ByDefault})";
        }
    }
}
