using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace ClickHouse.RowBinary;

/// <summary>
/// The names under which this library reports metrics (<see cref="Meter"/>) and traces (<see cref="ActivitySource"/>):
/// subscribe with <c>AddMeter(ClickHouseDiagnostics.MeterName)</c> and <c>AddSource(ClickHouseDiagnostics.ActivitySourceName)</c>
/// in OpenTelemetry, or with a <see cref="MeterListener"/> / <see cref="ActivityListener"/>.
/// </summary>
public static class ClickHouseDiagnostics
{
    /// <summary>The meter's name: <c>ClickHouse.RowBinary</c>.</summary>
    public const string MeterName = "ClickHouse.RowBinary";

    /// <summary>The activity source's name: <c>ClickHouse.RowBinary</c>.</summary>
    public const string ActivitySourceName = "ClickHouse.RowBinary";

    /// <summary>
    /// The name of the event source on which the library reports what concerns an operator beyond single requests (a
    /// server whose <c>system.settings</c> it may not read, a metrics listener that threw): <c>ClickHouse-RowBinary</c>.
    /// Read it with an <see cref="System.Diagnostics.Tracing.EventListener"/> or <c>dotnet-trace</c>; the DI companion logs it.
    /// </summary>
    public const string EventSourceName = "ClickHouse-RowBinary";

    internal static readonly Meter Meter = new(MeterName, typeof(ClickHouseDiagnostics).Assembly.GetName().Version?.ToString());

    internal static readonly ActivitySource ActivitySource = new(ActivitySourceName, typeof(ClickHouseDiagnostics).Assembly.GetName().Version?.ToString());
}
