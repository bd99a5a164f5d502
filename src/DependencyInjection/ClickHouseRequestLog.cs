using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using Microsoft.Extensions.Logging;

namespace ClickHouse.RowBinary.DependencyInjection;

/// <summary>
/// Logs what the library does, from its spans and instruments (the core package logs nothing itself and depends on no
/// logging library), at the level a user acts on: each request at Debug, and so the failures that are expected (an
/// old server's unknown format, asked once) or that the caller asked for (a cancellation); each batch inserter attempt
/// that failed at Information with the batch's size, the endpoint, the attempt's number and the cause; a Warning when
/// an endpoint goes down, when it is back, when a request moves to another endpoint, and when a cancelled query is
/// killed on its server; Error when a batch fails for good; Warning for any other failed request. Spans carry no credentials, so neither do the logs: no password, no <c>X-ClickHouse-Key</c>.
/// </summary>
internal sealed partial class ClickHouseRequestLog : IDisposable
{
    /// <summary>The category of these logs.</summary>
    public const string Category = "ClickHouse.RowBinary";

    private const string UnavailableEndpoints = "clickhouse.client.endpoints.unavailable";
    private const string Failovers = "clickhouse.client.failovers";
    private const string Kills = "clickhouse.client.queries.killed";
    private const string RowsFailed = "clickhouse.inserter.rows.failed";

    private readonly ILogger _logger;
    private readonly ActivityListener _spans;
    private readonly MeterListener _instruments;

    /// <summary>Per endpoint (<c>host:port</c>): how many inserters have it down, since when, and the last failure seen there.</summary>
    private readonly ConcurrentDictionary<string, EndpointState> _endpoints = new(StringComparer.Ordinal);

