using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>Where a <see cref="ClickHouseClient"/> connects, as whom, and how every request is sent.</summary>
public sealed class ClickHouseClientOptions
{
    /// <summary>The endpoint used when nothing else is configured: a local server's HTTP port.</summary>
    public static readonly Uri DefaultEndpoint = new("http://localhost:8123/");

    /// <summary>The server's HTTP interface, e.g. <c>http://localhost:8123</c>; a path is kept (for proxies).</summary>
    public Uri Endpoint { get; set; } = DefaultEndpoint;

    /// <summary>
    /// Several HTTP endpoints of one cluster (replicas, or the nodes in front of one Distributed table). When any are
    /// named, <see cref="Endpoint"/> is not used: every request (queries, statements, inserts, batch inserters' INSERTs)
    /// goes to one picked by <see cref="EndpointStrategy"/> among those that are not down, and moves to another when it
    /// failed in a way that makes that safe (docs/cluster.md has the rules). <c>CLICKHOUSE_URL</c> may list them
    /// separated by commas.
    /// </summary>
    public IList<Uri> Endpoints { get; } = new List<Uri>();

    /// <summary>How each request picks one of several <see cref="Endpoints"/>: <see cref="ClickHouseEndpointStrategy.RoundRobin"/> by default.</summary>
    public ClickHouseEndpointStrategy EndpointStrategy { get; set; }

    /// <summary>The default database (the <c>database</c> URL parameter); the user's default when null.</summary>
    public string? Database { get; set; }

    /// <summary>The user, sent in the <c>X-ClickHouse-User</c> header; the server's <c>default</c> user when null.</summary>
    public string? User { get; set; }

    /// <summary>The password, sent in the <c>X-ClickHouse-Key</c> header, never in the URL.</summary>
    public string? Password { get; set; }

    /// <summary>
    /// A bearer access token (a JWT, as ClickHouse Cloud issues), sent as <c>Authorization: Bearer ...</c> instead of a
    /// user and password. For tokens that expire, use <see cref="AccessTokenProvider"/>.
    /// </summary>
    public string? AccessToken { get; set; }

    /// <summary>
    /// Gets a bearer access token and its expiry; asked before the first request, and again shortly before the token
    /// expires (<see cref="ClickHouseAccessToken"/>), by one caller at a time while the others go on with the token they
    /// have. Takes precedence over <see cref="AccessToken"/>.
    /// </summary>
    public Func<CancellationToken, ValueTask<ClickHouseAccessToken>>? AccessTokenProvider { get; set; }

    /// <summary>
    /// Roles to act with (the <c>role</c> URL parameter, one per role; ClickHouse 24.4 and later), instead of the user's
    /// default roles. A request's own <see cref="ClickHouseQueryOptions.Roles"/> replace these.
    /// </summary>
    public IList<string> Roles { get; } = new List<string>();

    /// <summary>
    /// HTTP headers sent with every request (for a proxy or gateway in front of the servers); a request's own
    /// <see cref="ClickHouseQueryOptions.Headers"/> add to and override these. The headers the client sets itself (the
    /// credentials, <c>Authorization</c>, content headers) cannot be named here.
    /// </summary>
    public IDictionary<string, string> Headers { get; } = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// When a caller cancels a query, its time limit passes, or it stops reading a result before its end, ask the same
    /// server to stop it (<c>KILL QUERY WHERE query_id = ... ASYNC</c>, in the background, best effort), since over HTTP
    /// the server otherwise runs it to its end; and send read-only queries with
    /// <c>cancel_http_readonly_queries_on_client_close=1</c> where it helps: on servers that have it, for a user whose
    /// profile says <c>readonly=2</c> (the server ignores it for POST requests run with <c>readonly=0</c>). Default true.
    /// </summary>
    public bool KillCancelledQueries { get; set; } = true;

