using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Suite 3, reading: eight 8-byte columns per row into a reused <see cref="List{T}"/>, against a memory copy of
/// the same bytes into the list's storage (the "% of memcpy" column). Target: at least 40% of memcpy throughput.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class FixedWidthReadBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private FixedWidthDataSet _data = null!;
    private byte[] _rowBinary = [];
    private List<FixedWidthRow> _destination = [];

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(1_000_000);

    [GlobalSetup]
    public void Setup()
    {
        _data = FixedWidthDataSet.Get(Rows);
        _rowBinary = _data.RowBinary;
        _destination = new List<FixedWidthRow>(Rows);
    }

    /// <summary>The physical limit: the list's storage filled with one copy of the bytes.</summary>
    [Benchmark]
    public int Memcpy()
    {
        _destination.Clear();
        CollectionsMarshal.SetCount(_destination, _rowBinary.Length / FixedWidthRow.SizeInBytes);
        _rowBinary.AsSpan().CopyTo(MemoryMarshal.AsBytes(CollectionsMarshal.AsSpan(_destination)));
        return _destination.Count;
    }

    [Benchmark(Baseline = true)]
    public int HandWrittenSpans()
    {
        _destination.Clear();
        FixedWidthSpanCodec.ReadAll(_rowBinary, _destination);
        return _destination.Count;
    }

    [Benchmark]
    public int Generated()
    {
        _destination.Clear();
        return RowBinarySerializer.ReadList(_rowBinary, RowBinaryFormat.RowBinary, _destination);
    }

    public WorkloadSize DescribeWorkload() => new(Rows, FixedWidthDataSet.RowBinarySize(Rows));

    public void Verify()
    {
        Setup();
        (string Name, System.Func<int> Run)[] methods =
        [
            (nameof(Memcpy), Memcpy),
            (nameof(HandWrittenSpans), HandWrittenSpans),
            (nameof(Generated), Generated),
        ];
        foreach (var (name, run) in methods)
        {
            int count = run();
            Check.That(count == Rows, $"{name} returned {count}, expected {Rows} rows.");
            Check.SameItems(name, _data.Rows, _destination);
        }
    }
}
