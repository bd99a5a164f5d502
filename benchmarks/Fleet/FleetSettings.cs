using System;

namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>The batch inserter options every instance of a fleet runs with, named for the tables.</summary>
public sealed record FleetSettings(string Name, bool Adaptive, TimeSpan MaxDelay, int MaxRows)
{
    public ClickHouseBatchInserterOptions Options() => new()
    {
        MaxDelay = MaxDelay,
        MaxRows = MaxRows,
        AdaptToServerPressure = Adaptive,
    };
}