    /// <summary>ClickHouse settings sent with every request as URL parameters, e.g. <c>max_threads</c> = <c>4</c>.</summary>
    public IDictionary<string, string> Settings { get; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary>How INSERT data is compressed on the way to the server (the <c>Content-Encoding</c> header).</summary>
    public ClickHouseCompression RequestCompression { get; set; }

    /// <summary>
    /// The format typed rows travel in: what inserts send and what typed queries ask for, unless a request says
    /// otherwise (<see cref="ClickHouseInsertOptions.WireFormat"/>, <see cref="ClickHouseQueryOptions.WireFormat"/>).
    /// Null (the default) picks, for each direction, the format measured faster end to end (docs/native-format.md):
    /// inserts and the batch inserter send <see cref="ClickHouseWireFormat.Native"/> (the server parses it with less
    /// work), except rows with JSON or Dynamic columns, whose Native layouts differ between server versions, and inserts
    /// with the insert check off (Native blocks then cannot name the table's own types, which old servers need); typed
    /// reads ask for <see cref="ClickHouseWireFormat.Native"/> too (as fast or faster end to end against every server
    /// measured), except for rows with JSON or Dynamic columns. <see cref="RowBinaryFormat.RowBinaryWithDefaults"/>
    /// inserts are always RowBinary.
    /// </summary>
    public ClickHouseWireFormat? WireFormat { get; set; }

    /// <summary>
    /// The compression asked of the server for results (<c>Accept-Encoding</c> with <c>enable_http_compression=1</c>).
    /// Results are decompressed as they stream in, whatever coding the server picks.
    /// </summary>
    public ClickHouseCompression ResponseCompression { get; set; }

    /// <summary>
    /// How long to wait for the server to answer a request: until the response headers arrive, which for an
    /// INSERT includes sending every row. Reading a result is not limited (cancel it with a token).
    /// <see cref="System.Threading.Timeout.InfiniteTimeSpan"/> waits forever. Default: 5 minutes, as ClickHouse's own
    /// <c>send_timeout</c>/<c>receive_timeout</c>.
    /// </summary>
    public TimeSpan Timeout { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>
    /// Where these options were read from, so that errors name the setting to change there (the user and password after
    /// a refused login, the URL of a server that cannot be reached). <see cref="ClickHouseOptionsSource.Code"/> by
    /// default; <see cref="FromEnvironment"/> and the dependency injection companion's configuration binding set it.
    /// </summary>
    public ClickHouseOptionsSource Source { get; set; } = ClickHouseOptionsSource.Code;

    /// <summary>
    /// Options from the environment: <c>CLICKHOUSE_URL</c> (default <c>http://localhost:8123</c>),
    /// <c>CLICKHOUSE_USER</c>, <c>CLICKHOUSE_PASSWORD</c> and <c>CLICKHOUSE_DATABASE</c>.
    /// </summary>
    public static ClickHouseClientOptions FromEnvironment()
    {
        string? url = Environment.GetEnvironmentVariable("CLICKHOUSE_URL");
        var options = new ClickHouseClientOptions
        {
            User = NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_USER")),
            Password = NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_PASSWORD")),
            Database = NullIfEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_DATABASE")),
            Source = ClickHouseOptionsSource.Environment,
        };
        if (!string.IsNullOrWhiteSpace(url))
        {
            string[] urls = url.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
            foreach (string one in urls)
            {
                if (!Uri.TryCreate(one, UriKind.Absolute, out Uri? endpoint) || (endpoint.Scheme != Uri.UriSchemeHttp && endpoint.Scheme != Uri.UriSchemeHttps))
                {
                    throw new ArgumentException($"CLICKHOUSE_URL '{EndpointUserInfo.Redacted(url)}' is not an absolute http:// or https:// URL (or a comma-separated list of them), e.g. http://localhost:8123.");
                }
                options.Endpoints.Add(endpoint);
            }
            options.Endpoint = options.Endpoints[0];
            if (options.Endpoints.Count == 1)
            {
                options.Endpoints.Clear();
            }
        }
        return options;
    }

    /// <summary>
    /// The clock of the endpoints' <c>/ping</c> probes and of access-token refreshes: the system's, or a fake one in the
    /// tests (requests' own time limits stay on the system clock).
    /// </summary>
    internal TimeProvider Clock { get; set; } = TimeProvider.System;

    /// <summary>A copy, so that a client is not changed by later changes to the options it was made with.</summary>
    internal ClickHouseClientOptions Copy()
    {
        var copy = new ClickHouseClientOptions
        {
            Endpoint = Endpoint,
            EndpointStrategy = EndpointStrategy,
            Database = Database,
            User = User,
            Password = Password,
            AccessToken = AccessToken,
            AccessTokenProvider = AccessTokenProvider,
            RequestCompression = RequestCompression,
            ResponseCompression = ResponseCompression,
            Timeout = Timeout,
            KillCancelledQueries = KillCancelledQueries,
            Source = Source,
            Clock = Clock,
        };
        foreach (Uri endpoint in Endpoints)
        {
            copy.Endpoints.Add(endpoint);
        }
        foreach (KeyValuePair<string, string> setting in Settings)
        {
            copy.Settings.Add(setting);
        }
        foreach (string role in Roles)
        {
            copy.Roles.Add(role);
        }
        foreach (KeyValuePair<string, string> header in Headers)
        {
            copy.Headers.Add(header);
        }
        return copy;
    }

    private static string? NullIfEmpty(string? value) => string.IsNullOrEmpty(value) ? null : value;
}
