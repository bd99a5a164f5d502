using System;
using System.Globalization;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// <see cref="PeerWebVisit"/> for a user who knows page URLs repeat: <c>CacheStrings</c> on <c>page_url</c> keeps its
/// string cache on whatever the hit rate (every String column caches by default, but turns its cache off when values
/// do not repeat). ClickHouse.Driver has no such option.
/// </summary>
[ClickHouseRow]
public sealed partial class PeerWebVisitCached : IPeerRow
{
    [ClickHouseColumn("day")]
    [Driver.ClickHouseColumn(Name = "day")]
    public DateOnly Day { get; set; }

    [ClickHouseColumn("page_url", CacheStrings = true)]
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
