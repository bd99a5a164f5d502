namespace ClickHouse.RowBinary.TestSupport;

/// <summary>
/// Locates the test assets every test project shares. The golden vectors are in the repository (tests/vectors, copied
/// beside the test binaries as <c>vectors/</c>): they are the specification, so a test that needs one fails where it is
/// absent (<see cref="RequireVector"/>). The ClickHouse oracle is outside it: the command <c>CLICKHOUSE_ORACLE</c> names,
/// else <c>clickhouse-oracle/oracle</c> in the workspace's <c>shared</c> folder beside the repository; a test that needs
/// it skips where neither is there (<see cref="OracleProcess.MissingReason"/>).
/// </summary>
internal static class SharedFiles
{
    /// <summary>The workspace's <c>shared</c> folder beside the repository (holding <c>vectors/values.json</c>), or null.</summary>
    public static string? SharedDirectory { get; } = FindSharedDirectory();

    /// <summary>The repository's root: the folder above the test binaries that holds <c>ClickHouse.RowBinary.slnx</c>, or null.</summary>
    public static string? RepositoryRootOrNull { get; } = FindRepositoryRoot();

    /// <summary>The repository's root; its absence is a failure.</summary>
    public static string RepositoryRoot
        => RepositoryRootOrNull ?? throw new InvalidOperationException($"ClickHouse.RowBinary.slnx is not in any folder above {AppContext.BaseDirectory}.");

    /// <summary>The repository's golden vectors as copied beside the test binaries.</summary>
    public static string VectorsDirectory { get; } = Path.Combine(AppContext.BaseDirectory, "vectors");

    /// <summary>The oracle the <c>CLICKHOUSE_ORACLE</c> environment variable names, or null.</summary>
    // Declared before OracleCommand, which reads it: static properties are initialized in textual order.
    public static string? NamedOracle { get; } = Environment.GetEnvironmentVariable("CLICKHOUSE_ORACLE") is { Length: > 0 } named ? named : null;

    /// <summary>The oracle executable (run as <c>oracle query SQL [FORMAT]</c>), or null.</summary>
    public static string? OracleCommand { get; } = FindOracle();

    /// <summary>The full path of a vector file, or null when it is absent.</summary>
    public static string? Vector(string fileName)
    {
        string path = Path.Combine(VectorsDirectory, fileName);
        return File.Exists(path) ? path : null;
    }

    /// <summary>The full path of a vector file; absent is a failure, since the vectors are the specification.</summary>
    public static string RequireVector(string fileName)
        => Vector(fileName) ?? throw new InvalidOperationException(
            $"The golden vector file {fileName} is not in {VectorsDirectory}: the test projects copy it there from tests/vectors/{fileName} in the repository.");

    /// <summary>A vector file parsed as JSON; absent is a failure.</summary>
    public static System.Text.Json.JsonDocument LoadVector(string fileName)
        => System.Text.Json.JsonDocument.Parse(File.ReadAllText(RequireVector(fileName)));

    private static string? FindRepositoryRoot()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "ClickHouse.RowBinary.slnx")))
            {
                return directory.FullName;
            }
        }
        return null;
    }

    private static string? FindSharedDirectory()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            string candidate = Path.Combine(directory.FullName, "shared");
            if (File.Exists(Path.Combine(candidate, "vectors", "values.json")))
            {
                return candidate;
            }
        }
        return null;
    }

    private static string? FindOracle()
    {
        if (NamedOracle is { } named)
        {
            return File.Exists(named) ? named : null;
        }
        string? oracle = SharedDirectory is null ? null : Path.Combine(SharedDirectory, "clickhouse-oracle", "oracle");
        return File.Exists(oracle) ? oracle : null;
    }
}
