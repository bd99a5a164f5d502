using System;
using System.Collections.Generic;
using System.Linq;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>The harness's own flags, taken out of the arguments before BenchmarkDotNet sees them.</summary>
public sealed record HarnessOptions(BenchmarkMode Mode, bool InProcess, bool ReplayProcess, bool ServerGc, bool SmallQueries, bool ColdStart, bool Fleet, bool FormatSplit, string[] BenchmarkDotNetArgs)
{
    public const string QuickFlag = "--quick";
    public const string SmokeFlag = "--smoke";

    /// <summary>
    /// BenchmarkDotNet's own flag, taken over: it would add a default job next to each suite's job, so the harness
    /// applies it to the suites' jobs instead. Runs in the host process: no build, less isolation.
    /// </summary>
    public const string InProcessFlag = "--inProcess";

    /// <summary>The peer suites' replay server in a process of its own (not with <see cref="InProcessFlag"/>).</summary>
    public const string ReplayProcessFlag = "--replayProcess";

    /// <summary>The benchmark processes under Server GC instead of Workstation GC (not with <see cref="InProcessFlag"/>).</summary>
    public const string ServerGcFlag = "--serverGc";

    public static HarnessOptions Parse(IReadOnlyList<string> args)
    {
        bool quick = args.Contains(QuickFlag, StringComparer.OrdinalIgnoreCase);
        bool smoke = args.Contains(SmokeFlag, StringComparer.OrdinalIgnoreCase);
        if (quick && smoke)
        {
            throw new ArgumentException($"{QuickFlag} and {SmokeFlag} exclude each other.");
        }
        // Smoke runs prove that every benchmark runs, not how fast: in process they take seconds, not minutes.
        bool inProcess = smoke || args.Contains(InProcessFlag, StringComparer.OrdinalIgnoreCase);
        bool replayProcess = args.Contains(ReplayProcessFlag, StringComparer.OrdinalIgnoreCase);
        bool serverGc = args.Contains(ServerGcFlag, StringComparer.OrdinalIgnoreCase);
        if (inProcess && (replayProcess || serverGc))
        {
            throw new ArgumentException($"{ReplayProcessFlag} and {ServerGcFlag} set up the benchmark processes, which {InProcessFlag} and {SmokeFlag} do without.");
        }
        bool smallQueries = args.Contains(Latency.SmallQuerySuite.Flag, StringComparer.OrdinalIgnoreCase);
        bool coldStart = args.Contains(Latency.ColdStartSuite.Flag, StringComparer.OrdinalIgnoreCase);
        bool fleet = args.Contains(Benchmarks.Fleet.FleetSuite.Flag, StringComparer.OrdinalIgnoreCase);
        bool formatSplit = args.Contains(EndToEnd.FormatCostSplitSuite.Flag, StringComparer.OrdinalIgnoreCase);
        string[] own = [QuickFlag, SmokeFlag, InProcessFlag, ReplayProcessFlag, ServerGcFlag, Latency.SmallQuerySuite.Flag, Latency.ColdStartSuite.Flag, Benchmarks.Fleet.FleetSuite.Flag, EndToEnd.FormatCostSplitSuite.Flag];
        var rest = args.Where(a => !own.Contains(a, StringComparer.OrdinalIgnoreCase)).ToList();
        // CI runs `-- --smoke` alone: every suite, without BenchmarkDotNet's interactive menu.
        if (smoke && !rest.Any(a => a is "--filter" or "-f"))
        {
            rest.AddRange(["--filter", "*"]);
        }
        BenchmarkMode mode = smoke ? BenchmarkMode.Smoke : quick ? BenchmarkMode.Quick : BenchmarkMode.Full;
        return new HarnessOptions(mode, inProcess, replayProcess, serverGc, smallQueries, coldStart, fleet, formatSplit, rest.ToArray());
    }
}
