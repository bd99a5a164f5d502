using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using ClickHouse.RowBinary.ReplayServer;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// One replay server and both clients pointed at it. SELECTs of a data set's table get its recorded result, the
/// driver's schema probe (<c>... WHERE 1=0</c>) gets the recorded header, ours (<c>system.columns</c>) the table's
/// columns as ClickHouse 26.9 describes them, a <c>count()</c> the recorded one-row count, INSERTs are swallowed.
/// </summary>
public sealed class PeerReplay : IAsyncDisposable
{
    private readonly Dictionary<PeerDataSet, byte[]> _results = [];
    private readonly Dictionary<PeerDataSet, byte[]> _headers = [];
    private readonly Dictionary<PeerDataSet, ReplayResponse> _tableDescriptions = [];
    private readonly byte[] _count;

    public PeerReplay()
    {
        ClickHouse.RowBinary.Compression.ClickHouseCompressionCodecs.Register();
        foreach (PeerDataSet dataSet in Enum.GetValues<PeerDataSet>())
        {
            _results[dataSet] = PeerRecordings.Result(dataSet, PeerScale.Rows(dataSet));
            _headers[dataSet] = PeerRecordings.Header(dataSet);
            var reader = new RowBinaryReader(_headers[dataSet]);
            RowBinaryHeader header = RowBinaryHeader.Read(ref reader);
            _tableDescriptions[dataSet] = TableSchemaAnswer.Response(header.Names.Zip(header.Types), checksHeader: true);
        }
        _count = PeerRecordings.Count(PeerScale.Rows(PeerDataSet.WebVisits));
        Server = new ReplayServer.ReplayServer(Answer);
        Ours = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = Server.Url, User = "default" });
        OursZstd = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = Server.Url, User = "default", RequestCompression = ClickHouseCompression.Zstd });
        DriverUncompressed = CreateDriver(compression: false);
        DriverDefaults = CreateDriver(compression: true);
    }

    public ReplayServer.ReplayServer Server { get; }

    /// <summary>Our client with its defaults: no compression either way.</summary>
    public ClickHouseClient Ours { get; }

    /// <summary>Our client with zstd request bodies.</summary>
    public ClickHouseClient OursZstd { get; }

    /// <summary>ClickHouse.Driver with compression off both ways.</summary>
    public Driver.ClickHouseClient DriverUncompressed { get; }

    /// <summary>ClickHouse.Driver with its defaults: zstd inserts, compressed answers (zstd first in Accept-Encoding).</summary>
    public Driver.ClickHouseClient DriverDefaults { get; }

    /// <summary>The bytes of a data set's result, for the throughput columns.</summary>
    public int ResultSize(PeerDataSet dataSet) => _results[dataSet].Length;

    private Driver.ClickHouseClient CreateDriver(bool compression)
    {
        var client = new Driver.ClickHouseClient(new Driver.ADO.ClickHouseClientSettings
        {
            Host = Server.Url.Host,
            Port = (ushort)Server.Url.Port,
            Protocol = "http",
            Username = "default",
            UseCompression = compression,
            UseCustomDecimals = false,
        });
        client.RegisterPocoType<PeerWebVisit>();
        client.RegisterPocoType<PeerWideRow>();
        client.RegisterPocoType<PeerHit>();
        client.RegisterPocoType<PeerWebVisitForDriver>();
        return client;
    }

    private ReplayResponse Answer(ReplayRequest request)
    {
        if (request.IsInsert)
        {
            return ReplayResponse.Empty;
        }
        if (request.Query.Contains("count()", StringComparison.Ordinal))
        {
            return new ReplayResponse(_count, "RowBinaryWithNamesAndTypes");
        }
        // Longest name first: web_visits_unique also contains web_visits.
        foreach (PeerDataSet dataSet in Enum.GetValues<PeerDataSet>().OrderByDescending(d => PeerRecordings.Table(d).Length))
        {
            if (request.Query.Contains(PeerRecordings.Table(dataSet), StringComparison.Ordinal))
            {
                if (TableSchemaAnswer.IsProbe(request))
                {
                    // Our client's schema check, asked once per table: answered as ClickHouse 26.9 would.
                    return _tableDescriptions[dataSet];
                }
                bool probe = request.Query.Contains("1=0", StringComparison.Ordinal) || request.Query.Contains("1 = 0", StringComparison.Ordinal);
                return new ReplayResponse(probe ? _headers[dataSet] : _results[dataSet], "RowBinaryWithNamesAndTypes");
            }
        }
        return ReplayResponse.Error(60, $"Unknown table expression identifier in: {request.Query}", 404);
    }

    public async ValueTask DisposeAsync()
    {
        Ours.Dispose();
        OursZstd.Dispose();
        DriverUncompressed.Dispose();
        DriverDefaults.Dispose();
        await Server.DisposeAsync().ConfigureAwait(false);
    }
}
