using System.Buffers;
using System.Collections.Generic;
using System.Net.Http;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.EndToEnd;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.StandIns;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Suite 5, inserting: <c>web_visits</c> rows held in memory into a MergeTree table of the local server over HTTP,
/// emptied before every iteration. The target is 1.4x faster than ClickHouse.Client/ClickHouse.Driver,
/// which the NuGet feed here cannot restore: the stand-ins are what a user does without any library.
/// </summary>
[SuiteJob(SuiteKind.EndToEnd)]
[MemoryDiagnoser]
public class EndToEndInsertBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private readonly ClickHouseEndpoint _endpoint = ClickHouseEndpoint.FromEnvironment();
    private readonly JsonEachRowWriter _json = new();
    private readonly ArrayBufferWriter<byte> _buffer = new(2 * 1024 * 1024);
    private ClickHouseClient _client = null!;
    private WebVisitTable _table = null!;
    private WebVisit[] _rows = [];

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(10_000_000, quick: 1_000_000);

    [GlobalSetup]
    public void Setup()
    {
        _rows = WebVisitDataSet.Get(Rows).Rows;
        _table = new WebVisitTable(_endpoint, "rowbinary_bench_insert");
        _table.CreateAsync().GetAwaiter().GetResult();
        _client = EndToEndClient.Create(_endpoint);
    }

    [GlobalCleanup]
    public void Cleanup() => _client.Dispose();

    [IterationSetup]
    public void EmptyTable() => _table.TruncateAsync().GetAwaiter().GetResult();

    [Benchmark(Baseline = true)]
    public Task HandWrittenSpans() => InsertAsync("RowBinary", WebVisitSpanWriter.Write);

    [Benchmark]
    public Task Generated() => _client.InsertAsync(_table.Name, _rows);

    [Benchmark]
    public Task StandIn_JsonEachRow_Utf8JsonWriter() => InsertAsync("JSONEachRow", _json.Write);

    [Benchmark]
    public Task StandIn_Tsv_Utf8Formatter() => InsertAsync("TabSeparated", TsvUtf8FormatterWriter.Write);

    private async Task InsertAsync(string format, BatchedRowsContent.EncodeBatch encode)
    {
        using HttpRequestMessage request = _endpoint.CreateRequest($"INSERT INTO {_table.QuotedName} FORMAT {format}");
        request.Content = new BatchedRowsContent(_rows, _buffer, encode);
        using HttpResponseMessage response = await ClickHouseEndpoint.SendAsync(request, HttpCompletionOption.ResponseContentRead).ConfigureAwait(false);
    }

    public WorkloadSize DescribeWorkload() => new(Rows, WebVisitDataSet.RowBinarySize(Rows));

    public void Verify()
    {
        Setup();
        try
        {
            (string Name, System.Func<Task> Run)[] methods =
            [
                (nameof(HandWrittenSpans), HandWrittenSpans),
                (nameof(Generated), Generated),
                (nameof(StandIn_JsonEachRow_Utf8JsonWriter), StandIn_JsonEachRow_Utf8JsonWriter),
                (nameof(StandIn_Tsv_Utf8Formatter), StandIn_Tsv_Utf8Formatter),
            ];
            foreach (var (name, run) in methods)
            {
                EmptyTable();
                run().GetAwaiter().GetResult();
                _table.VerifyHoldsAsync(_rows, name).GetAwaiter().GetResult();
            }
        }
        finally
        {
            Cleanup();
        }
    }
}
