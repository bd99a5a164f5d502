using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Batching;

/// <summary>
/// Suite 6a: concurrent callers, each awaiting single-row <c>InsertAsync</c> calls on one shared
/// <see cref="ClickHouseBatchInserter{T}"/> (MaxDelay 50 ms, the rest default), against the local server, its batches
/// sent as RowBinary and as Native (the default since 2026-11-27: each batch's rows taken apart into Native blocks).
/// </summary>
[SuiteJob(SuiteKind.EndToEnd)]
[MemoryDiagnoser]
public class BatchedInsertBenchmarks : ConcurrentInsertSuite
{
    public static readonly TimeSpan MaxDelay = TimeSpan.FromMilliseconds(50);

    private ClickHouseBatchInserter<WebVisit>? _inserter;
    private Func<WebVisit, Task> _insert = null!;

    [ParamsSource(nameof(CallerCounts))]
    public override int CallerCount { get; set; }

    public static IEnumerable<int> CallerCounts() => InMode([1, 10, 100, 1_000, 10_000]);

    [Params(ClickHouseWireFormat.RowBinary, ClickHouseWireFormat.Native)]
    public ClickHouseWireFormat WireFormat { get; set; }

    protected override string MethodName => nameof(Batched);

    protected override void Start()
    {
        _inserter = Client.CreateBatchInserter<WebVisit>(Table, new ClickHouseBatchInserterOptions { MaxDelay = MaxDelay, WireFormat = WireFormat });
        ClickHouseBatchInserter<WebVisit> inserter = _inserter;
        _insert = row => inserter.InsertAsync(row);
    }

    protected override void Stop()
    {
        _inserter?.DisposeAsync().AsTask().GetAwaiter().GetResult();
        _inserter = null;
    }

    [Benchmark]
    public Task Batched() => RunAsync();

    protected override Task RunAsync() => Callers.RunAsync(_insert);
}
