using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
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
/// Suite 5, reading: every <c>web_visits</c> row of a MergeTree table of the local server over HTTP into a new
/// <see cref="List{T}"/>, as an application's query does. The target is 8x faster than
/// ClickHouse.Client/ClickHouse.Driver, which the NuGet feed here cannot restore: the stand-ins are what a user
/// does without any library, and they pay for the server formatting text as well as for parsing it.
/// </summary>
[SuiteJob(SuiteKind.EndToEnd)]
[MemoryDiagnoser]
public class EndToEndReadBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private readonly ClickHouseEndpoint _endpoint = ClickHouseEndpoint.FromEnvironment();
    private ClickHouseClient _client = null!;
    private WebVisitTable _table = null!;
    private byte[] _buffer = new byte[1024 * 1024];

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(10_000_000, quick: 1_000_000);

    [GlobalSetup]
    public void Setup() => SetupAsync().GetAwaiter().GetResult();

    private async Task SetupAsync()
    {
        _client = EndToEndClient.Create(_endpoint);
        _table = new WebVisitTable(_endpoint, "rowbinary_bench_read_" + Rows);
        await _table.CreateAsync().ConfigureAwait(false);
        await _table.FillOnceAsync(WebVisitDataSet.Get(Rows).Rows).ConfigureAwait(false);
    }

    [GlobalCleanup]
    public void Cleanup() => _client.Dispose();

    [Benchmark(Baseline = true)]
    public Task<List<WebVisit>> HandWrittenSpans() => ReadAsync("RowBinary", WebVisitSpanReader.ReadComplete);

    /// <summary>The library's client: the query is sent as RowBinaryWithNamesAndTypes, or as RowBinary on servers
    /// without it (such as 18.16, which the client finds out on its first query).</summary>
    [Benchmark]
    public Task<List<WebVisit>> Generated() => _client.QueryListAsync<WebVisit>(_table.SelectAll);

    [Benchmark]
    public Task<List<WebVisit>> StandIn_JsonEachRow_Utf8JsonReader() => ReadAsync("JSONEachRow", JsonEachRowReader.ReadCompleteLines);

    [Benchmark]
    public Task<List<WebVisit>> StandIn_Tsv_Utf8Parser() => ReadAsync("TabSeparated", TsvUtf8ParserReader.ReadCompleteLines);

    private async Task<List<WebVisit>> ReadAsync(string format, StreamingRowReader.ParseCompleteRows parse)
    {
        using HttpRequestMessage request = _endpoint.CreateRequest($"{_table.SelectAll} FORMAT {format}");
        using HttpResponseMessage response = await ClickHouseEndpoint.SendAsync(request, HttpCompletionOption.ResponseHeadersRead).ConfigureAwait(false);
        await using Stream body = await response.Content.ReadAsStreamAsync().ConfigureAwait(false);
        var rows = new List<WebVisit>();
        _buffer = await StreamingRowReader.ReadAllAsync(body, _buffer, parse, rows).ConfigureAwait(false);
        return rows;
    }

    public WorkloadSize DescribeWorkload() => new(Rows, WebVisitDataSet.RowBinarySize(Rows));

    public void Verify()
    {
        Setup();
        try
        {
            WebVisit[] expected = Sorted(WebVisitDataSet.Get(Rows).Rows);
            (string Name, Func<Task<List<WebVisit>>> Run)[] methods =
            [
                (nameof(HandWrittenSpans), HandWrittenSpans),
                (nameof(Generated), Generated),
                (nameof(StandIn_JsonEachRow_Utf8JsonReader), StandIn_JsonEachRow_Utf8JsonReader),
                (nameof(StandIn_Tsv_Utf8Parser), StandIn_Tsv_Utf8Parser),
            ];
            foreach (var (name, run) in methods)
            {
                // The table returns rows in its sort order, not the order they were inserted in.
                Check.SameItems(name, expected, Sorted(run().GetAwaiter().GetResult()));
            }
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
