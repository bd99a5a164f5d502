using System;
using System.Globalization;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// A <c>web_visits</c> row as a class, the way both clients' users write it: our <see cref="ClickHouseRowAttribute"/>
/// and ClickHouse.Driver's POCO mapping (<c>RegisterPocoType</c>) on the same properties.
/// </summary>
[ClickHouseRow]
public sealed partial class PeerWebVisit : IPeerRow
{
    [ClickHouseColumn("day")]
    [Driver.ClickHouseColumn(Name = "day")]
    public DateOnly Day { get; set; }

    [ClickHouseColumn("page_url")]
    [Driver.ClickHouseColumn(Name = "page_url")]
    public string PageUrl { get; set; } = "";

    [ClickHouseColumn("country_id")]
    [Driver.ClickHouseColumn(Name = "country_id")]
    public ushort CountryId { get; set; }

    [ClickHouseColumn("browser_id")]
    [Driver.ClickHouseColumn(Name = "browser_id")]
    public byte BrowserId { get; set; }

    [ClickHouseColumn("device_id")]
    [Driver.ClickHouseColumn(Name = "device_id")]
    public byte DeviceId { get; set; }

    [ClickHouseColumn("os_id")]
    [Driver.ClickHouseColumn(Name = "os_id")]
    public byte OsId { get; set; }

    [ClickHouseColumn("visits")]
    [Driver.ClickHouseColumn(Name = "visits")]
    public ulong Visits { get; set; }

    public string Describe()
        => string.Create(CultureInfo.InvariantCulture, $"{Day:yyyy-MM-dd}|{PageUrl}|{CountryId}|{BrowserId}|{DeviceId}|{OsId}|{Visits}");
}
