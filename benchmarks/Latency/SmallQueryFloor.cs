using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Peer;

namespace ClickHouse.RowBinary.Benchmarks.Latency;

/// <summary>
/// The small query's answer fetched and thrown away, without a row: by <see cref="HttpClient"/> alone (the least any
/// HTTP client can spend on it) and by our client's <see cref="ClickHouseClient.QueryStreamAsync(string, System.Threading.CancellationToken)"/>
/// (what our request, routing and response handling add). The small-query suite reports them beside the clients, so
/// that a CPU time per query reads against what the transport alone costs on the same machine.
/// </summary>
public sealed class SmallQueryFloor : IDisposable
{
    private const string Sql = SmallQueryClient.Sql + " FORMAT RowBinaryWithNamesAndTypes";

    private readonly HttpClient? _http;
    private readonly Uri? _uri;
    private readonly ClickHouseClient? _ours;
    private readonly byte[] _discard = new byte[64 * 1024];

    private SmallQueryFloor(string name, HttpClient? http, Uri? uri, ClickHouseClient? ours)
    {
        Name = name;
        _http = http;
        _uri = uri;
        _ours = ours;
    }

    public string Name { get; }

    /// <summary>Both floors against <paramref name="url"/>.</summary>
    public static SmallQueryFloor[] All(Uri url) =>
    [
        new("floor: HttpClient alone, body only", new HttpClient(new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.None }), new Uri(url, "?user=default"), null),
        new("floor: ours, body only", null, null, new ClickHouseClient(new ClickHouseClientOptions { Endpoint = url, User = "default" })),
    ];

    /// <summary>Runs the query and returns how many body bytes arrived.</summary>
    public async Task<int> FetchAsync()
    {
        if (_ours is not null)
        {
            await using Stream body = await _ours.QueryStreamAsync(Sql).ConfigureAwait(false);
            return await DrainAsync(body).ConfigureAwait(false);
        }
        using var request = new HttpRequestMessage(HttpMethod.Post, _uri) { Content = new StringContent(Sql, Encoding.UTF8) };
        using HttpResponseMessage response = await _http!.SendAsync(request, HttpCompletionOption.ResponseHeadersRead).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();
        await using Stream stream = await response.Content.ReadAsStreamAsync().ConfigureAwait(false);
        return await DrainAsync(stream).ConfigureAwait(false);
    }

    private async Task<int> DrainAsync(Stream body)
    {
        int total = 0;
        int read;
        while ((read = await body.ReadAsync(_discard).ConfigureAwait(false)) > 0)
        {
            total += read;
        }
        return total;
    }

    public void Dispose()
    {
        _http?.Dispose();
        _ours?.Dispose();
    }
}
