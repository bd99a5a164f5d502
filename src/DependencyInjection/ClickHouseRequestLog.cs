using System;
using System.Diagnostics;
using System.Linq;
using Microsoft.Extensions.Logging;

namespace ClickHouse.RowBinary.DependencyInjection;

/// <summary>
/// Logs every request of the library from its spans (the core package logs nothing itself and depends on no logging
/// library): each request at Debug, failed requests and retried INSERT attempts at Warning. Spans carry no
/// credentials, so neither do the logs: no password, no <c>X-ClickHouse-Key</c>.
/// </summary>
internal sealed partial class ClickHouseRequestLog : IDisposable
{
    /// <summary>The category of these logs.</summary>
    public const string Category = "ClickHouse.RowBinary";

    private readonly ILogger _logger;
    private readonly ActivityListener _listener;

    public ClickHouseRequestLog(ILoggerFactory loggers)
    {
        _logger = loggers.CreateLogger(Category);
        _listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == ClickHouseDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => _logger.IsEnabled(LogLevel.Warning) ? ActivitySamplingResult.AllData : ActivitySamplingResult.None,
            ActivityStopped = Log,
        };
        ActivitySource.AddActivityListener(_listener);
    }

    public void Dispose() => _listener.Dispose();

    private void Log(Activity request)
    {
        string server = $"{request.GetTagItem("server.address")}:{request.GetTagItem("server.port")}";
        string queryId = request.GetTagItem("clickhouse.query_id") as string ?? "-";
        int attempt = request.GetTagItem("clickhouse.insert.attempt") is int n ? n : 0;
        double milliseconds = request.Duration.TotalMilliseconds;
        if (request.Status == ActivityStatusCode.Error)
        {
            RequestFailed(_logger, request.DisplayName, server, milliseconds, request.GetTagItem("error.type") as string ?? "-", request.StatusDescription ?? "", queryId);
        }
        else if (attempt > 0)
        {
            RetrySucceeded(_logger, request.DisplayName, server, attempt, milliseconds, queryId);
        }
        else
        {
            RequestCompleted(_logger, request.DisplayName, server, milliseconds, queryId);
        }
    }

    [LoggerMessage(EventId = 1, Level = LogLevel.Debug, Message = "ClickHouse {Request} on {Server} took {Milliseconds:F1} ms (query id {QueryId})")]
    private static partial void RequestCompleted(ILogger logger, string request, string server, double milliseconds, string queryId);

    [LoggerMessage(EventId = 2, Level = LogLevel.Warning, Message = "ClickHouse {Request} on {Server} failed after {Milliseconds:F1} ms with {ErrorType}: {Error} (query id {QueryId})")]
    private static partial void RequestFailed(ILogger logger, string request, string server, double milliseconds, string errorType, string error, string queryId);

    [LoggerMessage(EventId = 3, Level = LogLevel.Warning, Message = "ClickHouse {Request} on {Server} succeeded on retry {Attempt} after {Milliseconds:F1} ms (query id {QueryId})")]
    private static partial void RetrySucceeded(ILogger logger, string request, string server, int attempt, double milliseconds, string queryId);
}
