using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.EndToEnd;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Batching;

/// <summary>
/// What the concurrent-callers suites share: a table on the local server emptied before every iteration, the
/// callers, the throughput of one invocation (every caller's rows), and the proof that what a method inserted is
/// exactly the rows, compared row by row.
/// </summary>
public abstract class ConcurrentInsertSuite : IThroughputWorkload, IVerifiedSuite
{
    private readonly ClickHouseEndpoint _endpoint = ClickHouseEndpoint.FromEnvironment();
    private WebVisitTable _table = null!;

    protected ClickHouseClient Client { get; private set; } = null!;

    protected ConcurrentCallers Callers { get; private set; } = null!;

    protected string Table => _table.Name;

    /// <summary>Concurrent callers, each inserting <see cref="RowsPerCaller"/> rows one at a time.</summary>
    public abstract int CallerCount { get; set; }

    protected static IEnumerable<int> InMode(int[] callerCounts) => BenchmarkScale.Mode == BenchmarkMode.Smoke ? [10] : callerCounts;

    protected static int RowsPerCaller => BenchmarkScale.Mode == BenchmarkMode.Smoke ? 2 : 20;

    [GlobalSetup]
    public void Setup()
    {
        _table = new WebVisitTable(_endpoint, "rowbinary_bench_" + GetType().Name.ToLowerInvariant());
        _table.CreateAsync().GetAwaiter().GetResult();
        Client = EndToEndClient.Create(_endpoint);
        Callers = new ConcurrentCallers(CallerCount, RowsPerCaller);
        Start();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        Stop();
        Client.Dispose();
    }

    [IterationSetup]
    public void EmptyTable() => _table.TruncateAsync().GetAwaiter().GetResult();

    [IterationCleanup]
    public void Report() => Callers.Report(MethodName, CallerCount);

    protected abstract string MethodName { get; }

    protected virtual void Start()
    {
    }

    protected virtual void Stop()
    {
    }

    protected abstract Task RunAsync();

    public WorkloadSize DescribeWorkload() => new((long)CallerCount * RowsPerCaller, WebVisitDataSet.RowBinarySize(CallerCount * RowsPerCaller));

    public void Verify()
    {
        Setup();
        try
        {
            EmptyTable();
            RunAsync().GetAwaiter().GetResult();
            Stop();
            _table.VerifyHoldsAsync(Callers.Rows.ToArray(), GetType().Name).GetAwaiter().GetResult();
        }
        finally
        {
            Client.Dispose();
        }
    }
}
