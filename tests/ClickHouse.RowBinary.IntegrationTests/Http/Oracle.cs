using System.Diagnostics;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>The real ClickHouse engine (26.9) as an offline command: <c>oracle parse STRUCTURE FORMAT &lt; input</c>.</summary>
internal static class Oracle
{
    public static string? Path { get; } = Locate();

    private static string? Locate()
    {
        if (TestServer.FindRepositoryRoot() is not { } root)
        {
            return null;
        }
        string candidate = System.IO.Path.GetFullPath(System.IO.Path.Combine(root, "..", "shared", "clickhouse-oracle", "oracle"));
        return File.Exists(candidate) ? candidate : null;
    }

    /// <summary>The rows ClickHouse parses from <paramref name="input"/>, as JSONEachRow; its own error when it rejects them.</summary>
    public static async Task<string> ParseAsync(string structure, string format, string input)
    {
        var start = new ProcessStartInfo(Path ?? throw new InvalidOperationException("No oracle here."))
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("parse");
        start.ArgumentList.Add(structure);
        start.ArgumentList.Add(format);
        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> error = process.StandardError.ReadToEndAsync();
        await process.StandardInput.WriteAsync(input);
        process.StandardInput.Close();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        await process.WaitForExitAsync(timeout.Token);
        return process.ExitCode == 0
            ? await output
            : throw new InvalidOperationException($"ClickHouse rejected the input ({process.ExitCode}): {await error}");
    }
}
