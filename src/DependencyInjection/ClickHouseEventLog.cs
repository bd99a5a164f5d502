using System;
using System.Diagnostics.Tracing;
using System.Globalization;
using System.Linq;
using Microsoft.Extensions.Logging;

namespace ClickHouse.RowBinary.DependencyInjection;

/// <summary>
/// Logs the events of the library's event source (<see cref="ClickHouseDiagnostics.EventSourceName"/>) in the category
/// <c>ClickHouse.RowBinary</c>, at their own level: a server whose <c>system.settings</c> the client may not read, a
/// metrics listener that threw, a batch inserter's unexpected error. The event source is the process's: a process
/// with several hosts logs each event in each of them.
/// </summary>
internal sealed class ClickHouseEventLog : EventListener
{
    private ILogger? _logger;

    public ClickHouseEventLog(ILoggerFactory loggers) => _logger = loggers.CreateLogger(ClickHouseRequestLog.Category);

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        // Called from the base constructor for sources that exist already, before this one's body has run.
        if (eventSource.Name == ClickHouseDiagnostics.EventSourceName)
        {
            EnableEvents(eventSource, EventLevel.Informational);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (_logger is not { } logger || eventData.Message is null)
        {
            return;
        }
        LogLevel level = eventData.Level switch
        {
            EventLevel.Critical => LogLevel.Critical,
            EventLevel.Error => LogLevel.Error,
            EventLevel.Warning => LogLevel.Warning,
            _ => LogLevel.Information,
        };
        if (logger.IsEnabled(level))
        {
            string message = string.Format(CultureInfo.InvariantCulture, eventData.Message, eventData.Payload?.ToArray() ?? []);
            logger.Log(level, new EventId(100 + eventData.EventId, eventData.EventName), message, null, static (text, _) => text);
        }
    }

    public override void Dispose()
    {
        _logger = null;
        base.Dispose();
    }
}
