using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>How long a <c>KILL QUERY</c> may take before the client gives up on it.</summary>
    private static readonly TimeSpan KillTimeout = TimeSpan.FromSeconds(5);

    /// <summary>At most this many <c>KILL QUERY</c> requests in flight per client; beyond it, a cancelled query is left to run.</summary>
    private const int MaxKillsInFlight = 16;

    private int _killsInFlight;

    /// <summary>
    /// Set while <see cref="WholeResultAsync"/> reads a result: the endpoints whose body broke off, which the requests
    /// made for it avoid, and the endpoint that answered last.
    /// </summary>
    private static readonly AsyncLocal<WholeResultRoute?> CurrentWholeResult = new();

    private sealed class WholeResultRoute
    {
        public List<EndpointPool.Endpoint> BrokeOff { get; } = [];

        public EndpointPool.Endpoint? Answered { get; set; }
    }

    /// <summary>
    /// Sends one request by the failover rules: <paramref name="attempt"/> runs against an endpoint of the pool (a
    /// session's own, for a session), and when it fails in a way <paramref name="mayMove"/> accepts, again against another
    /// endpoint, once per endpoint. Endpoints that cannot be connected to are marked down. When the caller cancels or the
    /// request times out, and <paramref name="killOnAbandon"/>, the query is stopped on the server (<see cref="KillSoon"/>).
    /// </summary>
    /// <param name="operation">The statement's first keyword, for telemetry.</param>
    /// <param name="queryId">The request's query id: the server's name for it, to kill it.</param>
    /// <param name="attempt">Sends the request to one endpoint and returns once it was answered.</param>
    /// <param name="mayMove">Whether a failure of an attempt lets the request go to another endpoint.</param>
    /// <param name="killOnAbandon">Whether an abandoned attempt is followed by <c>KILL QUERY</c> (not for INSERTs: a cut body stops them).</param>
    /// <param name="cancellationToken">The caller's cancellation.</param>
    private async Task<TResult> RouteAsync<TResult>(string operation, string queryId, Func<EndpointPool.Endpoint, Task<TResult>> attempt,
        Func<Exception, bool> mayMove, bool killOnAbandon, CancellationToken cancellationToken)
    {
        if (_session is { } session)
        {
            return await session.SendAsync(this, attempt, queryId, killOnAbandon, cancellationToken).ConfigureAwait(false);
        }
        WholeResultRoute? whole = CurrentWholeResult.Value;
        List<EndpointPool.Endpoint>? tried = whole is { BrokeOff.Count: > 0 } ? [.. whole.BrokeOff] : null;
        whole?.Answered = null;
        while (true)
        {
            EndpointPool.Endpoint endpoint = _pool.Pick(tried)!;
            try
            {
                TResult result = await attempt(endpoint).ConfigureAwait(false);
                _pool.Reached(endpoint);
                whole?.Answered = endpoint;
                return result;
            }
            catch (Exception e)
            {
                NoteFailure(endpoint, e, queryId, killOnAbandon, cancellationToken);
                if (cancellationToken.IsCancellationRequested || !mayMove(e))
                {
                    throw;
                }
                (tried ??= []).Add(endpoint);
                if (_pool.Pick(tried) is null)
                {
                    throw;
                }
                RoutingTelemetry.Failover(endpoint, operation, e);
            }
        }
    }

    /// <summary>
    /// Reads a whole result that reaches the caller only once complete (a list, a scalar): when its body breaks off
    /// part way (the connection lost, no error from the server) and the query may run again (idempotent, its external
    /// tables sendable again, not in a session), it runs again on another endpoint, once per endpoint, and what was
    /// parsed of the broken body is dropped. No row reached the caller, so none is ever delivered twice.
    /// </summary>
    private async Task<TResult> WholeResultAsync<TResult>(string sql, ClickHouseQueryOptions? options, Func<Task<TResult>> read,
        CancellationToken cancellationToken)
    {
        if (!MayRunAgain(sql, options))
        {
            return await read().ConfigureAwait(false);
        }
        var route = new WholeResultRoute();
        WholeResultRoute? outer = CurrentWholeResult.Value;
        CurrentWholeResult.Value = route;
        try
        {
            while (true)
            {
                route.Answered = null;
                try
                {
                    return await read().ConfigureAwait(false);
                }
                catch (Exception e) when (route.Answered is { } endpoint && IsTransportFailure(e) && !cancellationToken.IsCancellationRequested)
                {
                    route.BrokeOff.Add(endpoint);
                    if (_pool.Pick(route.BrokeOff) is null)
                    {
                        throw;
                    }
                    RoutingTelemetry.Failover(endpoint, RequestTelemetry.OperationOf(sql), e);
                }
            }
        }
        finally
        {
            CurrentWholeResult.Value = outer;
        }
    }

    /// <summary>
    /// Whether a query whose answer broke off may run again on another endpoint: it only reads or is idempotent, its
    /// external tables can be sent again, and it is not in a session (whose state lives on one server).
    /// </summary>
    private bool MayRunAgain(string sql, ClickHouseQueryOptions? options)
        => _session is null && (options?.Idempotent ?? IsIdempotent(sql))
            && (options?.ExternalTables is not { Count: > 0 } tables || tables.All(table => table.CanBeWrittenAgain));

    /// <summary>What a failed attempt says about its endpoint, and the query left behind on it.</summary>
    internal void NoteFailure(EndpointPool.Endpoint endpoint, Exception failure, string queryId, bool killOnAbandon, CancellationToken cancellationToken)
    {
        if (NeverReachedServer(failure))
        {
            _pool.Unreachable(endpoint, failure);
            return;
        }
        if (failure is ClickHouseServerException { IsEndpointFailure: false })
        {
            _pool.Reached(endpoint);
        }
        if (killOnAbandon && (failure is TimeoutException || (failure is OperationCanceledException && cancellationToken.IsCancellationRequested)))
        {
            KillSoon(endpoint.Uri, queryId);
        }
    }

    /// <summary>The client's endpoint health, shared with its sessions and batch inserters.</summary>
    internal EndpointPool EndpointPool => _pool;

    /// <summary>A request got an answer from the endpoint: it is up.</summary>
    internal void EndpointReached(EndpointPool.Endpoint endpoint) => _pool.Reached(endpoint);

    /// <summary>
    /// The request certainly never reached a server: no connection could be made (refused, no route, a name that does not
    /// resolve, a TLS handshake that failed). Only then may a statement that is not idempotent go to another endpoint.
    /// </summary>
    internal static bool NeverReachedServer(Exception failure)
        => failure is HttpRequestException { HttpRequestError: HttpRequestError.ConnectionError or HttpRequestError.NameResolutionError or HttpRequestError.SecureConnectionError };

    /// <summary>
    /// A failure of the transport, not an answer of the server: the connection lost, or an error status with no ClickHouse
    /// error in it (<see cref="ClickHouseServerException.IsEndpointFailure"/>: a proxy's, or a server's going down). An
    /// idempotent query that failed so before any row reached the caller may run again elsewhere. A timeout is not one:
    /// the server is busy, and running the query on another would only double the work.
    /// </summary>
    internal static bool IsTransportFailure(Exception failure)
        => failure is HttpRequestException or IOException or ClickHouseServerException { IsEndpointFailure: true };

    /// <summary>
    /// Whether running the statement again does no harm: it only reads (SELECT, WITH, SHOW, DESCRIBE, EXISTS, EXPLAIN,
    /// CHECK), or creates or drops only what is not there yet or still there (<c>IF NOT EXISTS</c>, <c>IF EXISTS</c>).
    /// </summary>
    internal static bool IsIdempotent(string sql)
    {
        string statement = StatementStart(sql);
        string keyword = RequestTelemetry.OperationOf(statement);
        if (keyword is "SELECT" or "WITH" or "SHOW" or "DESCRIBE" or "DESC" or "EXISTS" or "EXPLAIN" or "CHECK")
        {
            return true;
        }
        if (keyword is not ("CREATE" or "ATTACH" or "DROP" or "DETACH"))
        {
            return false;
        }
        // The statement's head, before any column list or AS SELECT, in upper case with single spaces.
        int end = statement.IndexOfAny(['(', ';']);
        string head = " " + string.Join(' ', statement.Substring(0, end < 0 ? Math.Min(statement.Length, 512) : Math.Min(end, 512))
            .Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries)).ToUpperInvariant() + " ";
        return keyword is "CREATE" or "ATTACH" ? head.Contains(" IF NOT EXISTS ", StringComparison.Ordinal) : head.Contains(" IF EXISTS ", StringComparison.Ordinal);
    }

    /// <summary>
    /// The settings of a query to <paramref name="endpoint"/>: for a read-only one, with
    /// <c>cancel_http_readonly_queries_on_client_close=1</c> where it stops the query when the client goes away
    /// (<see cref="ServerInsertSettings.StopsQueriesOnClientClose"/>: the server has the setting and runs this user's
    /// queries with <c>readonly=2</c>; a POST with <c>readonly=0</c> is never watched, so there the setting would do
    /// nothing, and <c>KILL QUERY</c> is what stops it). The endpoint's settings are asked once, by the first INSERT that
    /// needs them or along with the first <c>KILL QUERY</c> sent there: until then, and on an endpoint where no query was
    /// ever abandoned, queries go without (and cost no extra request).
    /// </summary>
    private IDictionary<string, string>? WithCancelOnClientClose(Uri endpoint, string operation, IDictionary<string, string>? settings)
    {
        if (!_killCancelledQueries || operation is not ("SELECT" or "WITH" or "SHOW" or "DESCRIBE" or "DESC" or "EXISTS" or "EXPLAIN")
            || settings?.ContainsKey(ServerInsertSettings.CancelOnClientClose) == true
            || !_serverSettings.Known(endpoint).StopsQueriesOnClientClose)
        {
            return settings;
        }
        var copy = settings is null ? new Dictionary<string, string>(StringComparer.Ordinal) : new Dictionary<string, string>(settings, StringComparer.Ordinal);
        copy[ServerInsertSettings.CancelOnClientClose] = "1";
        return copy;
    }

    /// <summary>
    /// A query id for a request whose caller named none, so that the client can stop it on the server: a version 4
    /// UUID drawn from <see cref="Random.Shared"/> (seeded per thread by the operating system), as unique as
    /// <see cref="Guid.NewGuid"/>'s without its system call per request. A query id names a query; it is no secret.
    /// </summary>
    private static string NewQueryId()
    {
        Span<byte> bytes = stackalloc byte[16];
        Random.Shared.NextBytes(bytes);
        bytes[7] = (byte)((bytes[7] & 0x0F) | 0x40);
        bytes[8] = (byte)((bytes[8] & 0x3F) | 0x80);
        return new Guid(bytes).ToString();
    }

    /// <summary>
    /// Asks <paramref name="endpoint"/> to stop the query <paramref name="queryId"/>, in the background: best effort, at most
    /// <see cref="KillTimeout"/>, at most <see cref="MaxKillsInFlight"/> at once, never blocking or failing the caller.
    /// </summary>
    internal void KillSoon(Uri endpoint, string queryId)
    {
        if (!_killCancelledQueries)
        {
            return;
        }
        if (Interlocked.Increment(ref _killsInFlight) > MaxKillsInFlight)
        {
            Interlocked.Decrement(ref _killsInFlight);
            RoutingTelemetry.Kill(endpoint, "skipped");
            return;
        }
        // The kill outlives the request that was abandoned: it must not run inside that request's span.
        using (ExecutionContext.SuppressFlow())
        {
            _ = Task.Run(() => KillAsync(endpoint, queryId));
        }
    }

    private async Task KillAsync(Uri endpoint, string queryId)
    {
        try
        {
            string sql = $"KILL QUERY WHERE query_id = {StringLiteral(queryId)} ASYNC";
            var content = new ByteArrayContent(Encoding.UTF8.GetBytes(sql));
            using HttpRequestMessage request = CreateRequest(endpoint, null, content, null, NewQueryId(), null, null);
            var telemetry = new RequestTelemetry("KILL", null, null, endpoint, null, [new("clickhouse.killed_query_id", queryId)]);
            HttpResponseMessage response = await SendAsync(request, null, KillTimeout, "the client's KILL QUERY limit", telemetry, CancellationToken.None)
                .ConfigureAwait(false);
            using var timeLimit = new CancellationTokenSource(KillTimeout);
            await using ClickHouseResponseStream body = await OpenBodyAsync(response, null, telemetry, timeLimit.Token).ConfigureAwait(false);
            await body.CopyToAsync(Stream.Null, timeLimit.Token).ConfigureAwait(false);
            RoutingTelemetry.Kill(endpoint, "sent");
            // Queries are abandoned here: the later ones may ask the server itself to stop them (WithCancelOnClientClose).
            _ = _serverSettings.GetAsync(endpoint, CancellationToken.None);
        }
        catch (Exception)
        {
            // Best effort: the request's span and the counter say it failed; the caller has long moved on.
            RoutingTelemetry.Kill(endpoint, "failed");
        }
        finally
        {
            Interlocked.Decrement(ref _killsInFlight);
        }
    }

    /// <summary>Asks an endpoint's <c>/ping</c> (no credentials needed): true when it answered, as a server or a proxy that is up.</summary>
    private async Task<bool> PingAsync(Uri endpoint, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, new Uri(endpoint, "ping"));
        using HttpResponseMessage response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        return (int)response.StatusCode < 500;
    }
}
