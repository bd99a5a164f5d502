using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.StandIns;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Suite 2: read <c>web_visits</c> rows from a byte buffer into a reused <see cref="List{T}"/>. Targets: the
/// generated reader within 1.10x of hand-written span code; the only allocations are the URL strings.
/// The stand-ins read the same rows from the text a server sends for JSONEachRow and TabSeparated.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class WebVisitReadBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private WebVisitDataSet _data = null!;
    private byte[] _rowBinary = [];
    private byte[] _tabSeparated = [];
    private byte[] _jsonEachRow = [];
    private List<WebVisit> _destination = [];

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(1_000_000);

    // Each benchmark runs in a process of its own: encode only the format it reads.
    [GlobalSetup(Targets = [nameof(HandWrittenSpans), nameof(Generated), nameof(RuntimeCalledByHand)])]
    public void SetupRowBinary() => _rowBinary = Prepare().RowBinary;

    [GlobalSetup(Target = nameof(StandIn_Tsv_Utf8Parser))]
    public void SetupTabSeparated() => _tabSeparated = Prepare().TabSeparated;

    [GlobalSetup(Target = nameof(StandIn_JsonEachRow_Utf8JsonReader))]
    public void SetupJsonEachRow() => _jsonEachRow = Prepare().JsonEachRow;

    private WebVisitDataSet Prepare()
    {
        _data = WebVisitDataSet.Get(Rows);
        _destination = new List<WebVisit>(Rows);
        return _data;
    }

    [Benchmark(Baseline = true)]
    public int HandWrittenSpans()
    {
        _destination.Clear();
        WebVisitSpanReader.ReadAll(_rowBinary, _destination);
        return _destination.Count;
    }

    [Benchmark]
    public int Generated()
    {
        _destination.Clear();
        return RowBinarySerializer.ReadList(_rowBinary, RowBinaryFormat.RowBinary, _destination);
    }

    [Benchmark]
    public int RuntimeCalledByHand()
    {
        _destination.Clear();
        WebVisitRuntimeCalls.ReadAll(_rowBinary, _destination);
        return _destination.Count;
    }

    [Benchmark]
    public int StandIn_Tsv_Utf8Parser()
    {
        _destination.Clear();
        TsvUtf8ParserReader.ReadAll(_tabSeparated, _destination);
        return _destination.Count;
    }

    [Benchmark]
    public int StandIn_JsonEachRow_Utf8JsonReader()
    {
        _destination.Clear();
        JsonEachRowReader.ReadAll(_jsonEachRow, _destination);
        return _destination.Count;
    }

    public WorkloadSize DescribeWorkload() => new(Rows, WebVisitDataSet.RowBinarySize(Rows));

    public void Verify()
    {
        SetupRowBinary();
        SetupTabSeparated();
        SetupJsonEachRow();
        (string Name, System.Func<int> Run)[] methods =
        [
            (nameof(HandWrittenSpans), HandWrittenSpans),
            (nameof(Generated), Generated),
            (nameof(RuntimeCalledByHand), RuntimeCalledByHand),
            (nameof(StandIn_Tsv_Utf8Parser), StandIn_Tsv_Utf8Parser),
            (nameof(StandIn_JsonEachRow_Utf8JsonReader), StandIn_JsonEachRow_Utf8JsonReader),
        ];
        foreach (var (name, run) in methods)
        {
            int count = run();
            Check.That(count == Rows, $"{name} returned {count}, expected {Rows} rows.");
            Check.SameItems(name, _data.Rows, _destination);
        }
    }
}
