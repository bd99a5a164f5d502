using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.EndToEnd;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Native against RowBinary end to end on the local server, through the library's client: 1,000,000 <c>web_visits</c>
/// rows inserted into a MergeTree table (emptied before every iteration), the same table filled by
/// <see cref="SmallInsertsPerInvocation"/> inserts of <see cref="SmallInsertRows"/> rows (an application's small
/// batches), and the rows read back into a list and as a stream. What differs is only
/// <see cref="ClickHouseWireFormat"/>, so the ratio is the server's format work plus ours. Targets: Native reads at least
/// 1.4x and inserts at least 1.15x faster than RowBinary; the client's default for each direction is the faster one.
/// </summary>
[SuiteJob(SuiteKind.EndToEnd)]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class EndToEndFormatBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private static readonly ClickHouseInsertOptions InsertRowBinary = new() { WireFormat = ClickHouseWireFormat.RowBinary };
    private static readonly ClickHouseInsertOptions InsertNative = new() { WireFormat = ClickHouseWireFormat.Native };
    private static readonly ClickHouseQueryOptions ReadRowBinary = new() { WireFormat = ClickHouseWireFormat.RowBinary };
    private static readonly ClickHouseQueryOptions ReadNative = new() { WireFormat = ClickHouseWireFormat.Native };

    private readonly ClickHouseEndpoint _endpoint = ClickHouseEndpoint.FromEnvironment();
    private ClickHouseClient _client = null!;
    private WebVisitTable _insertTable = null!;
    private WebVisitTable _readTable = null!;
    private WebVisit[] _rows = [];
    private WebVisit[] _smallRows = [];

    public const int SmallInsertRows = 1_000;
    public const int SmallInsertsPerInvocation = 50;

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(1_000_000);

    [GlobalSetup]
    public void Setup() => SetupAsync().GetAwaiter().GetResult();

    private async Task SetupAsync()
    {
        _client = EndToEndClient.Create(_endpoint);
        _rows = WebVisitDataSet.Get(Rows).Rows;
        _smallRows = _rows[..Math.Min(SmallInsertRows, _rows.Length)];
        _insertTable = new WebVisitTable(_endpoint, "rowbinary_bench_insert_format");
        await _insertTable.CreateAsync().ConfigureAwait(false);
        // The same table as EndToEndReadBenchmarks: filled once per row count and kept across runs.
        _readTable = new WebVisitTable(_endpoint, "rowbinary_bench_read_" + Rows);
        await _readTable.CreateAsync().ConfigureAwait(false);
        await _readTable.FillOnceAsync(_rows).ConfigureAwait(false);
    }

    [GlobalCleanup]
    public void Cleanup() => _client.Dispose();

    [IterationSetup(Targets = [nameof(Insert_RowBinary), nameof(Insert_Native), nameof(SmallInserts_RowBinary), nameof(SmallInserts_Native)])]
    public void EmptyTable() => _insertTable.TruncateAsync().GetAwaiter().GetResult();

    [Benchmark(Baseline = true), BenchmarkCategory("Insert")]
    public Task Insert_RowBinary() => _client.InsertAsync(_insertTable.Name, _rows, InsertRowBinary);

    [Benchmark, BenchmarkCategory("Insert")]
    public Task Insert_Native() => _client.InsertAsync(_insertTable.Name, _rows, InsertNative);

    [Benchmark(Baseline = true, OperationsPerInvoke = SmallInsertsPerInvocation), BenchmarkCategory("SmallInsert")]
    public Task SmallInserts_RowBinary() => InsertSmallBatchesAsync(InsertRowBinary);

    [Benchmark(OperationsPerInvoke = SmallInsertsPerInvocation), BenchmarkCategory("SmallInsert")]
    public Task SmallInserts_Native() => InsertSmallBatchesAsync(InsertNative);

    /// <summary>One insert after another, each awaited: the per-insert cost (a part on the server, the schema check, the request).</summary>
    private async Task InsertSmallBatchesAsync(ClickHouseInsertOptions options)
    {
        for (int i = 0; i < SmallInsertsPerInvocation; i++)
        {
            await _client.InsertAsync(_insertTable.Name, _smallRows, options).ConfigureAwait(false);
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ReadList")]
    public Task<List<WebVisit>> ReadList_RowBinary() => _client.QueryListAsync<WebVisit>(_readTable.SelectAll, ReadRowBinary);

    [Benchmark, BenchmarkCategory("ReadList")]
    public Task<List<WebVisit>> ReadList_Native() => _client.QueryListAsync<WebVisit>(_readTable.SelectAll, ReadNative);

    [Benchmark(Baseline = true), BenchmarkCategory("ReadStream")]
    public Task<long> ReadStream_RowBinary() => SumVisitsAsync(ReadRowBinary);

    [Benchmark, BenchmarkCategory("ReadStream")]
    public Task<long> ReadStream_Native() => SumVisitsAsync(ReadNative);

    /// <summary>Streams the rows, using each (an application's loop), holding none.</summary>
    private async Task<long> SumVisitsAsync(ClickHouseQueryOptions options)
    {
        long sum = 0;
        await foreach (WebVisit row in _client.QueryAsync<WebVisit>(_readTable.SelectAll, options).ConfigureAwait(false))
        {
            sum = Add(sum, row);
        }
        return sum;
    }

    private static long Add(long sum, WebVisit row) => unchecked(sum + (long)row.Visits + row.PageUrl.Length);

    public WorkloadSize DescribeWorkload() => new(Rows, WebVisitDataSet.RowBinarySize(Rows));

    public void Verify()
    {
        Setup();
        try
        {
            WebVisit[] smallBatches = Enumerable.Repeat(_smallRows, SmallInsertsPerInvocation).SelectMany(r => r).ToArray();
            foreach ((string name, Func<Task> run, WebVisit[] inserted) in new (string, Func<Task>, WebVisit[])[]
            {
                (nameof(Insert_RowBinary), Insert_RowBinary, _rows), (nameof(Insert_Native), Insert_Native, _rows),
                (nameof(SmallInserts_RowBinary), SmallInserts_RowBinary, smallBatches), (nameof(SmallInserts_Native), SmallInserts_Native, smallBatches),
            })
            {
                EmptyTable();
                run().GetAwaiter().GetResult();
                _insertTable.VerifyHoldsAsync(inserted, name).GetAwaiter().GetResult();
            }
            WebVisit[] expected = Sorted(_rows);
            Check.SameItems(nameof(ReadList_RowBinary), expected, Sorted(ReadList_RowBinary().GetAwaiter().GetResult()));
            Check.SameItems(nameof(ReadList_Native), expected, Sorted(ReadList_Native().GetAwaiter().GetResult()));
            long sum = _rows.Aggregate(0L, Add);
            Check.That(ReadStream_RowBinary().GetAwaiter().GetResult() == sum && ReadStream_Native().GetAwaiter().GetResult() == sum,
                "A stream did not hand out every row.");
        }
        finally
        {
            Cleanup();
        }
    }

    private static WebVisit[] Sorted(IEnumerable<WebVisit> rows)
        => rows.OrderBy(r => r.Day).ThenBy(r => r.PageUrl, StringComparer.Ordinal).ThenBy(r => r.CountryId)
            .ThenBy(r => r.BrowserId).ThenBy(r => r.DeviceId).ThenBy(r => r.OsId).ThenBy(r => r.Visits).ToArray();
}
