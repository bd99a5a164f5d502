namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>The web_visits table of tables.json as a positional record, its reader and writer generated.</summary>
[ClickHouseRow]
public sealed partial record WebVisit(
    [property: ClickHouseColumn("day")] DateOnly Day,
    [property: ClickHouseColumn("page_url")] string PageUrl,
    [property: ClickHouseColumn("country_id")] ushort CountryId,
    [property: ClickHouseColumn("browser_id")] byte BrowserId,
    [property: ClickHouseColumn("device_id")] byte DeviceId,
    [property: ClickHouseColumn("os_id")] byte OsId,
    [property: ClickHouseColumn("visits")] ulong Visits);
