using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using ClickHouse.RowBinary.ReplayServer;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// One replay server and both clients pointed at it. SELECTs of a data set's table get its recorded result, the
/// driver's schema probe (<c>... WHERE 1=0</c>) gets the recorded header, ours (<c>system.columns</c>) the table's
/// columns as ClickHouse 26.9 describes them, a <c>count()</c> the recorded one-row count, INSERTs are swallowed.
/// The server runs in this process, or with <see cref="ProcessVariable"/> set to 1 in a process of its own
/// (<see cref="ReplayServerProcess"/>), so that its work (answering, swallowing and recording the bodies) is not
/// counted as the clients' time, allocations and collections.
/// </summary>
public sealed class PeerReplay : IAsyncDisposable
{
    /// <summary>Set to 1 (by <c>--replayProcess</c>, in the benchmark processes) to run the server in a process of its own.</summary>
    public const string ProcessVariable = "ROWBINARY_PEER_REPLAY_PROCESS";

    private readonly Dictionary<PeerDataSet, byte[]> _results = [];
    private readonly Dictionary<PeerDataSet, byte[]> _nativeResults = [];
    private readonly Dictionary<PeerDataSet, byte[]> _nativeRequestedBlockResults = [];
    private readonly Dictionary<PeerDataSet, byte[]> _headers = [];
    private readonly Dictionary<PeerDataSet, ReplayResponse> _tableDescriptions = [];
    private readonly byte[] _count = [];
    private readonly byte[] _smallQuery = [];
    private readonly byte[] _smallQueryNative = [];
    private readonly ReplayServer.ReplayServer? _server;
    private readonly ReplayServerProcess? _process;

    /// <summary>The table the small-query suite asks for: the first <see cref="SmallQueryRows"/> <c>web_visits</c> rows, whatever the mode.</summary>
    public const string SmallQueryTable = "web_visits_small";

    public const int SmallQueryRows = 1_000;

    /// <summary>The block size our client's typed Native queries (streams and lists) ask for.</summary>
    private const int RequestedBlockRows = 8192;

    /// <summary>Both clients against a server in this process, or in its own (<see cref="ProcessVariable"/>).</summary>
    public PeerReplay()
        : this(outOfProcess: Environment.GetEnvironmentVariable(ProcessVariable) == "1")
    {
    }

