using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Latency;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Peer suite, one request at a time: what each request costs when the answer is small. The 1,000-row small query
/// into a list (<see cref="SmallQueryClient"/>), a one-row INSERT and its acknowledgement, a statement whose answer is
/// empty (<c>ExecuteAsync</c>), and a server error (HTTP 404 with ClickHouse's error text). Its allocations are what
/// matter: BenchmarkDotNet's memory diagnoser counts them exactly, whatever the machine's load. Run with
/// <c>--replayProcess</c> so that the replay server's own allocations are not counted. Each operation takes under a
/// millisecond, so the job is the in-memory suites' (many operations per iteration), not the peer suites'.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class PeerSmallQueryBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private const string MissingTable = "SELECT * FROM missing_table";

    private PeerReplay _replay = null!;
    private SmallQueryClient _ours = null!;
    private SmallQueryClient _driver = null!;
    private readonly PeerWebVisit[] _oneVisit = [new() { Day = new DateOnly(2024, 1, 1), PageUrl = "https://example.com/", CountryId = 1, BrowserId = 2, DeviceId = 3, OsId = 4, Visits = 5 }];
    private readonly PeerWebVisitForDriver[] _oneVisitForDriver = [new() { Day = new DateTime(2024, 1, 1), PageUrl = "https://example.com/", CountryId = 1, BrowserId = 2, DeviceId = 3, OsId = 4, Visits = 5 }];

    [GlobalSetup]
    public void Setup()
    {
        _replay = new PeerReplay();
        _ours = SmallQueryClient.Named("ours", _replay.Url);
        _driver = SmallQueryClient.Named("driver", _replay.Url);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _ours.Dispose();
        _driver.Dispose();
        _replay.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    [Benchmark(Baseline = true)]
    public Task<int> Driver_SmallQuery() => _driver.QueryAsync();

    [Benchmark]
    public Task<int> Ours_SmallQuery() => _ours.QueryAsync();

    [Benchmark]
    public Task<long> Driver_InsertOneRow() => _replay.DriverUncompressed.InsertBinaryAsync(PeerReplay.SmallQueryTable, _oneVisitForDriver);

    [Benchmark]
    public async Task<long> Ours_InsertOneRow() => (await _replay.Ours.InsertAsync(PeerReplay.SmallQueryTable, _oneVisit).ConfigureAwait(false)).Rows;

    [Benchmark]
    public async Task<int> Driver_Execute() => await _replay.DriverUncompressed.ExecuteNonQueryAsync("TRUNCATE TABLE " + PeerReplay.SmallQueryTable).ConfigureAwait(false);

    [Benchmark]
    public async Task<int> Ours_Execute()
    {
        await _replay.Ours.ExecuteAsync("TRUNCATE TABLE " + PeerReplay.SmallQueryTable).ConfigureAwait(false);
        return 0;
    }

    [Benchmark]
    public async Task<int> Driver_ServerError()
    {
        try
        {
            await _replay.DriverUncompressed.ExecuteScalarAsync(MissingTable).ConfigureAwait(false);
            return 0;
        }
        catch (Exception e) when (e.Message.Contains("Unknown table", StringComparison.Ordinal))
        {
            return 1;
        }
    }

    [Benchmark]
    public async Task<int> Ours_ServerError()
    {
        try
        {
            await _replay.Ours.QueryScalarAsync<ulong>(MissingTable).ConfigureAwait(false);
            return 0;
        }
        catch (ClickHouseServerException e) when (e.Code == 60)
        {
            return 1;
        }
    }

    public WorkloadSize DescribeWorkload() => new(PeerReplay.SmallQueryRows, PeerRecordings.Result(PeerDataSet.WebVisits, PeerReplay.SmallQueryRows).Length);

    public void Verify()
    {
        Setup();
        try
        {
            foreach ((string name, Func<Task<long>> run, long expected) in new (string, Func<Task<long>>, long)[]
            {
                (nameof(Driver_SmallQuery), async () => await Driver_SmallQuery().ConfigureAwait(false), PeerReplay.SmallQueryRows),
                (nameof(Ours_SmallQuery), async () => await Ours_SmallQuery().ConfigureAwait(false), PeerReplay.SmallQueryRows),
                (nameof(Driver_InsertOneRow), Driver_InsertOneRow, 1),
                (nameof(Ours_InsertOneRow), Ours_InsertOneRow, 1),
                (nameof(Driver_Execute), async () => await Driver_Execute().ConfigureAwait(false), 0),
                (nameof(Ours_Execute), async () => await Ours_Execute().ConfigureAwait(false), 0),
                (nameof(Driver_ServerError), async () => await Driver_ServerError().ConfigureAwait(false), 1),
                (nameof(Ours_ServerError), async () => await Ours_ServerError().ConfigureAwait(false), 1),
            })
            {
                long result = run().GetAwaiter().GetResult();
                Check.That(result == expected, $"{name} returned {result}, expected {expected}.");
            }
            PeerChecks.ServerAnsweredBoth(_replay.Server);
        }
        finally
        {
            Cleanup();
        }
    }
}
