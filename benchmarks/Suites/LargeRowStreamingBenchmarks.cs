using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Large rows arriving in small reads against the same bytes read from one span: a streaming reader that re-read a
/// cut row from its start at every read would cost the square of the row's size (the hostile-bytes issue measured
/// 2.8 s and 4.6 GiB for the 60 KB row in 7-byte reads). Linear means a small constant times the span read.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class LargeRowStreamingBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private byte[] _data = [];

    [ParamsSource(nameof(Rows))]
    public string Row { get; set; } = "";

    [ParamsSource(nameof(Chunks))]
    public int Chunk { get; set; }

    public static IEnumerable<string> Rows() => ["60 KB of 20,000 strings", "one 10 MB string"];

    public static IEnumerable<int> Chunks() => [7, 64 * 1024];

    private bool Many => Row.StartsWith("60", StringComparison.Ordinal);

    [GlobalSetup]
    public void Setup() => _data = Many ? LargeRows.ManySmallValues() : LargeRows.OneLargeValue();

    [Benchmark(Baseline = true)]
    public int SpanRead() => Many
        ? RowBinarySerializer.ReadList<ManySmallValues>(_data, RowBinaryFormat.RowBinaryWithNamesAndTypes)[0].Values.Length
        : RowBinarySerializer.ReadList<OneLargeValue>(_data, RowBinaryFormat.RowBinaryWithNamesAndTypes)[0].Text.Length;

    [Benchmark]
    public async Task<int> ReadListAsync_ChunkedReads() => Many
        ? (await RowBinarySerializer.ReadListAsync<ManySmallValues>(new ChunkedReadStream(_data, Chunk), RowBinaryFormat.RowBinaryWithNamesAndTypes).ConfigureAwait(false))[0].Values.Length
        : (await RowBinarySerializer.ReadListAsync<OneLargeValue>(new ChunkedReadStream(_data, Chunk), RowBinaryFormat.RowBinaryWithNamesAndTypes).ConfigureAwait(false))[0].Text.Length;

    public WorkloadSize DescribeWorkload()
    {
        Setup();
        return new WorkloadSize(1, _data.Length);
    }

    public void Verify()
    {
        Setup();
        int expected = SpanRead();
        int streamed = ReadListAsync_ChunkedReads().GetAwaiter().GetResult();
        Check.That(expected == streamed && expected == (Many ? 20_000 : 10_000_000), $"{Row} in {Chunk}-byte reads: {streamed} values, the span read {expected}.");
    }
}