    /// <summary>Records (or loads) every data set and starts the server here, or starts the server process (which does).</summary>
    public PeerReplay(bool outOfProcess)
    {
        ClickHouse.RowBinary.Compression.ClickHouseCompressionCodecs.Register();
        if (outOfProcess)
        {
            _process = ReplayServerProcess.Start();
            Url = _process.Url;
        }
        else
        {
            LoadRecordings(out _count, out _smallQuery, out _smallQueryNative);
            _server = new ReplayServer.ReplayServer(Answer);
            Url = _server.Url;
        }
        // RowBinary both ways, as every peer table was measured (the client's default inserts Native since 2026-11-27):
        // OursNative is the default's insert.
        Ours = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = Url, User = "default", WireFormat = ClickHouseWireFormat.RowBinary });
        OursNative = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = Url, User = "default", WireFormat = ClickHouseWireFormat.Native });
        OursZstd = new ClickHouseClient(new ClickHouseClientOptions
        {
            Endpoint = Url, User = "default", RequestCompression = ClickHouseCompression.Zstd, WireFormat = ClickHouseWireFormat.RowBinary,
        });
        DriverUncompressed = CreateDriver(Url, compression: false);
        DriverDefaults = CreateDriver(Url, compression: true);
    }

    private void LoadRecordings(out byte[] count, out byte[] smallQuery, out byte[] smallQueryNative)
    {
        foreach (PeerDataSet dataSet in Enum.GetValues<PeerDataSet>())
        {
            int rows = PeerScale.Rows(dataSet);
            _results[dataSet] = PeerRecordings.Result(dataSet, rows);
            _nativeResults[dataSet] = PeerRecordings.NativeResult(dataSet, rows);
            _nativeRequestedBlockResults[dataSet] = PeerRecordings.NativeResult(dataSet, rows, RequestedBlockRows);
            _headers[dataSet] = PeerRecordings.Header(dataSet);
            var reader = new RowBinaryReader(_headers[dataSet]);
            RowBinaryHeader header = RowBinaryHeader.Read(ref reader);
            _tableDescriptions[dataSet] = TableSchemaAnswer.Response(header.Names.Zip(header.Types), checksHeader: true);
        }
        count = PeerRecordings.Count(PeerScale.Rows(PeerDataSet.WebVisits));
        smallQuery = PeerRecordings.Result(PeerDataSet.WebVisits, SmallQueryRows);
        smallQueryNative = PeerRecordings.NativeResult(PeerDataSet.WebVisits, SmallQueryRows);
    }

    /// <summary>The server in this process, whose requests the checks read.</summary>
    public ReplayServer.ReplayServer Server
        => _server ?? throw new InvalidOperationException("The replay server runs in another process: its requests cannot be checked here.");

    /// <summary>The server's address, wherever it runs.</summary>
    public Uri Url { get; }

    /// <summary>Our client with its defaults: no compression either way.</summary>
    public ClickHouseClient Ours { get; }

    /// <summary>Our client speaking Native: inserts send Native blocks, typed queries ask for FORMAT Native.</summary>
    public ClickHouseClient OursNative { get; }

    /// <summary>Our client with zstd request bodies.</summary>
    public ClickHouseClient OursZstd { get; }

    /// <summary>ClickHouse.Driver with compression off both ways.</summary>
    public Driver.ClickHouseClient DriverUncompressed { get; }

    /// <summary>ClickHouse.Driver with its defaults: zstd inserts, compressed answers (zstd first in Accept-Encoding).</summary>
    public Driver.ClickHouseClient DriverDefaults { get; }

    /// <summary>ClickHouse.Driver against <paramref name="url"/>, with the row types the suites read registered.</summary>
    public static Driver.ClickHouseClient CreateDriver(Uri url, bool compression)
    {
        ArgumentNullException.ThrowIfNull(url);
        var client = new Driver.ClickHouseClient(new Driver.ADO.ClickHouseClientSettings
        {
            Host = url.Host,
            Port = (ushort)url.Port,
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
        if (request.IsInsert || request.Query.StartsWith("TRUNCATE", StringComparison.Ordinal))
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
                // web_visits_small, the small-query suite's table, is web_visits (columns and header) with fewer rows.
                bool smallQuery = request.Query.Contains(SmallQueryTable, StringComparison.Ordinal);
                if (request.Query.TrimEnd().EndsWith("FORMAT Native", StringComparison.Ordinal))
                {
                    // As the server answers: in blocks of max_block_size rows (our client's typed queries send it).
                    bool smallBlocks = request.Parameters.TryGetValue("max_block_size", out string? blockRows) && blockRows == RequestedBlockRows.ToString(CultureInfo.InvariantCulture);
                    // The small query's 1,000 rows are one block either way.
                    return new ReplayResponse(
                        smallQuery ? _smallQueryNative : smallBlocks ? _nativeRequestedBlockResults[dataSet] : _nativeResults[dataSet], "Native");
                }
                byte[] result = smallQuery ? _smallQuery : _results[dataSet];
                return new ReplayResponse(probe ? _headers[dataSet] : result, "RowBinaryWithNamesAndTypes");
            }
        }
        return ReplayResponse.Error(60, $"Unknown table expression identifier in: {request.Query}", 404);
    }

    public async ValueTask DisposeAsync()
    {
        Ours.Dispose();
        OursZstd.Dispose();
        OursNative.Dispose();
        DriverUncompressed.Dispose();
        DriverDefaults.Dispose();
        if (_server is not null)
        {
            await _server.DisposeAsync().ConfigureAwait(false);
        }
        _process?.Dispose();
    }
}
