using System;
using System.Linq;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using ClickHouse.RowBinary.Benchmarks.EndToEnd;
using ClickHouse.RowBinary.Benchmarks.Harness;

// dotnet run -c Release --project benchmarks -- [--quick | --smoke] [--inProcess] [BenchmarkDotNet arguments, e.g. --filter '*']
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
Console.WriteLine($"// mode: {options.Mode}{(options.InProcess ? ", in process" : "")}");

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
return failed.Count == 0 ? 0 : 1;
