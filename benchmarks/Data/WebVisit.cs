using System;

namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>One row of the <c>web_visits</c> table the figures are about.</summary>
/// <remarks>A record struct, so that a <see cref="System.Collections.Generic.List{T}"/> of rows holds the values
/// inline and reading allocates only the strings.</remarks>
[ClickHouseRow]
public partial record struct WebVisit(
    [property: ClickHouseColumn("day")] DateOnly Day,
    [property: ClickHouseColumn("page_url")] string PageUrl,
    [property: ClickHouseColumn("country_id")] ushort CountryId,
    [property: ClickHouseColumn("browser_id")] byte BrowserId,
    [property: ClickHouseColumn("device_id")] byte DeviceId,
    [property: ClickHouseColumn("os_id")] byte OsId,
    [property: ClickHouseColumn("visits")] ulong Visits)
{
    /// <summary>The table's columns as a <c>CREATE TABLE</c> and the stand-ins' queries spell them.</summary>
    public const string Structure =
        "day Date, page_url String, country_id UInt16, browser_id UInt8, device_id UInt8, os_id UInt8, visits UInt64";

    /// <summary>The bytes that come before and after the URL: Date, UInt16, 3 x UInt8, UInt64.</summary>
    public const int FixedWidthBytes = 2 + 2 + 1 + 1 + 1 + 8;
}
