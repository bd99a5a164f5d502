using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Peer;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Latency;

/// <summary>
/// One way to run the small query (<c>SELECT * FROM web_visits_small</c>: 1,000 <c>web_visits</c> rows, 41 KB) into a
/// <see cref="List{T}"/>: our client with its defaults, ClickHouse.Driver at its best (compression off,
/// <see cref="DateTime"/> members for Date) and with its defaults (zstd answers, <see cref="DateOnly"/> members).
/// </summary>
public sealed class SmallQueryClient : IDisposable
{
    public const string Sql = "SELECT * FROM " + PeerReplay.SmallQueryTable;

    private readonly ClickHouseClient? _ours;
    private readonly Driver.ClickHouseClient? _driver;

    private SmallQueryClient(string name, ClickHouseClient? ours, Driver.ClickHouseClient? driver)
    {
        Name = name;
        _ours = ours;
        _driver = driver;
    }

    public string Name { get; }

    /// <summary>Every variant against <paramref name="url"/>.</summary>
    public static SmallQueryClient[] All(Uri url) =>
    [
        new("ours", new ClickHouseClient(new ClickHouseClientOptions { Endpoint = url, User = "default" }), null),
        new("ClickHouse.Driver at its best", null, PeerReplay.CreateDriver(url, compression: false)),
        new("ClickHouse.Driver, defaults", null, PeerReplay.CreateDriver(url, compression: true)),
    ];

    /// <summary>One by name: <c>ours</c>, <c>driver</c> (at its best) or <c>driver-defaults</c>.</summary>
    public static SmallQueryClient Named(string name, Uri url) => name switch
    {
        "ours" => All(url)[0],
        "driver" => All(url)[1],
        "driver-defaults" => All(url)[2],
        _ => throw new ArgumentException($"Unknown client {name}: ours, driver or driver-defaults.", nameof(name)),
    };

    /// <summary>Runs the query and returns how many rows arrived.</summary>
    public Task<int> QueryAsync() => _ours is not null ? OursAsync(_ours) : Name.EndsWith("defaults", StringComparison.Ordinal) ? DriverAsync<PeerWebVisit>(_driver!) : DriverAsync<PeerWebVisitForDriver>(_driver!);

    /// <summary>Every row as text, to prove that every variant reads the same rows.</summary>
    public async Task<List<string>> DescribeAsync()
    {
        if (_ours is not null)
        {
            return (await _ours.QueryListAsync<PeerWebVisit>(Sql).ConfigureAwait(false)).Select(r => r.Describe()).ToList();
        }
        var rows = new List<string>();
        await foreach (PeerWebVisitForDriver row in _driver!.QueryAsync<PeerWebVisitForDriver>(Sql).ConfigureAwait(false))
        {
            rows.Add(row.Describe());
        }
        return rows;
    }

    private static async Task<int> OursAsync(ClickHouseClient client) => (await client.QueryListAsync<PeerWebVisit>(Sql).ConfigureAwait(false)).Count;

    private static async Task<int> DriverAsync<T>(Driver.ClickHouseClient client)
        where T : class
    {
        var rows = new List<T>();
        await foreach (T row in client.QueryAsync<T>(Sql).ConfigureAwait(false))
        {
            rows.Add(row);
        }
        return rows.Count;
    }

    public void Dispose()
    {
        _ours?.Dispose();
        _driver?.Dispose();
    }
}
