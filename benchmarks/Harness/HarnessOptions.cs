using System;
using System.Collections.Generic;
using System.Linq;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>The harness's own flags, taken out of the arguments before BenchmarkDotNet sees them.</summary>
public sealed record HarnessOptions(BenchmarkMode Mode, bool InProcess, string[] BenchmarkDotNetArgs)
{
    public const string QuickFlag = "--quick";
    public const string SmokeFlag = "--smoke";

    /// <summary>
    /// BenchmarkDotNet's own flag, taken over: it would add a default job next to each suite's job, so the harness
    /// applies it to the suites' jobs instead. Runs in the host process: no build, less isolation.
    /// </summary>
    public const string InProcessFlag = "--inProcess";

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
        string[] own = [QuickFlag, SmokeFlag, InProcessFlag];
        var rest = args.Where(a => !own.Contains(a, StringComparer.OrdinalIgnoreCase)).ToList();
        // CI runs `-- --smoke` alone: every suite, without BenchmarkDotNet's interactive menu.
        if (smoke && !rest.Any(a => a is "--filter" or "-f"))
        {
            rest.AddRange(["--filter", "*"]);
        }
        BenchmarkMode mode = smoke ? BenchmarkMode.Smoke : quick ? BenchmarkMode.Quick : BenchmarkMode.Full;
        return new HarnessOptions(mode, inProcess, rest.ToArray());
    }
}
