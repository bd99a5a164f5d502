using System;
using System.Diagnostics;
using System.IO;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Latency;

/// <summary>This benchmark program (its build in <c>benchmarks/bin/Release</c>) run again with other arguments, in the GC mode asked for.</summary>
public static class ChildProcess
{
    public static string Program => Path.Combine(PeerRecordings.RepositoryRoot(), "benchmarks", "bin", "Release", "net10.0", "ClickHouse.RowBinary.Benchmarks.dll");

    /// <summary>Starts the program with <paramref name="arguments"/>, the mode of this run and the GC mode asked for.</summary>
    public static Process Start(bool serverGc, bool redirectOutput, bool redirectInput, params string[] arguments)
    {
        if (!File.Exists(Program))
        {
            throw new InvalidOperationException($"{Program} is missing: build with `dotnet build -c Release benchmarks`.");
        }
        var start = new ProcessStartInfo("dotnet") { UseShellExecute = false, RedirectStandardOutput = redirectOutput, RedirectStandardInput = redirectInput };
        start.ArgumentList.Add(Program);
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        start.Environment[BenchmarkScale.ModeVariable] = BenchmarkScale.Mode.ToString();
        start.Environment["DOTNET_gcServer"] = serverGc ? "1" : "0";
        start.Environment.Remove(PeerReplay.ProcessVariable);
        // A process traced by dotnet-trace has its diagnostic port in the environment: a child that inherited it
        // would wait, suspended, for a tracer that never comes.
        start.Environment.Remove("DOTNET_DiagnosticPorts");
        return Process.Start(start) ?? throw new InvalidOperationException($"Cannot start {Program}.");
    }

    /// <summary>Runs the program to its end, its output going to this console; its exit code.</summary>
    public static int Run(bool serverGc, params string[] arguments)
    {
        using Process process = Start(serverGc, redirectOutput: false, redirectInput: false, arguments);
        process.WaitForExit();
        return process.ExitCode;
    }
}
