using System.Diagnostics;
using System.Text;

namespace ClickHouse.RowBinary.TestSupport;

/// <summary>
/// The ClickHouse 26.9 engine as an offline command (the workspace's clickhouse-oracle/oracle or the command
/// <c>CLICKHOUSE_ORACLE</c> names, located by <see cref="SharedFiles"/>). The workspace's installs the engine into
/// ~/.cache on its first call (about 20 s); later calls take about a second each, so tests batch many values into one call.
/// </summary>
internal static class OracleProcess
{
    /// <summary>Why a test that needs the oracle cannot run here, in one line that says how to get it.</summary>
    public static string MissingReason => SharedFiles.NamedOracle is { } named
        ? $"Needs the ClickHouse oracle: CLICKHOUSE_ORACLE names {named}, which does not exist (tests/vectors/README.md, The oracle)."
        : "Needs the ClickHouse oracle, absent here: `pip install chdb-core` and point CLICKHOUSE_ORACLE at tests/vectors/oracle.py "
            + "(tests/vectors/README.md, The oracle), or put the workspace's shared/clickhouse-oracle beside the repository.";

    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(4);

    public static bool IsAvailable => SharedFiles.OracleCommand is not null;

    /// <summary><c>oracle query SQL FORMAT</c>: the raw bytes ClickHouse writes.</summary>
    public static byte[] Query(string sql, string format)
    {
        (int exitCode, byte[] output, string error) = Run(["query", sql, format], input: null);
        return exitCode == 0 ? output : throw new InvalidOperationException($"ClickHouse rejected the query: {error}{Environment.NewLine}{sql}");
    }

    /// <summary><c>oracle parse STRUCTURE FORMAT</c>: ClickHouse reads the bytes and prints the rows as JSONEachRow lines.</summary>
    public static string[] Parse(string structure, string format, byte[] data)
    {
        (int exitCode, byte[] output, string error) = Run(["parse", structure, format], data);
        if (exitCode != 0)
        {
            throw new InvalidOperationException($"ClickHouse rejected the {data.Length} bytes as {format} of ({structure}): {error}");
        }
        return Encoding.UTF8.GetString(output).Split('\n', StringSplitOptions.RemoveEmptyEntries);
    }

    private static (int ExitCode, byte[] Output, string Error) Run(string[] arguments, byte[]? input)
    {
        var start = new ProcessStartInfo(SharedFiles.OracleCommand ?? throw new InvalidOperationException(MissingReason))
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        using Process process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        using var output = new MemoryStream();
        Task copy = process.StandardOutput.BaseStream.CopyToAsync(output);
        if (input is not null)
        {
            process.StandardInput.BaseStream.Write(input);
        }
        process.StandardInput.Close();
        if (!process.WaitForExit(Timeout))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"The oracle did not answer within {Timeout}: oracle {arguments[0]}");
        }
        copy.GetAwaiter().GetResult();
        return (process.ExitCode, output.ToArray(), error.GetAwaiter().GetResult());
    }
}
