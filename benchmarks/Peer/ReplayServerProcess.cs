using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// The replay server in a process of its own: this benchmark program started with <see cref="ServeFlag"/>
/// (<see cref="Latency.ChildProcess"/>). It prints its address and serves until its
/// standard input closes; the requests it records are forgotten every second, so a long run does not grow it.
/// </summary>
public sealed class ReplayServerProcess : IDisposable
{
    public const string ServeFlag = "--replay-server";
    private const string AddressLine = "replay-server: ";

    private readonly Process _process;

    private ReplayServerProcess(Process process, Uri url)
    {
        _process = process;
        Url = url;
    }

    public Uri Url { get; }

    public static ReplayServerProcess Start()
    {
        Process process = Latency.ChildProcess.Start(serverGc: false, redirectOutput: true, redirectInput: true, ServeFlag);
        string? line;
        while ((line = process.StandardOutput.ReadLine()) is not null && !line.StartsWith(AddressLine, StringComparison.Ordinal))
        {
        }
        if (line is null)
        {
            process.WaitForExit();
            throw new InvalidOperationException($"The replay server process ended ({process.ExitCode}) before it printed its address.");
        }
        return new ReplayServerProcess(process, new Uri(line[AddressLine.Length..]));
    }

    /// <summary>The server side, in the process started with <see cref="ServeFlag"/>.</summary>
    public static async Task<int> ServeAsync()
    {
        await using var replay = new PeerReplay(outOfProcess: false);
        Console.WriteLine(AddressLine + replay.Url);
        using var stop = new CancellationTokenSource();
        Task end = Task.Run(() =>
        {
            Console.In.ReadToEnd();
            stop.Cancel();
        });
        while (!stop.IsCancellationRequested)
        {
            replay.Server.ClearRequests();
            await Task.WhenAny(end, Task.Delay(1000)).ConfigureAwait(false);
        }
        return replay.Server.Failure is null ? 0 : 1;
    }

    public void Dispose()
    {
        _process.StandardInput.Close();
        if (!_process.WaitForExit(10_000))
        {
            _process.Kill();
        }
        _process.Dispose();
    }
}
