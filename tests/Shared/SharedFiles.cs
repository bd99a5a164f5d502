namespace ClickHouse.RowBinary.TestSupport;

/// <summary>
/// Locates the workspace's shared test assets, which live beside the repository (<c>&lt;repo&gt;/../shared</c>):
/// the golden vectors produced by ClickHouse 26.9 and the offline ClickHouse oracle. Each is null when absent,
/// for example in a checkout outside this workspace. The vectors are the specification, so a test that needs them
/// fails where they are absent (<see cref="RequireVector"/>); a test that needs the oracle skips, saying why.
/// </summary>
internal static class SharedFiles
{
    /// <summary>The <c>shared</c> directory (holding <c>vectors/values.json</c>), or null.</summary>
    public static string? SharedDirectory { get; } = FindSharedDirectory();

    /// <summary>The directory holding <c>values.json</c> and <c>tables.json</c>, or null.</summary>
    public static string? VectorsDirectory { get; } = SharedDirectory is null ? null : Path.Combine(SharedDirectory, "vectors");

    /// <summary>The <c>clickhouse-oracle/oracle</c> executable (run it as <c>oracle query SQL [FORMAT]</c>), or null.</summary>
    public static string? OracleCommand { get; } = FindOracle();

    /// <summary>The full path of a file in <see cref="VectorsDirectory"/>, or null when the vectors are absent.</summary>
    public static string? Vector(string fileName)
    {
        if (VectorsDirectory is null)
        {
            return null;
        }
        string path = Path.Combine(VectorsDirectory, fileName);
        return File.Exists(path) ? path : null;
    }

    /// <summary>The full path of a vector file; absent is a failure, since the vectors are the specification.</summary>
    public static string RequireVector(string fileName)
        => Vector(fileName) ?? throw new InvalidOperationException(
            $"The golden vector file {fileName} is missing: expected ../shared/vectors beside the repository (see ../shared/vectors/README.md).");

    /// <summary>A vector file parsed as JSON; absent is a failure.</summary>
    public static System.Text.Json.JsonDocument LoadVector(string fileName)
        => System.Text.Json.JsonDocument.Parse(File.ReadAllText(RequireVector(fileName)));

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
        if (SharedDirectory is null)
        {
            return null;
        }
        string oracle = Path.Combine(SharedDirectory, "clickhouse-oracle", "oracle");
        return File.Exists(oracle) ? oracle : null;
    }
}
