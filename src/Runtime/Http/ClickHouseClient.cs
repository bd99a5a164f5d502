using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.ExceptionServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Talks to ClickHouse over its HTTP interface: streams <c>INSERT ... FORMAT RowBinary</c> from typed rows and reads
/// <c>SELECT</c> results into typed rows, with server errors (also those that arrive in the middle of a result) as
/// <see cref="ClickHouseServerException"/>. Thread-safe; create one per server and reuse it.
/// </summary>
public sealed partial class ClickHouseClient : IClickHouseClient
{
    /// <summary>Error bodies are short texts; more than this is cut, never read into memory whole.</summary>
    private const int MaxErrorBodyChars = 64 * 1024;

    private readonly HttpClient _http;
    private readonly bool _ownsHttpClient;
    private readonly Uri _endpoint;
    private readonly Uri[] _endpoints;
    private readonly string? _database;
    private readonly string? _user;
    private readonly string? _password;
    private readonly KeyValuePair<string, string>[] _settings;
    private readonly ClickHouseCompression _requestCompression;
    private readonly ClickHouseWireFormat? _wireFormat;
    private readonly ClickHouseCompression _responseCompression;
    private readonly TimeSpan _timeout;
    private readonly ServerSettingsCache _serverSettings;
    private readonly ClickHouseOptionsSource _source;
    private readonly string _timeoutName;
    private readonly ClickHouseClientOptions _options;
    private readonly string? _accessToken;
    private readonly AccessTokenCache? _accessTokens;
    private readonly string[] _roles;
    private readonly KeyValuePair<string, string>[] _headers;
    private readonly bool _killCancelledQueries;
    private readonly EndpointPool _pool;
    private readonly ClientSession? _session;

    /// <summary>A client with an HttpClient of its own, disposed with it.</summary>
    public ClickHouseClient(ClickHouseClientOptions options)
        : this(CreateHttpClient(), options, ownsHttpClient: true)
    {
    }

    /// <summary>
    /// A client over the caller's HttpClient (e.g. from IHttpClientFactory), which it does not dispose. Its
    /// <see cref="HttpClient.Timeout"/> applies as well as <see cref="ClickHouseClientOptions.Timeout"/>; its
    /// <see cref="HttpClient.BaseAddress"/> is not used.
    /// </summary>
    public ClickHouseClient(HttpClient httpClient, ClickHouseClientOptions options)
        : this(httpClient, options, ownsHttpClient: false)
    {
    }

    /// <summary>A client for one session of <paramref name="parent"/>: its HttpClient, options and endpoint health, one endpoint.</summary>
    private ClickHouseClient(ClickHouseClient parent, ClientSession session)
        : this(parent._http, parent._options, ownsHttpClient: false, parent, session)
    {
    }

