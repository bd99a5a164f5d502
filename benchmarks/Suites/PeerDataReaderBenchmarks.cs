using System.Collections.Generic;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Peer suite, data readers: 1,000,000 <c>web_visits</c> rows from the replay server through each client's
/// <c>DbDataReader</c>. <c>*_FixedWidth</c> reads the four fixed-width columns of every row with typed getters
/// (<c>GetFieldValue&lt;ushort&gt;</c>, <c>GetByte</c>, <c>GetFieldValue&lt;ulong&gt;</c>): ours reads them where they lie and
/// allocates nothing per row. <c>*_GetValue</c> reads every column as <c>object</c>, as a generic consumer does.
/// Compression off on both sides.
/// </summary>
[SuiteJob(SuiteKind.Peer)]
[MemoryDiagnoser]
public class PeerDataReaderBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private const string Sql = "SELECT * FROM web_visits";

    private PeerReplay _replay = null!;
    private readonly object[] _values = new object[7];

    [GlobalSetup]
    public void Setup() => _replay = new PeerReplay();

    [GlobalCleanup]
    public void Cleanup() => _replay.DisposeAsync().AsTask().GetAwaiter().GetResult();

    [Benchmark(Baseline = true)]
    public async Task<ulong> Driver_FixedWidth()
    {
        using Driver.ADO.Readers.ClickHouseDataReader reader = await _replay.DriverUncompressed.ExecuteReaderAsync(Sql, null, null, default).ConfigureAwait(false);
        ulong sum = 0;
        while (await reader.ReadAsync().ConfigureAwait(false))
        {
            sum += reader.GetFieldValue<ushort>(2) + (ulong)reader.GetByte(3) + reader.GetByte(4) + reader.GetByte(5) + reader.GetFieldValue<ulong>(6);
        }
        return sum;
    }

    [Benchmark]
    public async Task<ulong> Ours_FixedWidth()
    {
        await using ClickHouseDataReader reader = await _replay.Ours.ExecuteReaderAsync(Sql).ConfigureAwait(false);
        ulong sum = 0;
        while (await reader.ReadAsync().ConfigureAwait(false))
        {
            sum += reader.GetFieldValue<ushort>(2) + (ulong)reader.GetByte(3) + reader.GetByte(4) + reader.GetByte(5) + reader.GetFieldValue<ulong>(6);
        }
        return sum;
    }

    [Benchmark]
    public async Task<long> Driver_GetValue()
    {
        using Driver.ADO.Readers.ClickHouseDataReader reader = await _replay.DriverUncompressed.ExecuteReaderAsync(Sql, null, null, default).ConfigureAwait(false);
        long rows = 0;
        while (await reader.ReadAsync().ConfigureAwait(false))
        {
            reader.GetValues(_values);
            rows++;
        }
        return rows;
    }

    [Benchmark]
    public async Task<long> Ours_GetValue()
    {
        await using ClickHouseDataReader reader = await _replay.Ours.ExecuteReaderAsync(Sql).ConfigureAwait(false);
        long rows = 0;
        while (await reader.ReadAsync().ConfigureAwait(false))
        {
            reader.GetValues(_values);
            rows++;
        }
        return rows;
    }

    public WorkloadSize DescribeWorkload()
    {
        int rows = PeerScale.Rows(PeerDataSet.WebVisits);
        return new WorkloadSize(rows, PeerRecordings.Result(PeerDataSet.WebVisits, rows).Length);
    }

    public void Verify()
    {
        Setup();
        try
        {
            int rows = PeerScale.Rows(PeerDataSet.WebVisits);
            ulong driver = Driver_FixedWidth().GetAwaiter().GetResult();
            ulong ours = Ours_FixedWidth().GetAwaiter().GetResult();
            Check.That(driver == ours, $"The fixed-width columns add up to {ours} through our reader and to {driver} through the driver's.");
            Check.That(Driver_GetValue().GetAwaiter().GetResult() == rows, "The driver's reader did not read every row.");
            Check.That(Ours_GetValue().GetAwaiter().GetResult() == rows, "Our reader did not read every row.");
            List<PeerWebVisit> typed = _replay.Ours.QueryListAsync<PeerWebVisit>(Sql).GetAwaiter().GetResult();
            ulong expected = 0;
            foreach (PeerWebVisit visit in typed)
            {
                expected += visit.CountryId + (ulong)visit.BrowserId + visit.DeviceId + visit.OsId + visit.Visits;
            }
            Check.That(ours == expected, $"Our reader's columns add up to {ours}, the typed rows to {expected}.");
            PeerChecks.ServerAnsweredBoth(_replay.Server);
        }
        finally
        {
            Cleanup();
        }
    }
}
