using System;
using System.Linq;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using ClickHouse.RowBinary.Benchmarks.EndToEnd;
using ClickHouse.RowBinary.Benchmarks.Fleet;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Latency;
using ClickHouse.RowBinary.Benchmarks.Peer;

// dotnet run -c Release --project benchmarks -- [--quick | --smoke] [--inProcess | --replayProcess --serverGc] [BenchmarkDotNet arguments, e.g. --filter '*']
// dotnet run -c Release --project benchmarks -- --small-queries | --cold-start | --fleet | --format-split [--quick | --smoke]
// The processes this program starts for itself: the replay server, a small-query run under one GC mode, a first query.
switch (args.FirstOrDefault())
{
    case ReplayServerProcess.ServeFlag:
        return await ReplayServerProcess.ServeAsync();
    case SmallQuerySuite.ChildFlag:
        return await SmallQuerySuite.RunChildAsync(new Uri(args[1]));
    case ColdStartSuite.ChildFlag:
        return await ColdStartSuite.FirstQueryAsync(args[1], new Uri(args[2]));
}

HarnessOptions options;
try
{
    options = HarnessOptions.Parse(args);
}
catch (ArgumentException e)
{
    Console.Error.WriteLine(e.Message);
    return 2;
}
BenchmarkScale.Mode = options.Mode;
BenchmarkScale.InProcess = options.InProcess;
BenchmarkScale.ReplayProcess = options.ReplayProcess;
BenchmarkScale.ServerGc = options.ServerGc;
Console.WriteLine($"// mode: {options.Mode}{(options.InProcess ? ", in process" : "")}");
if (options.SmallQueries || options.ColdStart || options.Fleet || options.FormatSplit)
{
    return (options.SmallQueries ? SmallQuerySuite.Run() : 0) | (options.ColdStart ? ColdStartSuite.Run() : 0) | (options.Fleet ? FleetSuite.Run() : 0)
        | (options.FormatSplit ? FormatCostSplitSuite.Run() : 0);
}

ClickHouseEndpoint endpoint = ClickHouseEndpoint.FromEnvironment();
string? noServer = await endpoint.ProbeAsync();
if (noServer is not null)
{
    string message = $"no ClickHouse server answers at {endpoint.Url} ({noServer}). " +
        "Start one with: eval \"$(bash scripts/clickhouse-server.sh start)\", or set CLICKHOUSE_URL.";
    if (Environment.GetEnvironmentVariable("CI") == "true")
    {
        // In CI a server is always started first: its absence is a failure, not a reason to check less.
        Console.Error.WriteLine($"// FAILED: {message}");
        return 1;
    }
    Console.WriteLine($"// end-to-end suites skipped: {message}");
}
Type[] suites = SuiteCatalog.Select(withServer: noServer is null);

// Timings of code that gets the wrong answer mean nothing: prove every suite correct before timing any.
if (!SuiteVerifier.VerifyAll(suites))
{
    Console.Error.WriteLine("// verification failed: no benchmark was run.");
    return 1;
}

Summary[] summaries = BenchmarkSwitcher.FromTypes(suites).Run(options.BenchmarkDotNetArgs, BenchmarkConfigFactory.Create()).ToArray();
var failed = summaries
    .SelectMany(s => s.Reports.Where(r => !r.Success).Select(r => r.BenchmarkCase.DisplayInfo)
        .Concat(s.HasCriticalValidationErrors ? s.ValidationErrors.Select(e => e.Message) : []))
    .ToList();
foreach (string failure in failed)
{
    Console.Error.WriteLine($"// FAILED: {failure}");
}
// The smoke run proves that the suites outside BenchmarkDotNet run too.
int latency = options.Mode == BenchmarkMode.Smoke
    ? SmallQuerySuite.Run() | ColdStartSuite.Run() | FleetSuite.Run() | (noServer is null ? FormatCostSplitSuite.Run() : 0)
    : 0;
return failed.Count == 0 && latency == 0 ? 0 : 1;
