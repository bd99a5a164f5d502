using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.IntegrationTests.Faults;

/// <summary>
/// A ClickHouse server process of a test's own (the machine's clickhouse-server binary, its own ports and data
/// folder), so that a test can stop it and start it again. <see cref="StopAsync"/> is SIGTERM: the server refuses new
/// connections and finishes the queries it is running, as when an operator restarts it. <see cref="KillAsync"/> is
/// SIGKILL: the process dies at once, mid-request, as in a crash or an out-of-memory kill.
/// </summary>
internal sealed class OwnServer : IAsyncDisposable
{
    private readonly string _folder;
    private readonly string _binary;
    private readonly string[] _arguments;
    private Process? _process;

    private OwnServer(string binary, string[] arguments, string folder, int httpPort)
    {
        _binary = binary;
        _arguments = arguments;
        _folder = folder;
        HttpPort = httpPort;
    }

    public int HttpPort { get; }

    public Uri Endpoint => new($"http://127.0.0.1:{HttpPort}/");

    /// <summary>The server binary and its leading arguments, or null where none is installed.</summary>
    public static (string Binary, string[] Arguments)? FindBinary()
    {
        if (File.Exists("/usr/bin/clickhouse"))
        {
            return ("/usr/bin/clickhouse", ["server"]);
        }
        if (File.Exists("/usr/sbin/clickhouse-server"))
        {
            return ("/usr/sbin/clickhouse-server", []);
        }
        return null;
    }

    public static string? SkipReason => FindBinary() is null
        ? "No clickhouse-server binary on this machine to start servers of the test's own (scripts/clickhouse-server.sh install puts Debian's there; CI does)."
        : null;

    public static async Task<OwnServer> StartAsync() => (await StartClusterAsync(1, cluster: null)).Single();

    /// <summary>
    /// Starts <paramref name="count"/> servers configured as one cluster named <paramref name="cluster"/>
    /// (<c>remote_servers</c>: one shard per server), for <c>Distributed</c> tables over their local tables. Stops those
    /// already started when one fails to start.
    /// </summary>
    /// <param name="count">How many servers.</param>
    /// <param name="cluster">The cluster's name in <c>remote_servers</c>; none when null.</param>
    /// <param name="extraConfig">More of each server's configuration (e.g. a <c>part_log</c> section).</param>
    /// <remarks>
    /// The ports are free when chosen, but another process may take one before the server binds it (the machine's own
    /// outgoing connections use the same range); a server that exits while starting is then tried again, on new ports,
    /// up to <see cref="StartAttempts"/> times.
    /// </remarks>
    public static async Task<OwnServer[]> StartClusterAsync(int count, string? cluster, string extraConfig = "")
    {
        for (int attempt = 1; ; attempt++)
        {
            try
            {
                return await StartOnFreePortsAsync(count, cluster, extraConfig);
            }
            catch (ServerExitedException) when (attempt < StartAttempts)
            {
            }
        }
    }

    private const int StartAttempts = 3;

    private static async Task<OwnServer[]> StartOnFreePortsAsync(int count, string? cluster, string extraConfig)
    {
        int[] free = LocalPorts.Unused(2 * count);
        (int Http, int Tcp)[] ports = [.. Enumerable.Range(0, count).Select(i => (free[2 * i], free[2 * i + 1]))];
        string shards = string.Concat(ports.Select(p => $"<shard><replica><host>127.0.0.1</host><port>{p.Tcp}</port></replica></shard>"));
        string remoteServers = cluster is null ? "" : $"<remote_servers><{cluster}>{shards}</{cluster}></remote_servers>";
        var servers = new List<OwnServer>();
        try
        {
            foreach ((int http, int tcp) in ports)
            {
                servers.Add(await StartAsync(http, tcp, remoteServers + extraConfig));
            }
        }
        catch
        {
            foreach (OwnServer started in servers)
            {
                await started.DisposeAsync();
            }
            throw;
        }
        return [.. servers];
    }

