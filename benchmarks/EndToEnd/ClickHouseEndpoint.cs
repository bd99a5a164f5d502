using System;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>
/// The ClickHouse server the end-to-end suites talk to: <c>CLICKHOUSE_URL</c> (default http://127.0.0.1:8123),
/// <c>CLICKHOUSE_USER</c>, <c>CLICKHOUSE_PASSWORD</c>. The baseline and the stand-ins use plain
/// <see cref="HttpClient"/> requests made here, so that they depend on nothing of the library.
/// </summary>
public sealed class ClickHouseEndpoint
{
    public const string DefaultUrl = "http://127.0.0.1:8123";

    private static readonly HttpClient s_http = new(new SocketsHttpHandler { PooledConnectionLifetime = TimeSpan.FromMinutes(10) })
    {
        Timeout = TimeSpan.FromMinutes(30),
    };

    private ClickHouseEndpoint(Uri url, string? user, string? password)
    {
        Url = url;
        User = user;
        Password = password;
    }

    public Uri Url { get; }

    public string? User { get; }

    public string? Password { get; }

    public static HttpClient Http => s_http;

    public static ClickHouseEndpoint FromEnvironment()
    {
        string url = Environment.GetEnvironmentVariable("CLICKHOUSE_URL") is { Length: > 0 } configured ? configured : DefaultUrl;
        return new ClickHouseEndpoint(
            new Uri(url.TrimEnd('/') + "/"),
            Environment.GetEnvironmentVariable("CLICKHOUSE_USER") is { Length: > 0 } user ? user : null,
            Environment.GetEnvironmentVariable("CLICKHOUSE_PASSWORD") is { Length: > 0 } password ? password : null);
    }

    /// <summary>Null when the server answers <c>/ping</c> (three tries of 10 s: a busy machine is slow, not absent), else why not.</summary>
    public async Task<string?> ProbeAsync()
    {
        string? failure = null;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            try
            {
                using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
                string answer = await s_http.GetStringAsync(new Uri(Url, "ping"), timeout.Token).ConfigureAwait(false);
                return answer.StartsWith("Ok.", StringComparison.Ordinal) ? null : $"/ping answered '{answer.Trim()}'";
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
                failure = e.Message;
            }
        }
        return failure;
    }

    /// <summary>A request for <paramref name="query"/>, with the body (if any) the caller sets.</summary>
    public HttpRequestMessage CreateRequest(string query)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, new Uri(Url, "?query=" + Uri.EscapeDataString(query)));
        if (User is not null)
        {
            request.Headers.Add("X-ClickHouse-User", User);
        }
        if (Password is not null)
        {
            request.Headers.Add("X-ClickHouse-Key", Password);
        }
        return request;
    }

    /// <summary>Runs a statement or a small query and returns its text result.</summary>
    public async Task<string> ExecuteAsync(string query)
    {
        using HttpRequestMessage request = CreateRequest(query);
        using HttpResponseMessage response = await s_http.SendAsync(request).ConfigureAwait(false);
        string body = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
        if (!response.IsSuccessStatusCode)
        {
            throw new HttpRequestException($"ClickHouse answered {(int)response.StatusCode} to '{query}': {body.Trim()}");
        }
        return body;
    }

    /// <summary>Sends a request and throws with the server's message when it fails.</summary>
    public static async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, HttpCompletionOption completion)
    {
        HttpResponseMessage response = await s_http.SendAsync(request, completion).ConfigureAwait(false);
        if (!response.IsSuccessStatusCode)
        {
            string body = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
            response.Dispose();
            throw new HttpRequestException($"ClickHouse answered {(int)response.StatusCode}: {body.Trim()}");
        }
        return response;
    }
}
