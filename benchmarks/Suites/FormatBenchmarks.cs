using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// The client's own cost per format, in memory: the same rows written as RowBinary and as Native into a reused buffer,
/// and read from the bytes ClickHouse 26.9 sends for <c>SELECT *</c> in each format into a reused list. The data sets
/// are the peer suites' (1,000,000 <c>web_visits</c> rows; 250,000 rows of the 23-column wide row), with a copy of the
/// Native bytes written (<see cref="Memcpy"/>) for the part of a Native write no transposition avoids. Target: Native no
/// costlier than RowBinary, and no allocation per row on write.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class FormatBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    // The rows written stay as Setup read them; reads fill lists of their own. A read into the written lists replaced
    // the rows with objects laid out in memory as that reader made them, and the writes after it then ran up to twice as
    // long (they fetch each row's objects from memory).
    private List<PeerWebVisit> _visits = [];
    private List<PeerWideRow> _wide = [];
    private readonly List<PeerWebVisit> _visitsRead = [];
    private readonly List<PeerWideRow> _wideRead = [];
    private byte[] _rowBinary = [];
    private byte[] _native = [];
    private byte[] _nativeWritten = [];
    private ArrayBufferWriter<byte> _output = new();

    [ParamsSource(nameof(DataSets))]
    public PeerDataSet DataSet { get; set; }

    public static IEnumerable<PeerDataSet> DataSets() => [PeerDataSet.WebVisits, PeerDataSet.Wide];

    [GlobalSetup]
    public void Setup()
    {
        int rows = PeerScale.Rows(DataSet);
        byte[] withNamesAndTypes = PeerRecordings.Result(DataSet, rows);
        _native = PeerRecordings.NativeResult(DataSet, rows);
        _visits = DataSet == PeerDataSet.Wide ? [] : RowBinarySerializer.ReadList<PeerWebVisit>(withNamesAndTypes, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        _wide = DataSet == PeerDataSet.Wide ? RowBinarySerializer.ReadList<PeerWideRow>(withNamesAndTypes, RowBinaryFormat.RowBinaryWithNamesAndTypes) : [];
        _output = new ArrayBufferWriter<byte>(2 * withNamesAndTypes.Length);
        Write_RowBinary();
        _rowBinary = _output.WrittenSpan.ToArray();
        Write_Native();
        _nativeWritten = _output.WrittenSpan.ToArray();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Write")]
    public int Write_RowBinary()
    {
        _output.ResetWrittenCount();
        if (DataSet == PeerDataSet.Wide)
        {
            RowBinarySerializer.Write(_output, _wide);
        }
        else
        {
            RowBinarySerializer.Write(_output, _visits);
        }
        return _output.WrittenCount;
    }

    [Benchmark, BenchmarkCategory("Write")]
    public int Write_Native()
    {
        _output.ResetWrittenCount();
        if (DataSet == PeerDataSet.Wide)
        {
            NativeSerializer.Write(_output, _wide);
        }
        else
        {
            NativeSerializer.Write(_output, _visits);
        }
        return _output.WrittenCount;
    }

    /// <summary>
    /// The Native bytes <see cref="Write_Native"/> makes, copied into the same buffer: what a columnar writer pays on top
    /// of a row writer's one pass, since it stages each column and then copies the block into the caller's buffer.
    /// </summary>
    [Benchmark, BenchmarkCategory("Write")]
    public int Memcpy()
    {
        _output.ResetWrittenCount();
        _nativeWritten.AsSpan().CopyTo(_output.GetSpan(_nativeWritten.Length));
        _output.Advance(_nativeWritten.Length);
        return _output.WrittenCount;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Read")]
    public int Read_RowBinary()
    {
        if (DataSet == PeerDataSet.Wide)
        {
            _wideRead.Clear();
            return RowBinarySerializer.ReadList(_rowBinary, RowBinaryFormat.RowBinary, _wideRead);
        }
        _visitsRead.Clear();
        return RowBinarySerializer.ReadList(_rowBinary, RowBinaryFormat.RowBinary, _visitsRead);
    }

    [Benchmark, BenchmarkCategory("Read")]
    public int Read_Native()
    {
        if (DataSet == PeerDataSet.Wide)
        {
            _wideRead.Clear();
            return NativeSerializer.ReadList(_native, _wideRead);
        }
        _visitsRead.Clear();
        return NativeSerializer.ReadList(_native, _visitsRead);
    }

    public WorkloadSize DescribeWorkload() => new(PeerScale.Rows(DataSet), PeerRecordings.Result(DataSet, PeerScale.Rows(DataSet)).Length);

    public void Verify()
    {
        Setup();
        int rows = PeerScale.Rows(DataSet);
        Check.That(Memcpy() == _nativeWritten.Length && _output.WrittenSpan.SequenceEqual(_nativeWritten), $"{DataSet}: the copy is not the Native bytes written.");
        Check.That(Read_RowBinary() == rows && Read_Native() == rows, $"{DataSet}: a reader did not read {rows} rows.");
        if (DataSet == PeerDataSet.Wide)
        {
            List<PeerWideRow> fromNative = [.. _wideRead];
            Read_RowBinary();
            Check.SameItems($"{DataSet}: Native against RowBinary", _wideRead.ConvertAll(r => r.Describe()), fromNative.ConvertAll(r => r.Describe()));
        }
        else
        {
            List<PeerWebVisit> fromNative = [.. _visitsRead];
            Read_RowBinary();
            Check.SameItems($"{DataSet}: Native against RowBinary", _visitsRead.ConvertAll(r => r.Describe()), fromNative.ConvertAll(r => r.Describe()));
        }
        Write_Native();
        Check.That(
            DataSet == PeerDataSet.Wide
                ? NativeSerializer.ReadList<PeerWideRow>(_output.WrittenSpan).ConvertAll(r => r.Describe()).SequenceEqual(_wide.ConvertAll(r => r.Describe()))
                : NativeSerializer.ReadList<PeerWebVisit>(_output.WrittenSpan).ConvertAll(r => r.Describe()).SequenceEqual(_visits.ConvertAll(r => r.Describe())),
            $"{DataSet}: the Native written does not read back as the rows.");
    }
}