    private static async Task<OwnServer> StartAsync(int http, int tcp, string extraConfig)
    {
        (string binary, string[] arguments) = FindBinary() ?? throw new InvalidOperationException(SkipReason);
        string folder = Path.Combine(Path.GetTempPath(), $"rowbinary-own-server-{Guid.NewGuid():N}");
        Directory.CreateDirectory(folder);
        await File.WriteAllTextAsync(Path.Combine(folder, "config.xml"), $"""
            <?xml version="1.0"?>
            <yandex>
                <logger><level>warning</level><log>{folder}/server.log</log><errorlog>{folder}/server.err.log</errorlog></logger>
                <listen_host>127.0.0.1</listen_host>
                <http_port>{http}</http_port>
                <tcp_port>{tcp}</tcp_port>
                <path>{folder}/data/</path>
                <tmp_path>{folder}/tmp/</tmp_path>
                <user_files_path>{folder}/user_files/</user_files_path>
                <format_schema_path>{folder}/format_schemas/</format_schema_path>
                <users_config>{folder}/users.xml</users_config>
                <default_profile>default</default_profile>
                <default_database>default</default_database>
                <timezone>UTC</timezone>
                <mark_cache_size>67108864</mark_cache_size>
                {extraConfig}
            </yandex>
            """);
        await File.WriteAllTextAsync(Path.Combine(folder, "users.xml"), """
            <?xml version="1.0"?>
            <yandex>
                <profiles><default></default></profiles>
                <users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
                <quotas><default></default></quotas>
            </yandex>
            """);
        var server = new OwnServer(binary, arguments, folder, http);
        try
        {
            await server.StartAgainAsync();
        }
        catch
        {
            await server.DisposeAsync();
            throw;
        }
        return server;
    }

    /// <summary>Starts the process (again, on the same ports and data) and waits until it answers; nothing when it runs.</summary>
    public async Task StartAgainAsync()
    {
        if (_process is { HasExited: false })
        {
            return;
        }
        _process?.Dispose();
        var start = new ProcessStartInfo(_binary) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in _arguments)
        {
            start.ArgumentList.Add(argument);
        }
        start.ArgumentList.Add($"--config-file={_folder}/config.xml");
        _process = Process.Start(start) ?? throw new InvalidOperationException($"{_binary} did not start");
        _ = _process.StandardOutput.ReadToEndAsync();
        _ = _process.StandardError.ReadToEndAsync();
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(2) };
        var deadline = Stopwatch.StartNew();
        while (deadline.Elapsed < TimeSpan.FromSeconds(60))
        {
            if (_process.HasExited)
            {
                throw new ServerExitedException($"The server on port {HttpPort} exited ({_process.ExitCode}) while starting: {ErrorLogTail()}");
            }
            try
            {
                if ((await http.GetStringAsync(new Uri(Endpoint, "ping"))).StartsWith("Ok", StringComparison.Ordinal))
                {
                    return;
                }
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
            }
            await Task.Delay(200);
        }
        throw new TimeoutException($"The server on port {HttpPort} did not answer /ping within 60 s; see {_folder}/server.err.log");
    }

    /// <summary>SIGTERM, then waits for the process to end (SIGKILL after 30 s).</summary>
    public async Task StopAsync()
    {
        if (_process is not { HasExited: false } process)
        {
            return;
        }
        _ = Kill(process.Id, 15);
        using var patience = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        try
        {
            await process.WaitForExitAsync(patience.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
        }
    }

    /// <summary>SIGKILL, then waits for the process to end: no request it was serving gets an answer.</summary>
    public async Task KillAsync()
    {
        if (_process is not { HasExited: false } process)
        {
            return;
        }
        _ = Kill(process.Id, 9);
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
    }

    public async ValueTask DisposeAsync()
    {
        await StopAsync();
        _process?.Dispose();
        try
        {
            Directory.Delete(_folder, recursive: true);
        }
        catch (IOException)
        {
        }
    }

    /// <summary>The end of the server's error log (its folder goes when the server is disposed), or where it was.</summary>
    private string ErrorLogTail()
    {
        string log = Path.Combine(_folder, "server.err.log");
        try
        {
            string text = File.ReadAllText(log).TrimEnd();
            return text.Length == 0 ? $"{log} is empty" : text[Math.Max(0, text.Length - 2000)..];
        }
        catch (IOException e)
        {
            return $"{log} could not be read ({e.Message})";
        }
    }

    private sealed class ServerExitedException(string message) : InvalidOperationException(message);

    [DllImport("libc", EntryPoint = "kill", SetLastError = true)]
    private static extern int Kill(int pid, int signal);
}