    private ClickHouseClient(HttpClient httpClient, ClickHouseClientOptions options, bool ownsHttpClient, ClickHouseClient? parent = null, ClientSession? session = null)
    {
        ArgumentNullException.ThrowIfNull(httpClient);
        ArgumentNullException.ThrowIfNull(options);
        Uri[] endpoints = options.Endpoints.Count > 0 ? [.. options.Endpoints] : [options.Endpoint];
        foreach (Uri endpoint in endpoints)
        {
            if (endpoint is null || !endpoint.IsAbsoluteUri || (endpoint.Scheme != Uri.UriSchemeHttp && endpoint.Scheme != Uri.UriSchemeHttps))
            {
                throw new ArgumentException($"The endpoint '{EndpointUserInfo.Redacted(endpoint?.OriginalString)}' is not an absolute http:// or https:// URL.", nameof(options));
            }
            EndpointUserInfo.Refuse(endpoint, options.Source ?? ClickHouseOptionsSource.Code,
                options.Endpoints.Count > 0 ? nameof(ClickHouseClientOptions.Endpoints) : nameof(ClickHouseClientOptions.Endpoint));
        }
        foreach (ClickHouseCompression compression in new[] { options.RequestCompression, options.ResponseCompression })
        {
            if (!ClickHouseCompressionRegistry.IsAvailable(compression))
            {
                throw ClickHouseCompressionRegistry.NotRegistered(compression);
            }
        }
        if (options.Timeout <= TimeSpan.Zero && options.Timeout != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(options), options.Timeout, "The timeout must be positive or Timeout.InfiniteTimeSpan.");
        }
        _http = httpClient;
        _ownsHttpClient = ownsHttpClient;
        // The options are copied: changing them later does not change a client that may be in use.
        _endpoints = endpoints;
        _endpoint = endpoints[0];
        _database = options.Database;
        _user = options.User;
        _password = options.Password;
        _settings = [.. options.Settings];
        _requestCompression = options.RequestCompression;
        _wireFormat = options.WireFormat;
        _responseCompression = options.ResponseCompression;
        _timeout = options.Timeout;
        _serverSettings = new ServerSettingsCache(ReadInsertSettingsAsync);
        _source = options.Source ?? ClickHouseOptionsSource.Code;
        _timeoutName = _source.Name(nameof(ClickHouseClientOptions.Timeout));
        _options = parent is null ? options.Copy() : options;
        if ((options.AccessToken is not null || options.AccessTokenProvider is not null) && (options.User is not null || options.Password is not null))
        {
            throw new ArgumentException("The options name both an access token and a user or password: a request authenticates one way. Set one of them.", nameof(options));
        }
        _accessToken = options.AccessToken;
        _accessTokens = parent is not null ? parent._accessTokens
            : options.AccessTokenProvider is { } provider ? new AccessTokenCache(provider, options.Clock) : null;
        _roles = [.. options.Roles];
        _headers = [.. options.Headers];
        RequestHeaders.CheckNames(options.Headers.Keys, "ClickHouseClientOptions.Headers");
        _killCancelledQueries = options.KillCancelledQueries;
        _pool = parent?._pool ?? new EndpointPool(endpoints, options.EndpointStrategy, PingAsync, options.Clock);
        _session = session;
        if (session is not null)
        {
            _endpoint = session.Endpoint.Uri;
        }
    }

    /// <summary>The first of <see cref="Endpoints"/>; for a session (<see cref="CreateSession"/>), the one endpoint it lives on.</summary>
    public Uri Endpoint => _endpoint;

    /// <summary>
    /// Every endpoint of <see cref="ClickHouseClientOptions.Endpoints"/> (or the one <see cref="ClickHouseClientOptions.Endpoint"/>):
    /// requests go to one of those that are not down, by <see cref="ClickHouseClientOptions.EndpointStrategy"/>.
    /// </summary>
    public IReadOnlyList<Uri> Endpoints => _endpoints;

    /// <summary>Disposes the HttpClient the client made itself and stops probing endpoints that are down. Disposing a session does neither.</summary>
    public void Dispose()
    {
        if (_session is not null)
        {
            return;
        }
        _pool.Dispose();
        if (_ownsHttpClient)
        {
            _http.Dispose();
        }
    }

    private static HttpClient CreateHttpClient()
        => new(new SocketsHttpHandler
        {
            // Results are decompressed by this client, as they stream, whatever it asked for.
            AutomaticDecompression = DecompressionMethods.None,
            // Follow DNS changes (a server moved behind the same name) without restarting.
            PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        })
        {
            Timeout = Timeout.InfiniteTimeSpan,
        };

    /// <summary>
    /// Sends one request and returns the response once its headers are in, or throws: the server's error as a
    /// <see cref="ClickHouseServerException"/>, an unreachable server or a timeout with the endpoint named.
    /// </summary>
    private Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, string? queryId, RequestTelemetry telemetry, CancellationToken cancellationToken)
        => SendAsync(request, queryId, _timeout, _timeoutName, telemetry, cancellationToken);

    /// <summary>Sends the request; the caller owns the response (<see cref="OpenBodyAsync"/>); <paramref name="telemetry"/> ends with a failure here.</summary>
    private async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, string? queryId, TimeSpan timeLimit, string timeLimitName,
        RequestTelemetry telemetry, CancellationToken cancellationToken)
    {
        using var deadline = new RequestDeadline(timeLimit, timeLimitName, TimeProvider.System, cancellationToken);
        return await SendAsync(request, queryId, deadline, telemetry).ConfigureAwait(false);
    }

    /// <summary>Sends the request within <paramref name="deadline"/>, which the caller may go on using for reading the answer.</summary>
    private async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, string? queryId, RequestDeadline deadline, RequestTelemetry telemetry)
    {
        try
        {
            HttpResponseMessage response;
            try
            {
                await AuthorizeAsync(request, deadline.Token).ConfigureAwait(false);
                response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, deadline.Token).ConfigureAwait(false);
                if (!response.IsSuccessStatusCode)
                {
                    using (response)
                    {
                        throw await ReadServerErrorAsync(response, queryId, _source, deadline.Token).ConfigureAwait(false);
                    }
                }
            }
            catch (OperationCanceledException e) when (deadline.Expired)
            {
                throw deadline.Exceeded(EndpointOf(request), e);
            }
            catch (HttpRequestException) when (request.Content is IRowBinaryContent { WriteFailure: { } failure } && failure is not (IOException or OperationCanceledException))
            {
                // The rows could not be written (a value out of range, the caller's enumerator failing): that, not the transport, is the error.
                ExceptionDispatchInfo.Throw(failure);
                throw;
            }
            catch (HttpRequestException e) when (e.HttpRequestError is HttpRequestError.ConnectionError or HttpRequestError.NameResolutionError)
            {
                throw new HttpRequestException(
                    e.HttpRequestError, $"Cannot reach ClickHouse at {EndpointOf(request)}: {e.Message} Is the server running, and is the URL right ({_source.Name(_endpoints.Length > 1 ? nameof(ClickHouseClientOptions.Endpoints) : nameof(ClickHouseClientOptions.Endpoint))})?", e);
            }
            telemetry.Responded(response);
            return response;
        }
        catch (Exception e)
        {
            telemetry.Failed(e);
            telemetry.Dispose();
            throw;
        }
    }

    /// <summary>The bearer token, where the options name one: in a header, never in the URL.</summary>
    private async ValueTask AuthorizeAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        string? token = _accessTokens is not null ? await _accessTokens.GetAsync(cancellationToken).ConfigureAwait(false) : _accessToken;
        if (token is not null)
        {
            request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);
        }
    }

    /// <summary>The error an unsuccessful response carries: its code from the header or the text, and the text.</summary>
    private static async Task<ClickHouseServerException> ReadServerErrorAsync(HttpResponseMessage response, string? queryId, ClickHouseOptionsSource source,
        CancellationToken cancellationToken)
    {
        string text;
        try
        {
            Stream body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
            await using (body.ConfigureAwait(false))
            {
                using var decoded = new StreamReader(CompressionStreams.Decompress(body, response.Content.Headers.ContentEncoding.LastOrDefault()), Encoding.UTF8);
                text = (await ReadErrorTextAsync(decoded, cancellationToken).ConfigureAwait(false)).Trim();
            }
        }
        catch (Exception e) when (e is IOException or HttpRequestException or NotSupportedException)
        {
            text = $"(the error text could not be read: {e.Message})";
        }
        if (text.Length == 0)
        {
            text = $"HTTP {(int)response.StatusCode} {response.ReasonPhrase}";
        }
        int code = response.Headers.TryGetValues("X-ClickHouse-Exception-Code", out IEnumerable<string>? values)
            && int.TryParse(values.FirstOrDefault(), NumberStyles.None, CultureInfo.InvariantCulture, out int headerCode)
                ? headerCode
                : ClickHouseErrorText.ParseCode(text);
        return new ClickHouseServerException(code, text, response.StatusCode, queryId ?? ResponseQueryId(response), source);
    }

    /// <summary>
    /// At most <see cref="MaxErrorBodyChars"/> of an error body, read a few KB at a time into a pooled buffer: error
    /// texts are a few hundred bytes, and a buffer of the largest size would be a large-object-heap allocation per error.
    /// </summary>
    private static async Task<string> ReadErrorTextAsync(StreamReader body, CancellationToken cancellationToken)
    {
        char[] buffer = ArrayPool<char>.Shared.Rent(4096);
        try
        {
            int length = await body.ReadBlockAsync(buffer, cancellationToken).ConfigureAwait(false);
            if (length < buffer.Length)
            {
                return new string(buffer, 0, length);
            }
            var text = new StringBuilder().Append(buffer, 0, length);
            while (text.Length < MaxErrorBodyChars
                && (length = await body.ReadBlockAsync(buffer.AsMemory(0, Math.Min(buffer.Length, MaxErrorBodyChars - text.Length)), cancellationToken).ConfigureAwait(false)) > 0)
            {
                text.Append(buffer, 0, length);
            }
            return text.ToString();
        }
        finally
        {
            ArrayPool<char>.Shared.Return(buffer);
        }
    }

    private static string? ResponseQueryId(HttpResponseMessage response)
        => response.Headers.TryGetValues("X-ClickHouse-Query-Id", out IEnumerable<string>? values) ? values.FirstOrDefault() : null;

    /// <summary>
    /// The body of a successful response, decompressed and guarded against mid-stream server errors. Disposing it
    /// disposes the response and ends the request's telemetry.
    /// </summary>
    private static async Task<ClickHouseResponseStream> OpenBodyAsync(HttpResponseMessage response, string? queryId, RequestTelemetry telemetry,
        CancellationToken cancellationToken)
    {
        string? tag = response.Headers.TryGetValues("X-ClickHouse-Exception-Tag", out IEnumerable<string>? values) ? values.FirstOrDefault() : null;
        Stream decoded;
        try
        {
            Stream body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
            decoded = CompressionStreams.Decompress(body, response.Content.Headers.ContentEncoding.LastOrDefault());
        }
        catch (Exception e)
        {
            // The request ends here, with no body to own the response.
            response.Dispose();
            telemetry.Failed(e);
            telemetry.Dispose();
            throw;
        }
        return new ClickHouseResponseStream(decoded, response, telemetry, tag, queryId ?? ResponseQueryId(response));
    }

    private static string EndpointOf(HttpRequestMessage request)
        => request.RequestUri is { } uri ? uri.GetLeftPart(UriPartial.Path) : "(no URL)";

    /// <param name="endpoint">The server.</param>
    /// <param name="urlQuery">The statement when it goes in the URL (an INSERT, whose body is the data); else it is the body.</param>
    /// <param name="content">The body.</param>
    /// <param name="database">The database of unqualified names; the client's when null.</param>
    /// <param name="queryId">The query id.</param>
    /// <param name="settings">The request's settings, over the client's.</param>
    /// <param name="parameters">Values of <c>{name:Type}</c> parameters.</param>
    /// <param name="scope">The request's own roles and headers, if any.</param>
    private HttpRequestMessage CreateRequest(Uri endpoint, string? urlQuery, HttpContent content, string? database, string? queryId,
        IDictionary<string, string>? settings, IDictionary<string, object?>? parameters, RequestScope? scope = null)
    {
        IList<string>? roles = scope?.Roles is { Count: > 0 } own ? own : _roles;
        var request = new HttpRequestMessage(HttpMethod.Post, BuildUri(endpoint, urlQuery, database, queryId, settings, parameters, roles)) { Content = content };
        RequestHeaders.Add(request, _headers, scope?.Headers);
        if (_user is not null)
        {
            request.Headers.Add("X-ClickHouse-User", _user);
        }
        if (_password is not null)
        {
            request.Headers.Add("X-ClickHouse-Key", _password);
        }
        if (CompressionStreams.Name(_responseCompression) is { } coding)
        {
            request.Headers.AcceptEncoding.Add(new StringWithQualityHeaderValue(coding));
        }
        return request;
    }

    /// <summary>The endpoint with the URL parameters: credentials never go here, they travel in headers.</summary>
    private Uri BuildUri(Uri endpoint, string? urlQuery, string? database, string? queryId, IDictionary<string, string>? settings,
        IDictionary<string, object?>? parameters, IList<string>? roles)
    {
        var query = new StringBuilder(endpoint.Query.TrimStart('?'));
        void Add(string name, string value)
        {
            if (query.Length > 0)
            {
                query.Append('&');
            }
            query.Append(Uri.EscapeDataString(name)).Append('=').Append(Uri.EscapeDataString(value));
        }

        if (urlQuery is not null)
        {
            Add("query", urlQuery);
        }
        if ((database ?? _database) is { Length: > 0 } db)
        {
            Add("database", db);
        }
        if (queryId is not null)
        {
            Add("query_id", queryId);
        }
        if (_session is { } session)
        {
            Add("session_id", session.Id);
            Add("session_timeout", ((long)session.Timeout.TotalSeconds).ToString(CultureInfo.InvariantCulture));
            if (session.Started)
            {
                // The server answers "session not found" instead of opening a new, empty session under the same id.
                Add("session_check", "1");
            }
        }
        foreach (string role in roles ?? [])
        {
            Add("role", role);
        }
        if (_responseCompression != ClickHouseCompression.None)
        {
            Add("enable_http_compression", "1");
        }
        foreach (KeyValuePair<string, string> setting in _settings)
        {
            if (settings is null || !settings.ContainsKey(setting.Key))
            {
                Add(setting.Key, setting.Value);
            }
        }
        if (settings is not null)
        {
            foreach (KeyValuePair<string, string> setting in settings)
            {
                Add(setting.Key, setting.Value);
            }
        }
        if (parameters is not null)
        {
            foreach (KeyValuePair<string, object?> parameter in parameters)
            {
                Add("param_" + parameter.Key, ClickHouseParameterFormatter.Format(parameter.Key, parameter.Value));
            }
        }
        return new UriBuilder(endpoint) { Query = query.ToString() }.Uri;
    }
}