    public ClickHouseRequestLog(ILoggerFactory loggers)
    {
        _logger = loggers.CreateLogger(Category);
        _spans = new ActivityListener
        {
            ShouldListenTo = source => source.Name == ClickHouseDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => _logger.IsEnabled(LogLevel.Warning) ? ActivitySamplingResult.AllData : ActivitySamplingResult.None,
            ActivityStopped = Log,
        };
        ActivitySource.AddActivityListener(_spans);
        _instruments = new MeterListener
        {
            InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName && instrument.Name is UnavailableEndpoints or Failovers or Kills or RowsFailed)
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            },
        };
        _instruments.SetMeasurementEventCallback<long>(Measured);
        _instruments.Start();
    }

    public void Dispose()
    {
        _spans.Dispose();
        _instruments.Dispose();
    }

    private void Log(Activity request)
    {
        string server = $"{request.GetTagItem("server.address")}:{request.GetTagItem("server.port")}";
        string queryId = request.GetTagItem("clickhouse.query_id") as string ?? "-";
        double milliseconds = request.Duration.TotalMilliseconds;
        int? attempt = request.GetTagItem("clickhouse.insert.attempt") as int?;
        if (request.Status != ActivityStatusCode.Error)
        {
            if (attempt > 0)
            {
                AttemptSucceeded(_logger, request.DisplayName, attempt.Value + 1, Rows(request), server, milliseconds, queryId);
            }
            else
            {
                RequestCompleted(_logger, request.DisplayName, server, milliseconds, queryId);
            }
            return;
        }
        string errorType = request.GetTagItem("error.type") as string ?? "-";
        string error = request.StatusDescription ?? "";
        _endpoints.GetOrAdd(server, _ => new EndpointState()).LastFailure = $"{errorType}: {error}";
        if (attempt is not null)
        {
            AttemptFailed(_logger, request.DisplayName, attempt.Value + 1, Rows(request), server, milliseconds, errorType, error, queryId);
        }
        else if (request.GetTagItem("clickhouse.fallback") is string fallback)
        {
            FellBack(_logger, request.DisplayName, server, error, fallback, queryId);
        }
        else if (errorType is "System.OperationCanceledException" or "System.Threading.Tasks.TaskCanceledException")
        {
            RequestCancelled(_logger, request.DisplayName, server, milliseconds, queryId);
        }
        else if (request.Parent?.GetTagItem("clickhouse.insert.attempt") is not null)
        {
            // Part of an INSERT attempt (asking the server for a setting): the attempt's own entry gives the cause.
            RequestFailedWithinAttempt(_logger, request.DisplayName, server, milliseconds, errorType, error, queryId);
        }
        else
        {
            RequestFailed(_logger, request.DisplayName, server, milliseconds, errorType, error, queryId);
        }
    }

    private void Measured(Instrument instrument, long value, ReadOnlySpan<KeyValuePair<string, object?>> tags, object? state)
    {
        string? table = null, errorType = null, operation = null, outcome = null;
        object? address = null, port = null;
        foreach (KeyValuePair<string, object?> tag in tags)
        {
            switch (tag.Key)
            {
                case "db.collection.name":
                    table = tag.Value as string;
                    break;
                case "server.address":
                    address = tag.Value;
                    break;
                case "server.port":
                    port = tag.Value;
                    break;
                case "error.type":
                    errorType = tag.Value as string;
                    break;
                case "db.operation.name":
                    operation = tag.Value as string;
                    break;
                case "outcome":
                    outcome = tag.Value as string;
                    break;
            }
        }
        string server = $"{address}:{port}";
        switch (instrument.Name)
        {
            case RowsFailed:
                BatchFailed(_logger, table ?? "-", value);
                return;
            case Failovers:
                MovedToAnotherEndpoint(_logger, operation ?? "-", server, errorType ?? "-");
                return;
            case Kills:
                QueryKilled(_logger, server, outcome ?? "-");
                return;
        }
        EndpointState endpoint = _endpoints.GetOrAdd(server, _ => new EndpointState());
        lock (endpoint)
        {
            int before = endpoint.Down;
            endpoint.Down = Math.Max(0, before + (int)value);
            if (before == 0 && endpoint.Down > 0)
            {
                endpoint.Since = Stopwatch.GetTimestamp();
                EndpointDown(_logger, server, endpoint.LastFailure ?? "-");
            }
            else if (before > 0 && endpoint.Down == 0)
            {
                EndpointBack(_logger, server, Stopwatch.GetElapsedTime(endpoint.Since).TotalSeconds);
            }
        }
    }

    private static int Rows(Activity request) => request.GetTagItem("db.operation.batch.size") as int? ?? 0;

    private sealed class EndpointState
    {
        public int Down { get; set; }

        public long Since { get; set; }

        public string? LastFailure { get; set; }
    }

    [LoggerMessage(EventId = 1, Level = LogLevel.Debug, Message = "ClickHouse {Request} on {Server} took {Milliseconds:F1} ms (query id {QueryId})")]
    private static partial void RequestCompleted(ILogger logger, string request, string server, double milliseconds, string queryId);

    [LoggerMessage(EventId = 2, Level = LogLevel.Warning, Message = "ClickHouse {Request} on {Server} failed after {Milliseconds:F1} ms with {ErrorType}: {Error} (query id {QueryId})")]
    private static partial void RequestFailed(ILogger logger, string request, string server, double milliseconds, string errorType, string error, string queryId);

    [LoggerMessage(EventId = 3, Level = LogLevel.Information, Message = "ClickHouse {Request}: attempt {Attempt} with a batch of {Rows} rows on {Server} succeeded after {Milliseconds:F1} ms (query id {QueryId})")]
    private static partial void AttemptSucceeded(ILogger logger, string request, int attempt, int rows, string server, double milliseconds, string queryId);

    [LoggerMessage(EventId = 4, Level = LogLevel.Information, Message = "ClickHouse {Request}: attempt {Attempt} with a batch of {Rows} rows on {Server} failed after {Milliseconds:F1} ms with {ErrorType}: {Error} (query id {QueryId})")]
    private static partial void AttemptFailed(ILogger logger, string request, int attempt, int rows, string server, double milliseconds, string errorType, string error, string queryId);

    [LoggerMessage(EventId = 5, Level = LogLevel.Debug, Message = "ClickHouse {Request} on {Server} was cancelled by its caller after {Milliseconds:F1} ms (query id {QueryId})")]
    private static partial void RequestCancelled(ILogger logger, string request, string server, double milliseconds, string queryId);

    [LoggerMessage(EventId = 6, Level = LogLevel.Debug, Message = "ClickHouse {Request} on {Server}: the server refused the format ({Error}); asking again as {Fallback}, as for every later query (query id {QueryId})")]
    private static partial void FellBack(ILogger logger, string request, string server, string error, string fallback, string queryId);

    [LoggerMessage(EventId = 7, Level = LogLevel.Debug, Message = "ClickHouse {Request} on {Server}, part of an INSERT attempt, failed after {Milliseconds:F1} ms with {ErrorType}: {Error} (query id {QueryId})")]
    private static partial void RequestFailedWithinAttempt(ILogger logger, string request, string server, double milliseconds, string errorType, string error, string queryId);

    [LoggerMessage(EventId = 8, Level = LogLevel.Warning, Message = "ClickHouse endpoint {Server} cannot be reached ({Cause}): requests go to other endpoints until it answers /ping, or retry")]
    private static partial void EndpointDown(ILogger logger, string server, string cause);

    [LoggerMessage(EventId = 9, Level = LogLevel.Warning, Message = "ClickHouse endpoint {Server} answers again, after {Seconds:F1} s")]
    private static partial void EndpointBack(ILogger logger, string server, double seconds);

    [LoggerMessage(EventId = 10, Level = LogLevel.Error, Message = "ClickHouse INSERT {Table}: a batch of {Rows} rows failed for good; its callers got the error (the attempts above say why)")]
    private static partial void BatchFailed(ILogger logger, string table, long rows);

    [LoggerMessage(EventId = 11, Level = LogLevel.Warning, Message = "ClickHouse {Operation} on {Server} failed with {ErrorType} before any row reached its caller: it goes to another endpoint")]
    private static partial void MovedToAnotherEndpoint(ILogger logger, string operation, string server, string errorType);

    [LoggerMessage(EventId = 12, Level = LogLevel.Warning, Message = "ClickHouse query cancelled or left unread by its caller on {Server}: KILL QUERY {Outcome} (the server runs an HTTP query to its end unless killed)")]
    private static partial void QueryKilled(ILogger logger, string server, string outcome);
}
