using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.StandIns;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Suite 1: serialize <c>web_visits</c> rows into a reused in-memory buffer. Targets: the generated serializer
/// within 1.10x of hand-written span code, and no allocation.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class WebVisitWriteBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private WebVisit[] _rows = [];
    private ArrayBufferWriter<byte> _output = new();
    private readonly TsvStringBuilderWriter _tsvBuilder = new();
    private readonly JsonEachRowWriter _json = new();

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(1_000_000);

    [GlobalSetup]
    public void Setup()
    {
        _rows = WebVisitDataSet.Get(Rows).Rows;
        // Large enough for the biggest format (JSONEachRow, under 200 bytes a row), so no method pays for growing it.
        _output = new ArrayBufferWriter<byte>(checked(Rows * 256));
    }

    [Benchmark(Baseline = true)]
    public int HandWrittenSpans()
    {
        _output.ResetWrittenCount();
        WebVisitSpanWriter.Write(_output, _rows);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Generated()
    {
        _output.ResetWrittenCount();
        RowBinarySerializer.Write<WebVisit>(_output, _rows.AsSpan());
        return _output.WrittenCount;
    }

    [Benchmark]
    public int RuntimeCalledByHand()
    {
        _output.ResetWrittenCount();
        WebVisitRuntimeCalls.Write(_output, _rows);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int StandIn_Tsv_StringBuilder()
    {
        _output.ResetWrittenCount();
        _tsvBuilder.Write(_output, _rows);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int StandIn_Tsv_Utf8Formatter()
    {
        _output.ResetWrittenCount();
        TsvUtf8FormatterWriter.Write(_output, _rows);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int StandIn_JsonEachRow_Utf8JsonWriter()
    {
        _output.ResetWrittenCount();
        _json.Write(_output, _rows);
        return _output.WrittenCount;
    }

    public WorkloadSize DescribeWorkload() => new(Rows, WebVisitDataSet.RowBinarySize(Rows));

    public void Verify()
    {
        Setup();
        HandWrittenSpans();
        byte[] expected = _output.WrittenSpan.ToArray();
        Check.That(expected.LongLength == WebVisitDataSet.RowBinarySize(Rows), "The hand-written writer's size differs from the computed RowBinary size.");

        Generated();
        Check.SameBytes("Generated", expected, _output.WrittenSpan);
        RuntimeCalledByHand();
        Check.SameBytes("RuntimeCalledByHand", expected, _output.WrittenSpan);

        var readBack = new List<WebVisit>();
        WebVisitSpanReader.ReadAll(expected, readBack);
        Check.SameItems("HandWrittenSpans read back", _rows, readBack);

        StandIn_Tsv_Utf8Formatter();
        byte[] tsv = _output.WrittenSpan.ToArray();
        StandIn_Tsv_StringBuilder();
        Check.SameBytes("StandIn_Tsv_StringBuilder (against the Utf8Formatter TSV)", tsv, _output.WrittenSpan);
        readBack.Clear();
        TsvUtf8ParserReader.ReadAll(tsv, readBack);
        Check.SameItems("StandIn_Tsv read back", _rows, readBack);

        StandIn_JsonEachRow_Utf8JsonWriter();
        readBack.Clear();
        JsonEachRowReader.ReadAll(_output.WrittenSpan, readBack);
        Check.SameItems("StandIn_JsonEachRow read back", _rows, readBack);
    }
}
