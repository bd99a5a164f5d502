using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Batching;

/// <summary>
/// Suite 6b: the same callers, each row its own <c>client.InsertAsync(table, new[] { row })</c>, as a new user
/// writes it. Stops at 1,000 callers: there the server already refuses (too many parts), and 200,000 single-row
/// INSERTs would take many minutes.
/// </summary>
[SuiteJob(SuiteKind.EndToEnd)]
[MemoryDiagnoser]
public class UnbatchedInsertBenchmarks : ConcurrentInsertSuite
{
    private Func<WebVisit, Task> _insert = null!;

    [ParamsSource(nameof(CallerCounts))]
    public override int CallerCount { get; set; }

    public static IEnumerable<int> CallerCounts() => InMode([1, 10, 100, 1_000]);

    protected override string MethodName => nameof(Unbatched);

    protected override void Start()
    {
        ClickHouseClient client = Client;
        string table = Table;
        _insert = row => client.InsertAsync(table, new[] { row });
    }

    [Benchmark]
    public Task Unbatched() => RunAsync();

    protected override Task RunAsync() => Callers.RunAsync(_insert);
}
