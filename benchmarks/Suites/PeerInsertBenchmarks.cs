using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Harness;
using ClickHouse.RowBinary.Benchmarks.Peer;
using ClickHouse.RowBinary.ReplayServer;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Peer suite, inserting: our client and ClickHouse.Driver 1.5.0 send the same class rows (read once from the
/// recorded result) to one replay server, which swallows the bodies. <c>Driver_Insert</c> has compression off,
/// <c>Driver_Insert_Defaults</c> is the driver as a new user gets it (zstd, a schema probe per insert);
/// <c>Ours_Insert_Zstd</c> is ours with zstd request bodies. <c>Ours_Insert</c> checks the row type against the table
/// (one probe, then cached) and sends the table's header; <c>Ours_Insert_Unchecked</c> is the same with the check off,
/// to show what the check costs. Building the rows is not timed.
/// </summary>
[SuiteJob(SuiteKind.Peer)]
[MemoryDiagnoser]
public class PeerInsertBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private PeerReplay _replay = null!;
    private List<PeerWebVisit> _visits = [];
    private List<PeerWebVisitForDriver> _visitsForDriver = [];
    private List<PeerWideRow> _wide = [];
    private List<PeerHit> _hits = [];

    [ParamsSource(nameof(DataSets))]
    public PeerDataSet DataSet { get; set; }

    public static IEnumerable<PeerDataSet> DataSets() => PeerScale.DataSets();

    private string Table => PeerRecordings.Table(DataSet);

    [GlobalSetup]
    public void Setup()
    {
        int rows = PeerScale.Rows(DataSet);
        _replay = new PeerReplay();
        byte[] recorded = PeerRecordings.Result(DataSet, rows);
        switch (DataSet)
        {
            case PeerDataSet.Wide:
                _wide = RowBinarySerializer.ReadList<PeerWideRow>(recorded, RowBinaryFormat.RowBinaryWithNamesAndTypes);
                break;
            case PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings:
                _hits = RowBinarySerializer.ReadList<PeerHit>(recorded, RowBinaryFormat.RowBinaryWithNamesAndTypes);
                break;
            default:
                _visits = RowBinarySerializer.ReadList<PeerWebVisit>(recorded, RowBinaryFormat.RowBinaryWithNamesAndTypes);
                _visitsForDriver = RowBinarySerializer.ReadList<PeerWebVisitForDriver>(recorded, RowBinaryFormat.RowBinaryWithNamesAndTypes);
                break;
        }
    }

    [GlobalCleanup]
    public void Cleanup() => _replay.DisposeAsync().AsTask().GetAwaiter().GetResult();

    /// <summary>The driver at its best: compression off, <see cref="DateTime"/> members for Date (<see cref="PeerWebVisitForDriver"/>).</summary>
    [Benchmark(Baseline = true)]
    public Task<long> Driver_Insert() => DataSet switch
    {
        PeerDataSet.Wide => _replay.DriverUncompressed.InsertBinaryAsync(Table, _wide),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => _replay.DriverUncompressed.InsertBinaryAsync(Table, _hits),
        _ => _replay.DriverUncompressed.InsertBinaryAsync(Table, _visitsForDriver),
    };

    /// <summary>The driver as a new user gets it: zstd, a schema probe per insert, <see cref="DateOnly"/> members for Date.</summary>
    [Benchmark]
    public Task<long> Driver_Insert_Defaults() => DataSet switch
    {
        PeerDataSet.Wide => _replay.DriverDefaults.InsertBinaryAsync(Table, _wide),
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => _replay.DriverDefaults.InsertBinaryAsync(Table, _hits),
        _ => _replay.DriverDefaults.InsertBinaryAsync(Table, _visits),
    };

    /// <summary>Ours in RowBinary, checked against the table (as every earlier peer table measured it).</summary>
    [Benchmark]
    public Task<long> Ours_Insert() => OursInsert(_replay.Ours, options: null);

    private static readonly ClickHouseInsertOptions s_unchecked = new() { CheckSchema = false };

    /// <summary>Ours without the check against the table: plain RowBinary, no header.</summary>
    [Benchmark]
    public Task<long> Ours_Insert_Unchecked() => OursInsert(_replay.Ours, s_unchecked);

    /// <summary>Ours with zstd request bodies, the row to put next to <see cref="Driver_Insert_Defaults"/>.</summary>
    [Benchmark]
    public Task<long> Ours_Insert_Zstd() => OursInsert(_replay.OursZstd, options: null);

    /// <summary>Ours sending Native blocks (checked against the table as <see cref="Ours_Insert"/>): the client's default insert.</summary>
    [Benchmark]
    public Task<long> Ours_Insert_Native() => OursInsert(_replay.OursNative, options: null);

    private async Task<long> OursInsert(ClickHouseClient client, ClickHouseInsertOptions? options) => DataSet switch
    {
        PeerDataSet.Wide => (await client.InsertAsync(Table, _wide, options).ConfigureAwait(false)).Rows,
        PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => (await client.InsertAsync(Table, _hits, options).ConfigureAwait(false)).Rows,
        _ => (await client.InsertAsync(Table, _visits, options).ConfigureAwait(false)).Rows,
    };

    private static byte[] RowBinaryOf<T>(List<T> rows)
        where T : IClickHouseRow<T>
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows);
        return buffer.WrittenSpan.ToArray();
    }

    public WorkloadSize DescribeWorkload()
    {
        int rows = PeerScale.Rows(DataSet);
        byte[] recorded = PeerRecordings.Result(DataSet, rows);
        // The data an INSERT sends is the result without its header.
        return new WorkloadSize(rows, recorded.Length - PeerRecordings.Header(DataSet).Length);
    }

    public void Verify()
    {
        Setup();
        try
        {
            VerifyAsync().GetAwaiter().GetResult();
        }
        finally
        {
            Cleanup();
        }
    }

    /// <summary>Every method sends the same RowBinary data (the driver's zstd body once decoded): byte for byte
    /// the recorded result without its header.</summary>
    private async Task VerifyAsync()
    {
        int rows = PeerScale.Rows(DataSet);
        byte[] recorded = PeerRecordings.Result(DataSet, rows);
        byte[] expected = recorded.AsSpan(PeerRecordings.Header(DataSet).Length).ToArray();
        foreach ((string name, Func<Task<long>> run) in new (string, Func<Task<long>>)[]
        {
            (nameof(Driver_Insert), Driver_Insert), (nameof(Driver_Insert_Defaults), Driver_Insert_Defaults), (nameof(Ours_Insert), Ours_Insert),
            (nameof(Ours_Insert_Zstd), Ours_Insert_Zstd), (nameof(Ours_Insert_Unchecked), Ours_Insert_Unchecked), (nameof(Ours_Insert_Native), Ours_Insert_Native),
        })
        {
            int before = _replay.Server.Requests.Count;
            long sent = await run().ConfigureAwait(false);
            Check.That(sent == rows, $"{DataSet}: {name} reports {sent} rows inserted, expected {rows}.");
            ReplayRequest[] inserts = _replay.Server.Requests.Skip(before).Where(r => r.IsInsert).ToArray();
            Check.That(inserts.Length == 1, $"{DataSet}: {name} sent {inserts.Length} INSERT requests, expected 1.");
            ReplayRequest insert = inserts[0];
            byte[] body = insert.Header("Content-Encoding") is { } encoding ? BodyDecoder.Decode(insert.Body, encoding) : insert.Body;
            // The driver puts the statement on the body's first line, before the data.
            if (body.AsSpan().StartsWith("INSERT"u8))
            {
                body = body.AsSpan(body.AsSpan().IndexOf((byte)'\n') + 1).ToArray();
            }
            if (insert.Query.Contains("FORMAT Native", StringComparison.Ordinal))
            {
                // Native blocks: the same rows, so the same RowBinary once read back.
                body = DataSet switch
                {
                    PeerDataSet.Wide => RowBinaryOf(NativeSerializer.ReadList<PeerWideRow>(body)),
                    PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => RowBinaryOf(NativeSerializer.ReadList<PeerHit>(body)),
                    _ => RowBinaryOf(NativeSerializer.ReadList<PeerWebVisit>(body)),
                };
            }
            // Ours, checked against a server that checks headers (26.9): the table's own header goes first.
            if (insert.Query.Contains("FORMAT RowBinaryWithNamesAndTypes", StringComparison.Ordinal))
            {
                byte[] header = PeerRecordings.Header(DataSet);
                Check.SameBytes($"{DataSet}: {name}'s header", header, body.AsSpan(0, Math.Min(header.Length, body.Length)).ToArray());
                body = body.AsSpan(header.Length).ToArray();
            }
            Check.SameBytes($"{DataSet}: {name}'s INSERT body", expected, body);
        }
        PeerChecks.ServerAnsweredBoth(_replay.Server);
    }
}
