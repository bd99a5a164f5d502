using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Peer suite, reading: our client and ClickHouse.Driver 1.5.0 read the same recorded ClickHouse 26.9 result from one
/// replay server over HTTP, into a <see cref="List{T}"/> of class rows and row by row with <c>await foreach</c>.
/// Compression is off on both sides; <c>Driver_*_Defaults</c> is the driver with its defaults (zstd answers) and the
/// member types a new user writes (<see cref="DateOnly"/> for a Date), the baseline the driver at its best: compression
/// off and <see cref="DateTime"/> members for Date (<see cref="PeerWebVisitForDriver"/>), the type it reads natively.
/// <c>HttpBodyOnly</c> reads the same body with HttpClient and parses nothing: the floor for any client.
/// <c>Floor_List</c> reads nothing: it makes again, by copying, the rows and strings our Native list read holds, and
/// keeps them as a list does (<see cref="ListAllocationFloor{T}"/>): what any client's list of these rows costs at least
/// under this process's collector, so <c>Driver_List</c> over it is the most any client could gain on the driver.
/// </summary>
[SuiteJob(SuiteKind.Peer)]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PeerReadBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private PeerReplay _replay = null!;
    private HttpClient _http = null!;
    private readonly byte[] _buffer = new byte[128 * 1024];
    private Func<IReadOnlyList<IPeerRow>> _floor = null!;

    [ParamsSource(nameof(DataSets))]
    public PeerDataSet DataSet { get; set; }

    public static IEnumerable<PeerDataSet> DataSets() => PeerScale.DataSets();

    private string Sql => "SELECT * FROM " + PeerRecordings.Table(DataSet);

    [GlobalSetup]
    public void Setup()
    {
        _replay = new PeerReplay();
        _http = new HttpClient();
        _http.DefaultRequestHeaders.UserAgent.ParseAdd(PeerChecks.FloorUserAgent);
    }

    [GlobalSetup(Target = nameof(Floor_List))]
    public void SetupFloor()
    {
        Setup();
        _floor = DataSet switch
        {
            PeerDataSet.Wide => FloorOf<PeerWideRow>(),
            PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => FloorOf<PeerHit>(),
            _ => FloorOf<PeerWebVisit>(),
        };
    }

    private Func<IReadOnlyList<IPeerRow>> FloorOf<T>()
        where T : class, IClickHouseRow<T>, IPeerRow
    {
        var floor = new ListAllocationFloor<T>(_replay.OursNative.QueryListAsync<T>(Sql).GetAwaiter().GetResult());
        return floor.Build;
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _http.Dispose();
        _replay.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("List")]
    public Task<int> Driver_List() => DataSet switch
    {
        PeerDataSet.Wide => DriverList<PeerWideRow>(_replay.DriverUncompressed),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => DriverList<PeerHit>(_replay.DriverUncompressed),
        _ => DriverList<PeerWebVisitForDriver>(_replay.DriverUncompressed),
    };

    [Benchmark, BenchmarkCategory("List")]
    public Task<int> Driver_List_Defaults() => DataSet switch
    {
        PeerDataSet.Wide => DriverList<PeerWideRow>(_replay.DriverDefaults),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => DriverList<PeerHit>(_replay.DriverDefaults),
        _ => DriverList<PeerWebVisit>(_replay.DriverDefaults),
    };

    [Benchmark, BenchmarkCategory("List")]
    public Task<int> Ours_List() => DataSet switch
    {
        PeerDataSet.Wide => OursList<PeerWideRow>(),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => OursList<PeerHit>(),
        _ => OursList<PeerWebVisit>(),
    };

    /// <summary>Ours with <c>CacheStrings</c> on <c>page_url</c> (the cache stays on); the other rows as <see cref="Ours_List"/>.</summary>
    [Benchmark, BenchmarkCategory("List")]
    public Task<int> Ours_List_CacheStrings() => DataSet is PeerDataSet.WebVisits or PeerDataSet.UniqueUrls ? OursList<PeerWebVisitCached>() : Ours_List();

    /// <summary>Ours reading ClickHouse 26.9's Native answer of the same rows.</summary>
    [Benchmark, BenchmarkCategory("List")]
    public Task<int> Ours_List_Native() => DataSet switch
    {
        PeerDataSet.Wide => OursList<PeerWideRow>(_replay.OursNative),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => OursList<PeerHit>(_replay.OursNative),
        _ => OursList<PeerWebVisit>(_replay.OursNative),
    };

    /// <summary>No client: the rows and strings of <see cref="Ours_List_Native"/> made again by copying (see the class).</summary>
    [Benchmark, BenchmarkCategory("List")]
    public int Floor_List() => _floor().Count;

    [Benchmark(Baseline = true), BenchmarkCategory("Stream")]
    public Task<int> Driver_Stream() => DataSet switch
    {
        PeerDataSet.Wide => DriverStream<PeerWideRow>(),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => DriverStream<PeerHit>(),
        _ => DriverStream<PeerWebVisitForDriver>(),
    };

    [Benchmark, BenchmarkCategory("Stream")]
    public Task<int> Ours_Stream() => DataSet switch
    {
        PeerDataSet.Wide => OursStream<PeerWideRow>(),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => OursStream<PeerHit>(),
        _ => OursStream<PeerWebVisit>(),
    };

    [Benchmark, BenchmarkCategory("Stream")]
    public Task<int> Ours_Stream_CacheStrings() => DataSet is PeerDataSet.WebVisits or PeerDataSet.UniqueUrls ? OursStream<PeerWebVisitCached>() : Ours_Stream();

    [Benchmark, BenchmarkCategory("Stream")]
    public Task<int> Ours_Stream_Native() => DataSet switch
    {
        PeerDataSet.Wide => OursStream<PeerWideRow>(_replay.OursNative),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => OursStream<PeerHit>(_replay.OursNative),
        _ => OursStream<PeerWebVisit>(_replay.OursNative),
    };

    [Benchmark, BenchmarkCategory("Stream")]
    public async Task<int> HttpBodyOnly()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, _replay.Url) { Content = new StringContent(Sql + " FORMAT RowBinaryWithNamesAndTypes") };
        using HttpResponseMessage response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead).ConfigureAwait(false);
        await using Stream body = await response.Content.ReadAsStreamAsync().ConfigureAwait(false);
        int total = 0;
        int read;
        while ((read = await body.ReadAsync(_buffer).ConfigureAwait(false)) > 0)
        {
            total += read;
        }
        return total;
    }

    private async Task<int> OursList<T>(ClickHouseClient? client = null)
        where T : IClickHouseRow<T>
        => (await (client ?? _replay.Ours).QueryListAsync<T>(Sql).ConfigureAwait(false)).Count;

    private async Task<int> OursStream<T>(ClickHouseClient? client = null)
        where T : IClickHouseRow<T>
    {
        int count = 0;
        await foreach (T row in (client ?? _replay.Ours).QueryAsync<T>(Sql).ConfigureAwait(false))
        {
            count += row is null ? 0 : 1;
        }
        return count;
    }

    private async Task<int> DriverList<T>(Driver.ClickHouseClient client)
        where T : class
    {
        var rows = new List<T>();
        await foreach (T row in client.QueryAsync<T>(Sql).ConfigureAwait(false))
        {
            rows.Add(row);
        }
        return rows.Count;
    }

    private async Task<int> DriverStream<T>()
        where T : class
    {
        int count = 0;
        await foreach (T row in _replay.DriverUncompressed.QueryAsync<T>(Sql).ConfigureAwait(false))
        {
            count += row is null ? 0 : 1;
        }
        return count;
    }

    public WorkloadSize DescribeWorkload()
    {
        int rows = PeerScale.Rows(DataSet);
        return new WorkloadSize(rows, PeerRecordings.Result(DataSet, rows).Length);
    }

    public void Verify()
    {
        SetupFloor();
        try
        {
            VerifyAsync().GetAwaiter().GetResult();
        }
        finally
        {
            Cleanup();
        }
    }

    private async Task VerifyAsync()
    {
        int rows = PeerScale.Rows(DataSet);
        List<string> ours = DataSet switch
        {
            PeerDataSet.Wide => await Describe<PeerWideRow>().ConfigureAwait(false),
            PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => await Describe<PeerHit>().ConfigureAwait(false),
            _ => await Describe<PeerWebVisit>().ConfigureAwait(false),
        };
        List<string> driver = DataSet switch
        {
            PeerDataSet.Wide => await DescribeDriver<PeerWideRow>().ConfigureAwait(false),
            PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => await DescribeDriver<PeerHit>().ConfigureAwait(false),
            _ => await DescribeDriver<PeerWebVisitForDriver>().ConfigureAwait(false),
        };
        Check.That(ours.Count == rows, $"{DataSet}: our client read {ours.Count} rows, the recording holds {rows}.");
        Check.SameItems($"{DataSet}: ClickHouse.Driver against our client", ours, driver);
        Check.SameItems($"{DataSet}: the list floor's copies against our client", ours, _floor().Select(r => r.Describe()).ToList());
        if (DataSet is PeerDataSet.WebVisits or PeerDataSet.UniqueUrls)
        {
            Check.SameItems($"{DataSet}: ClickHouse.Driver with DateOnly members against our client", ours, await DescribeDriver<PeerWebVisit>().ConfigureAwait(false));
            Check.SameItems($"{DataSet}: our client with CacheStrings against without", ours, await Describe<PeerWebVisitCached>().ConfigureAwait(false));
        }
        foreach ((string name, Func<Task<int>> run) in new (string, Func<Task<int>>)[]
        {
            (nameof(Driver_List), Driver_List), (nameof(Driver_List_Defaults), Driver_List_Defaults), (nameof(Ours_List), Ours_List),
            (nameof(Ours_List_CacheStrings), Ours_List_CacheStrings), (nameof(Driver_Stream), Driver_Stream), (nameof(Ours_Stream), Ours_Stream),
            (nameof(Ours_Stream_CacheStrings), Ours_Stream_CacheStrings), (nameof(Ours_List_Native), Ours_List_Native),
            (nameof(Ours_Stream_Native), Ours_Stream_Native), (nameof(Floor_List), () => Task.FromResult(Floor_List())),
        })
        {
            int count = await run().ConfigureAwait(false);
            Check.That(count == rows, $"{DataSet}: {name} read {count} rows, expected {rows}.");
        }
        PeerChecks.ServerAnsweredBoth(_replay.Server);
    }

    private async Task<List<string>> Describe<T>()
        where T : IClickHouseRow<T>, IPeerRow
        => (await _replay.Ours.QueryListAsync<T>(Sql).ConfigureAwait(false)).Select(r => r.Describe()).ToList();

    private async Task<List<string>> DescribeDriver<T>()
        where T : class, IPeerRow
    {
        var rows = new List<string>();
        await foreach (T row in _replay.DriverUncompressed.QueryAsync<T>(Sql).ConfigureAwait(false))
        {
            rows.Add(row.Describe());
        }
        return rows;
    }
}
