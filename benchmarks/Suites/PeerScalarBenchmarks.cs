using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Peer suite, one value: <c>SELECT count() FROM web_visits</c> answered by the replay server with ClickHouse 26.9's
/// one-row result. <c>Ours_Scalar</c> (<c>QueryScalarAsync&lt;ulong&gt;</c>: the header checked, the value read, the request
/// stopped) against ClickHouse.Driver's <c>ExecuteScalarAsync</c> and against our typed one-row query
/// (<c>QueryListAsync</c> of a row type), whose allocations a scalar must stay within 2x of; <c>Ours_AdoExecuteScalar</c>
/// is the same through our ADO.NET command.
/// </summary>
[SuiteJob(SuiteKind.Peer)]
[MemoryDiagnoser]
public class PeerScalarBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private const string Sql = "SELECT count() FROM web_visits";

    private PeerReplay _replay = null!;
    private ClickHouseConnection _connection = null!;

    [GlobalSetup]
    public void Setup()
    {
        _replay = new PeerReplay();
        _connection = new ClickHouseConnection(_replay.Ours);
        _connection.Open();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _connection.Dispose();
        _replay.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    [Benchmark(Baseline = true)]
    public async Task<ulong> Driver_ExecuteScalar() => (ulong)(await _replay.DriverUncompressed.ExecuteScalarAsync(Sql, null, null, default).ConfigureAwait(false))!;

    [Benchmark]
    public Task<ulong> Ours_Scalar() => _replay.Ours.QueryScalarAsync<ulong>(Sql);

    [Benchmark]
    public async Task<ulong> Ours_TypedOneRow() => (await _replay.Ours.QueryListAsync<PeerCount>(Sql).ConfigureAwait(false))[0].Count;

    [Benchmark]
    public async Task<ulong> Ours_AdoExecuteScalar()
    {
        await using ClickHouseCommand command = _connection.CreateCommand();
        command.CommandText = Sql;
        return (ulong)(await command.ExecuteScalarAsync().ConfigureAwait(false))!;
    }

    public WorkloadSize DescribeWorkload() => new(1, PeerRecordings.Count(PeerScale.Rows(PeerDataSet.WebVisits)).Length);

    public void Verify()
    {
        Setup();
        try
        {
            ulong rows = (ulong)PeerScale.Rows(PeerDataSet.WebVisits);
            foreach ((string name, ulong count) in new[]
            {
                (nameof(Driver_ExecuteScalar), Driver_ExecuteScalar().GetAwaiter().GetResult()),
                (nameof(Ours_Scalar), Ours_Scalar().GetAwaiter().GetResult()),
                (nameof(Ours_TypedOneRow), Ours_TypedOneRow().GetAwaiter().GetResult()),
                (nameof(Ours_AdoExecuteScalar), Ours_AdoExecuteScalar().GetAwaiter().GetResult()),
            })
            {
                Check.That(count == rows, $"{name} read {count}, the recording says {rows}.");
            }
            PeerChecks.ServerAnsweredBoth(_replay.Server);
        }
        finally
        {
            Cleanup();
        }
    }
}
