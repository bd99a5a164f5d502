using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>
/// Row counts per mode. Suites expose them through <c>[ParamsSource]</c>, so that the count shows up as a column
/// of the results. The host sets <see cref="Mode"/>; benchmark processes get it from
/// <see cref="ModeVariable"/>, which every job sets (see <see cref="SuiteJobAttribute"/>).
/// </summary>
public static class BenchmarkScale
{
    public const int SmokeRows = 1_000;
    public const string ModeVariable = "ROWBINARY_BENCHMARK_MODE";

    public static BenchmarkMode Mode { get; set; } =
        Enum.TryParse(Environment.GetEnvironmentVariable(ModeVariable), out BenchmarkMode mode) ? mode : BenchmarkMode.Full;

    /// <summary>Set by <c>Program</c> for <c>--inProcess</c>: the suites' jobs run in the host process.</summary>
    public static bool InProcess { get; set; }

    /// <summary>Set by <c>Program</c> for <c>--replayProcess</c>: the peer suites' replay server runs in a process of its own.</summary>
    public static bool ReplayProcess { get; set; }

    /// <summary>Set by <c>Program</c> for <c>--serverGc</c>: the benchmark processes run under Server GC.</summary>
    public static bool ServerGc { get; set; }

    public static int Rows(int full, int? quick = null) => Mode switch
    {
        BenchmarkMode.Smoke => Math.Min(SmokeRows, full),
        BenchmarkMode.Quick => quick ?? full,
        _ => full,
    };

    public static IEnumerable<int> RowCounts(int full, int? quick = null) => [Rows(full, quick)];
}
