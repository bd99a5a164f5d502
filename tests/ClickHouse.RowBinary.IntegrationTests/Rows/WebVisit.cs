namespace ClickHouse.RowBinary.IntegrationTests.Rows;

/// <summary>The web_visits shape of the golden vectors (tables.json), as a struct: producing rows allocates nothing.</summary>
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
    public const string Columns = "day Date, page_url String, country_id UInt16, browser_id UInt8, device_id UInt8, os_id UInt8, visits UInt64";

    private static readonly string[] s_pages = Enumerable.Range(0, 1000).Select(i => $"https://example.com/p/{i}").ToArray();

    private static readonly DateOnly s_firstDay = new(2025, 1, 1);

    /// <summary>Row <paramref name="i"/> of a deterministic data set; strings come from a fixed pool.</summary>
    public static WebVisit Make(long i) => new(
        s_firstDay.AddDays((int)(i % 365)),
        s_pages[i % s_pages.Length],
        (ushort)(i % 250),
        (byte)(i % 7),
        (byte)(i % 3),
        (byte)(i % 5),
        (ulong)(i * 17));

    public static IEnumerable<WebVisit> Generate(long count)
    {
        for (long i = 0; i < count; i++)
        {
            yield return Make(i);
        }
    }
}
