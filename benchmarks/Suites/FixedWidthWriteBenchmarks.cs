using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Suite 3, writing: eight 8-byte columns per row, against a memory copy of the same bytes into the same buffer
/// (the "% of memcpy" column). Target: at least 40% of memcpy throughput.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class FixedWidthWriteBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private FixedWidthRow[] _rows = [];
    private byte[] _rowBinary = [];
    private ArrayBufferWriter<byte> _output = new();

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(1_000_000);

    [GlobalSetup]
    public void Setup()
    {
        var data = FixedWidthDataSet.Get(Rows);
        _rows = data.Rows;
        _rowBinary = data.RowBinary;
        _output = new ArrayBufferWriter<byte>(_rowBinary.Length + 1024 * 1024);
    }

    /// <summary>The physical limit: the bytes are already encoded, only copied.</summary>
    [Benchmark]
    public int Memcpy()
    {
        _output.ResetWrittenCount();
        _rowBinary.AsSpan().CopyTo(_output.GetSpan(_rowBinary.Length));
        _output.Advance(_rowBinary.Length);
        return _output.WrittenCount;
    }

    [Benchmark(Baseline = true)]
    public int HandWrittenSpans()
    {
        _output.ResetWrittenCount();
        FixedWidthSpanCodec.Write(_output, _rows);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Generated()
    {
        _output.ResetWrittenCount();
        RowBinarySerializer.Write<FixedWidthRow>(_output, _rows.AsSpan());
        return _output.WrittenCount;
    }

    public WorkloadSize DescribeWorkload() => new(Rows, FixedWidthDataSet.RowBinarySize(Rows));

    public void Verify()
    {
        Setup();
        Memcpy();
        byte[] expected = _output.WrittenSpan.ToArray();
        HandWrittenSpans();
        Check.SameBytes("HandWrittenSpans (against the rows' memory)", expected, _output.WrittenSpan);
        Generated();
        Check.SameBytes("Generated", expected, _output.WrittenSpan);
    }
}
