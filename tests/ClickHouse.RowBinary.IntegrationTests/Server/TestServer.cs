using System.Diagnostics;
using System.Net.Http.Headers;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// Which ClickHouse server the integration tests use: the one <c>CLICKHOUSE_URL</c> names; else, where a Docker
/// engine answers, the repository's docker-compose.yml (our stand-in for Testcontainers.ClickHouse, which the
/// package mirror lacks); else none, and every server test is skipped with <see cref="SkipReason"/>.
/// </summary>
internal static class TestServer
{
    /// <summary>What docker-compose.yml configures.</summary>
    public const string ComposeUrl = "http://127.0.0.1:8123";
    public const string ComposeUser = "default";
    public const string ComposePassword = "clickhouse";
    private const string ComposeDefaultVersion = "25.10";

    private static readonly Lazy<Version?> s_version = new(QueryVersion);

    public static string? ConfiguredUrl { get; } = NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_URL"));

    public static string? User => ConfiguredUrl is null ? ComposeUser : NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_USER"));

    public static string? Password => ConfiguredUrl is null ? ComposePassword : NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_PASSWORD"));

    public static bool UsesDockerCompose => ConfiguredUrl is null && DockerAnswers.Value;

    private static readonly Lazy<bool> DockerAnswers = new(() => RunsSuccessfully("docker", "info", TimeSpan.FromSeconds(20)));

    /// <summary>Why server tests cannot run here, or null when they can.</summary>
    public static string? SkipReason => ConfiguredUrl is not null || DockerAnswers.Value
        ? null
        : "No ClickHouse server: CLICKHOUSE_URL is not set and no Docker engine answers. Run "
          + "`eval \"$(bash scripts/clickhouse-server.sh start)\"` (or `bash scripts/test.sh`), or set CLICKHOUSE_URL.";

    /// <summary>The server's version, asked once at test discovery; null when it cannot be asked (the tests then fail, not skip).</summary>
    public static Version? Version => s_version.Value;

    public static Uri Endpoint => new(ConfiguredUrl ?? ComposeUrl);

    public static ClickHouseClientOptions CreateOptions(string? database = null)
        => new() { Endpoint = Endpoint, User = User, Password = Password, Database = database };

    /// <summary>The directory holding docker-compose.yml and the solution.</summary>
    public static string RepositoryRoot()
        => FindRepositoryRoot() ?? throw new InvalidOperationException($"The repository root (ClickHouse.RowBinary.slnx) is not above {AppContext.BaseDirectory}.");

    public static string? FindRepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "ClickHouse.RowBinary.slnx")))
            {
                return directory.FullName;
            }
        }
        return null;
    }

    public static bool RunsSuccessfully(string fileName, string arguments, TimeSpan timeout)
    {
        try
        {
            using var process = Process.Start(new ProcessStartInfo(fileName, arguments)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            });
            if (process is null)
            {
                return false;
            }
            // Drained so that a chatty command cannot fill a pipe and hang.
            _ = process.StandardOutput.ReadToEndAsync();
            _ = process.StandardError.ReadToEndAsync();
            if (!process.WaitForExit(timeout))
            {
                process.Kill(entireProcessTree: true);
                return false;
            }
            return process.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return false; // not installed
        }
    }

    private static Version? QueryVersion()
    {
        if (ConfiguredUrl is null)
        {
            return DockerAnswers.Value ? System.Version.Parse(Environment.GetEnvironmentVariable("CLICKHOUSE_VERSION") ?? ComposeDefaultVersion) : null;
        }
        try
        {
            using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
            using var request = new HttpRequestMessage(HttpMethod.Post, Endpoint) { Content = new StringContent("SELECT version()") };
            if (User is not null)
            {
                request.Headers.Add("X-ClickHouse-User", User);
            }
            if (Password is not null)
            {
                request.Headers.Add("X-ClickHouse-Key", Password);
            }
            using HttpResponseMessage response = http.Send(request);
            string text = new StreamReader(response.Content.ReadAsStream()).ReadToEnd().Trim();
            return response.IsSuccessStatusCode && System.Version.TryParse(text, out Version? version) ? version : null;
        }
        catch (Exception e) when (e is HttpRequestException or TaskCanceledException or IOException)
        {
            return null;
        }
    }

    private static string? NullIfEmpty(string? value) => string.IsNullOrEmpty(value) ? null : value;
}
