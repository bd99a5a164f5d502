using System.Diagnostics;
using ClickHouse.RowBinary.DependencyInjection;
using ClickHouse.RowBinary.IntegrationTests.DependencyInjection;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Time.Testing;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>Bearer tokens (static and refreshed), roles and custom headers on the requests a fake server records.</summary>
public sealed class AuthAndHeadersTests
{
    private const string Token = "eyJ.s3cret-token.sig";

    private static FakeClickHouse Ok() => new FakeClickHouse(_ => FakeClickHouse.Ok("1\n"u8.ToArray())).Describing<CountRow>();

    [Fact]
    public async Task A_static_access_token_goes_in_the_Authorization_header_and_nowhere_else()
    {
        FakeClickHouse fake = Ok();
        using ClickHouseClient client = FakeClickHouse.Client(fake, o => o.AccessToken = Token);

        await client.QueryTextAsync("SELECT 1");
        await client.InsertAsync("numbers", [new CountRow(1)]);

        Assert.All(fake.Requests.Concat(fake.Probes), request =>
        {
            Assert.Equal($"Bearer {Token}", request.Header("Authorization"));
            Assert.Null(request.Header("X-ClickHouse-User"));
            Assert.Null(request.Header("X-ClickHouse-Key"));
            Assert.DoesNotContain("s3cret", request.Message.RequestUri!.ToString(), StringComparison.Ordinal);
        });
        Assert.Throws<ArgumentException>(() => FakeClickHouse.Client(fake, o => { o.AccessToken = Token; o.Password = "p"; }));
    }

