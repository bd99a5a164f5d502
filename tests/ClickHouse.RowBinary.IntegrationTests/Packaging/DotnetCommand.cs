using System.Diagnostics;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Packaging;

/// <summary>Runs the .NET CLI as a user would (pack, build, run), failing the test with its output when it fails.</summary>
internal static class DotnetCommand
{
    /// <summary>Runs <c>dotnet arguments</c> in <paramref name="directory"/> and returns what it printed.</summary>
    public static string Run(ITestOutputHelper output, string directory, string arguments)
    {
        var start = new ProcessStartInfo("dotnet", arguments)
        {
            WorkingDirectory = directory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        using Process process = Process.Start(start)!;
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        Assert.True(process.WaitForExit(TimeSpan.FromMinutes(8)), $"dotnet {arguments} did not finish within 8 minutes");
        string text = stdout.Result + stderr.Result;
        output.WriteLine($"$ dotnet {arguments}\n{text}");
        Assert.True(process.ExitCode == 0, $"dotnet {arguments} failed ({process.ExitCode}):\n{text}");
        return text;
    }
}
