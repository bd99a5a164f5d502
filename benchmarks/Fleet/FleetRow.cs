namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>What each application instance of the fleet inserts: an id unique in the run, to count rows exactly once, and a page.</summary>
[ClickHouseRow]
public partial record struct FleetRow(
    [property: ClickHouseColumn("id")] ulong Id,
    [property: ClickHouseColumn("instance")] uint Instance,
    [property: ClickHouseColumn("page")] string Page);
