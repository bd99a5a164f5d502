using System.Diagnostics;
using DotNet.Testcontainers.Builders;
using DotNet.Testcontainers.Containers;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// Which ClickHouse server the integration tests use, decided once per test run: the one <c>CLICKHOUSE_URL</c> names;
/// else, where Docker answers, a container of the ClickHouse server image started with Testcontainers (a generic
/// container: Testcontainers.ClickHouse is not in the package feed); else the local Debian server that
/// <c>scripts/clickhouse-server.sh</c> installs and starts; else none, and every server test is skipped with
/// <see cref="SkipReason"/>. A container or server started here is stopped when the test run ends.
/// </summary>
internal static class TestServer
{
    /// <summary>The image Testcontainers runs: the version docker-compose.yml names.</summary>
    public const string Image = "clickhouse/clickhouse-server:25.10";
    private const string ContainerPassword = "clickhouse";

    private static readonly Lazy<Choice> s_choice = new(Choose);
    private static readonly Lazy<Version?> s_version = new(QueryVersion);

    private sealed record Choice(string? Url, string? User, string? Password, string? SkipReason);

    /// <summary>Why server tests cannot run here, or null when they can.</summary>
    public static string? SkipReason => s_choice.Value.SkipReason;

    public static string? User => s_choice.Value.User;

    public static string? Password => s_choice.Value.Password;

    /// <summary>The server's version, asked once at test discovery; null when it cannot be asked (the tests then fail, not skip).</summary>
    public static Version? Version => s_version.Value;

    public static Uri Endpoint => new(s_choice.Value.Url ?? ClickHouseClientOptions.DefaultEndpoint.ToString());

    public static ClickHouseClientOptions CreateOptions(string? database = null)
        => new() { Endpoint = Endpoint, User = User, Password = Password, Database = database };

    /// <summary>The first URL of <c>CLICKHOUSE_URL</c>, which may list several (a cluster's endpoints) separated by commas; null when unset.</summary>
    internal static string? FirstUrl(string? urls)
        => urls?.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).FirstOrDefault();

    private static Choice Choose()
    {
        if (FirstUrl(Environment.GetEnvironmentVariable("CLICKHOUSE_URL")) is { } url)
        {
            return new Choice(url, NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_USER")),
                NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_PASSWORD")), null);
        }
        string docker = StartContainer(out Choice? container);
        if (container is not null)
        {
            return container;
        }
        // Said once per test run, so that nobody wonders why no container started.
        Console.Error.WriteLine($"ClickHouse.RowBinary integration tests: Docker is unavailable ({docker}); using the local ClickHouse server of scripts/clickhouse-server.sh.");
        return StartLocalServer();
    }

    private static string StartContainer(out Choice? choice)
    {
        choice = null;
        try
        {
            IContainer container = new ContainerBuilder(Image)
                .WithPortBinding(8123, assignRandomHostPort: true)
                .WithEnvironment("CLICKHOUSE_PASSWORD", ContainerPassword)
                .WithWaitStrategy(Wait.ForUnixContainer().UntilHttpRequestIsSucceeded(request => request.ForPort(8123).ForPath("/ping")))
                .Build();
            using var patience = new CancellationTokenSource(TimeSpan.FromMinutes(5));
            container.StartAsync(patience.Token).GetAwaiter().GetResult();
            AppDomain.CurrentDomain.ProcessExit += (_, _) => container.DisposeAsync().AsTask().GetAwaiter().GetResult();
            choice = new Choice($"http://{container.Hostname}:{container.GetMappedPublicPort(8123)}", "default", ContainerPassword, null);
            return "";
        }
        catch (Exception e)
        {
            return e.GetBaseException().Message.Split('\n')[0];
        }
    }

    /// <summary>Starts Debian's server with the repository's script, which prints the variables to use.</summary>
    private static Choice StartLocalServer()
    {
        string? root = SharedFiles.RepositoryRootOrNull;
        string script = root is null ? "" : Path.Combine(root, "scripts", "clickhouse-server.sh");
        if (!File.Exists(script))
        {
            return new Choice(null, null, null, "No ClickHouse server: CLICKHOUSE_URL is not set, Docker is unavailable, and scripts/clickhouse-server.sh is not here to start one.");
        }
        (int exitCode, string output, string errors) = Run("bash", $"\"{script}\" start", TimeSpan.FromMinutes(10));
        Dictionary<string, string> exports = output.Split('\n')
            .Where(line => line.StartsWith("export ", StringComparison.Ordinal) && line.Contains('=', StringComparison.Ordinal))
            .Select(line => line["export ".Length..].Split('=', 2))
            .ToDictionary(kv => kv[0], kv => kv[1].Trim('\'', '"'));
        if (exitCode != 0 || !exports.TryGetValue("CLICKHOUSE_URL", out string? url))
        {
            return new Choice(null, null, null, $"No ClickHouse server: CLICKHOUSE_URL is not set, Docker is unavailable, and `{script} start` failed: {errors.Trim()}");
        }
        if (exports.ContainsKey("CLICKHOUSE_SERVER_STARTED"))
        {
            AppDomain.CurrentDomain.ProcessExit += (_, _) => Run("bash", $"\"{script}\" stop", TimeSpan.FromMinutes(1));
        }
        return new Choice(url, NullIfEmpty(exports.GetValueOrDefault("CLICKHOUSE_USER")), NullIfEmpty(exports.GetValueOrDefault("CLICKHOUSE_PASSWORD")), null);
    }

    private static (int ExitCode, string Output, string Errors) Run(string fileName, string arguments, TimeSpan timeout)
    {
        using Process process = Process.Start(new ProcessStartInfo(fileName, arguments)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        }) ?? throw new InvalidOperationException($"{fileName} did not start");
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> errors = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            return (-1, output.Result, $"timed out after {timeout}");
        }
        return (process.ExitCode, output.Result, errors.Result);
    }

    private static Version? QueryVersion()
    {
        if (SkipReason is not null)
        {
            return null;
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
