using System.Diagnostics.Tracing;

namespace ClickHouse.RowBinary;

/// <summary>
/// What the library has to tell an operator beyond its requests' spans: events on the <c>ClickHouse-RowBinary</c> event
/// source (<see cref="ClickHouseDiagnostics.EventSourceName"/>), read with an <see cref="EventListener"/>,
/// <c>dotnet-trace</c>, or the DI companion, which logs them.
/// </summary>
[EventSource(Name = ClickHouseDiagnostics.EventSourceName)]
internal sealed class ClickHouseEventSource : EventSource
{
    public static readonly ClickHouseEventSource Log = new();

    public const int ServerSettingsUnreadableId = 1;
    public const int InstrumentListenerFailedId = 2;
    public const int BatchInserterFailedId = 3;
    public const int BatchLimitsChangedId = 4;

    private ClickHouseEventSource()
    {
    }

    [Event(ServerSettingsUnreadableId, Level = EventLevel.Warning,
        Message = "ClickHouse at {0} did not let this client read system.settings ({1}): INSERTs sent there carry no insert_deduplication_token, and a failed INSERT's committed blocks are judged by ClickHouse's default block size")]
    public void ServerSettingsUnreadable(string endpoint, string error) => WriteEvent(ServerSettingsUnreadableId, endpoint, error);

    [Event(InstrumentListenerFailedId, Level = EventLevel.Error,
        Message = "A listener of the instrument {0} threw, and the measurement was dropped: {1}")]
    public void InstrumentListenerFailed(string instrument, string error) => WriteEvent(InstrumentListenerFailedId, instrument, error);

    [Event(BatchInserterFailedId, Level = EventLevel.Error,
        Message = "The batch inserter for {0} met an unexpected error; it goes on sending: {1}")]
    public void BatchInserterFailed(string table, string error) => WriteEvent(BatchInserterFailedId, table, error);

    [Event(BatchLimitsChangedId, Level = EventLevel.Informational,
        Message = "The batch inserter for {0} now sends a batch after {1} ms or {2} rows: wider than its options while the server signals too many parts or delays inserts, back to them when it is calm")]
    public void BatchLimitsChanged(string table, int delayMilliseconds, int rows) => WriteEvent(BatchLimitsChangedId, table, delayMilliseconds, rows);
}