    /// <summary>
    /// AccessTokenCache refreshes a tenth of the lifetime before expiry (at most a minute): a 10 s token at 9 s. A request
    /// at 9.5 s, the token still valid, goes with it and starts the refresh; the next, still before expiry, carries the new
    /// token. Without refresh-ahead both would carry the old one.
    /// </summary>
    [Fact]
    public async Task A_token_provider_is_asked_once_and_again_inside_the_refresh_margin_before_the_token_expires()
    {
        FakeClickHouse fake = Ok();
        var time = new FakeTimeProvider(DateTimeOffset.UtcNow);
        int asked = 0;
        using ClickHouseClient client = FakeClickHouse.Client(fake, o =>
        {
            o.Clock = time;
            o.AccessTokenProvider = _ =>
            {
                int n = Interlocked.Increment(ref asked);
                return ValueTask.FromResult(new ClickHouseAccessToken($"token-{n}", time.GetUtcNow().AddSeconds(10)));
            };
        });

        await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => client.QueryTextAsync("SELECT 1")));
        Assert.Equal(1, asked);
        time.Advance(TimeSpan.FromSeconds(8.9));
        await client.QueryTextAsync("SELECT 2");
        Assert.Equal(1, asked);
        time.Advance(TimeSpan.FromSeconds(0.6)); // 9.5 s: valid for 0.5 s more, inside the 1 s margin
        await client.QueryTextAsync("SELECT 3");
        // The refresh runs beside the requests, which go on with token-1 (still valid) until it has stored token-2.
        var waited = Stopwatch.StartNew();
        do
        {
            await Task.Delay(10);
            await client.QueryTextAsync("SELECT 4");
        }
        while (fake.Requests[^1].Header("Authorization") != "Bearer token-2" && waited.Elapsed < TimeSpan.FromSeconds(10));

        Assert.Equal(2, asked);
        Assert.All(fake.Requests.Take(10), r => Assert.Equal("Bearer token-1", r.Header("Authorization")));
        Assert.Equal("Bearer token-2", fake.Requests[^1].Header("Authorization"));
        Assert.DoesNotContain("token-1", new ClickHouseAccessToken("token-1", DateTimeOffset.MaxValue).ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Roles_and_headers_of_the_client_go_with_every_request_and_a_requests_own_replace_them()
    {
        FakeClickHouse fake = Ok();
        using ClickHouseClient client = FakeClickHouse.Client(fake, o =>
        {
            o.Roles.Add("reader");
            o.Roles.Add("analyst");
            o.Headers["X-Tenant"] = "acme";
            o.Headers["X-Trace"] = "client";
        });
        var own = new ClickHouseQueryOptions { Roles = { "admin" }, Headers = { ["X-Trace"] = "request" } };
        var insert = new ClickHouseInsertOptions { Roles = { "writer" } };

        await client.QueryTextAsync("SELECT 1");
        await client.QueryTextAsync("SELECT 2", own);
        await client.InsertAsync("numbers", [new CountRow(1)], insert);

        Assert.Equal(["role=reader", "role=analyst"], RoleParameters(fake.Requests[0]));
        Assert.Equal(("acme", "client"), (fake.Requests[0].Header("X-Tenant"), fake.Requests[0].Header("X-Trace")));
        Assert.Equal(["role=admin"], RoleParameters(fake.Requests[1]));
        Assert.Equal(("acme", "request"), (fake.Requests[1].Header("X-Tenant"), fake.Requests[1].Header("X-Trace")));
        Assert.Equal(["role=writer"], RoleParameters(fake.Requests[2]));
        Assert.Throws<ArgumentException>(() => FakeClickHouse.Client(fake, o => o.Headers["X-ClickHouse-Key"] = "p"));
        await Assert.ThrowsAsync<ArgumentException>(() => client.QueryTextAsync("SELECT 3", new ClickHouseQueryOptions { Headers = { ["Authorization"] = "Basic eA==" } }));
    }

    [Fact]
    public async Task A_streamed_Native_query_carries_its_own_roles_headers_and_settings()
    {
        // An empty answer is a Native result of no blocks.
        var fake = new FakeClickHouse(_ => FakeClickHouse.Ok([]));
        using ClickHouseClient client = FakeClickHouse.Client(fake, o => o.Roles.Add("reader"));
        var own = new ClickHouseQueryOptions
        {
            WireFormat = ClickHouseWireFormat.Native, Roles = { "admin" }, Headers = { ["X-Trace"] = "request" }, Settings = { ["max_threads"] = "1" },
        };

        await foreach (CountRow _ in client.QueryAsync<CountRow>("SELECT 1 AS n", own))
        {
        }

        RecordedRequest request = Assert.Single(fake.Requests);
        Assert.EndsWith("FORMAT Native", request.BodyText, StringComparison.Ordinal);
        Assert.Equal(["role=admin"], RoleParameters(request));
        Assert.Equal("request", request.Header("X-Trace"));
        // The block size the client adds to a streamed Native query, and the caller's own setting beside it.
        Assert.Equal(("8192", "1"), (request.Parameters["max_block_size"], request.Parameters["max_threads"]));
        Assert.False(own.Settings.ContainsKey("max_block_size"), "the caller's options were changed");
    }

    [Fact]
    public async Task A_token_is_in_no_URL_span_log_or_error()
    {
        var spans = new List<Activity>();
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == ClickHouseDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllData,
            ActivityStopped = span => { lock (spans) { spans.Add(span); } },
        };
        ActivitySource.AddActivityListener(listener);
        var fake = new FakeClickHouse(request => request.BodyText.Contains("missing", StringComparison.Ordinal)
            ? FakeClickHouse.Error(System.Net.HttpStatusCode.Forbidden, "Code: 516. DB::Exception: default: Authentication failed", 516)
            : FakeClickHouse.Ok("1\n"u8.ToArray()));
        var logs = new CollectingLogger();
        var services = new ServiceCollection();
        services.AddLogging(logging => logging.SetMinimumLevel(LogLevel.Debug).AddProvider(logs));
        services.AddClickHouseClient(new ConfigurationBuilder().AddInMemoryCollection([new("ClickHouse:Endpoint", "http://fake-clickhouse:8123"),
                new("ClickHouse:AccessToken", Token)]).Build().GetSection("ClickHouse"))
            .ConfigurePrimaryHttpMessageHandler(() => fake);
        Exception error;
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            IClickHouseClient client = provider.GetRequiredService<IClickHouseClient>();
            await client.QueryTextAsync("SELECT 1");
            error = await Assert.ThrowsAsync<ClickHouseServerException>(() => client.QueryTextAsync("SELECT * FROM missing"));
        }

        Assert.Equal($"Bearer {Token}", fake.Requests[0].Header("Authorization"));
        Assert.All(fake.Requests, r => Assert.DoesNotContain("s3cret", r.Message.RequestUri!.ToString(), StringComparison.Ordinal));
        Assert.NotEmpty(logs.Entries);
        Assert.DoesNotContain(logs.Entries, e => e.Message.Contains("s3cret", StringComparison.Ordinal) || e.Message.Contains("Bearer", StringComparison.Ordinal));
        Assert.NotEmpty(spans);
        Assert.All(spans, span => Assert.DoesNotContain(span.TagObjects, tag => tag.Value?.ToString()?.Contains("s3cret", StringComparison.Ordinal) == true));
        Assert.DoesNotContain("s3cret", error.ToString(), StringComparison.Ordinal);
    }

    private static List<string> RoleParameters(RecordedRequest request)
        => [.. request.Message.RequestUri!.Query.TrimStart('?').Split('&').Where(p => p.StartsWith("role=", StringComparison.Ordinal))];
}
