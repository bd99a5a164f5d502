using System;
using System.Globalization;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// A <c>web_visits</c> row as the driver at its best reads and writes it: <see cref="PeerWebVisit"/> with a
/// <see cref="DateTime"/> for the Date column, the type ClickHouse.Driver reads a Date as (a <see cref="DateOnly"/>
/// member costs it a conversion per value). Ours maps it too, so that the insert suite can build its rows.
/// </summary>
[ClickHouseRow]
public sealed partial class PeerWebVisitForDriver : IPeerRow
{
    [ClickHouseColumn("day", Type = "Date")]
    [Driver.ClickHouseColumn(Name = "day")]
    public DateTime Day { get; set; }

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
