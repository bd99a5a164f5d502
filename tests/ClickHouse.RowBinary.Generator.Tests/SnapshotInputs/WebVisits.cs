using System;
using ClickHouse.RowBinary;

namespace Analytics;

/// <summary>The benchmark's row: fixed-width columns and one string.</summary>
[ClickHouseRow]
public partial record WebVisit(
    [property: ClickHouseColumn("day")] DateOnly Day,
    [property: ClickHouseColumn("page_url")] string PageUrl,
    [property: ClickHouseColumn("country_id")] ushort CountryId,
    [property: ClickHouseColumn("browser_id")] byte BrowserId,
    [property: ClickHouseColumn("device_id")] byte DeviceId,
    [property: ClickHouseColumn("os_id")] byte OsId,
    [property: ClickHouseColumn("visits")] ulong Visits);
