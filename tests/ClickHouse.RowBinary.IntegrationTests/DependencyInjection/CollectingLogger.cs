using Microsoft.Extensions.Logging;

namespace ClickHouse.RowBinary.IntegrationTests.DependencyInjection;

/// <summary>A logger provider that keeps every entry, at every level, for a test to read.</summary>
internal sealed class CollectingLogger : ILoggerProvider
{
    public List<(string Category, LogLevel Level, string Message)> Entries { get; } = [];

    /// <summary>The entries of the library's category, in order.</summary>
    public List<(LogLevel Level, string Message)> Library()
    {
        lock (Entries)
        {
            return [.. Entries.Where(e => e.Category == "ClickHouse.RowBinary").Select(e => (e.Level, e.Message))];
        }
    }

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose()
    {
    }

    private sealed class Logger(CollectingLogger owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            lock (owner.Entries)
            {
                owner.Entries.Add((category, logLevel, formatter(state, exception)));
            }
        }
    }
}
