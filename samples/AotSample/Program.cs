using System.Net;
using ClickHouse.RowBinary;

// Writes a few rows to RowBinaryWithNamesAndTypes in memory, reads them back and prints them: the same code the
// generator emits for any row type, with no reflection, compiled ahead of time. Then, where CLICKHOUSE_URL names a
// server, a real round trip over HTTP: create a table from a row type, insert, a typed query, and a server error.
Visit[] visits =
[
    new(new DateOnly(2025, 1, 1), "https://example.com/", 1, Browser.Firefox, new DateTime(2025, 1, 1, 8, 30, 0, DateTimeKind.Utc), IPAddress.Parse("2001:db8::1"), ["home"]),
    new(new DateOnly(2025, 1, 2), "https://example.com/docs", 49, Browser.Chrome, new DateTime(2025, 1, 2, 17, 5, 0, DateTimeKind.Utc), IPAddress.Parse("2001:db8::2"), ["docs", "api"]),
    new(new DateOnly(2025, 1, 3), "https://example.com/pricing", 33, Browser.Other, new DateTime(2025, 1, 3, 23, 59, 59, DateTimeKind.Utc), IPAddress.IPv6Loopback, []),
];

using var stream = new MemoryStream();
await RowBinarySerializer.WriteAsync(stream, visits, RowBinaryFormat.RowBinaryWithNamesAndTypes);
Console.WriteLine($"Wrote {visits.Length} rows in {stream.Length} bytes with the columns {Visit.Columns}.");

stream.Position = 0;
List<Visit> read = await RowBinarySerializer.ReadListAsync<Visit>(stream, RowBinaryFormat.RowBinaryWithNamesAndTypes);
foreach (Visit visit in read)
{
    Console.WriteLine($"{visit.Day:yyyy-MM-dd} {visit.PageUrl} country={visit.CountryId} browser={visit.Browser} at={visit.At:O} ip={visit.Ip} tags=[{string.Join(", ", visit.Tags)}]");
}

if (!read.Select(v => (v.Day, v.PageUrl, v.CountryId, v.Browser, v.At, v.Ip, string.Join(",", v.Tags)))
        .SequenceEqual(visits.Select(v => (v.Day, v.PageUrl, v.CountryId, v.Browser, v.At, v.Ip, string.Join(",", v.Tags)))))
{
    Console.Error.WriteLine("The rows read back differ from the rows written.");
    return 1;
}
return await HttpRoundTrip.RunAsync();

[ClickHouseRow]
internal sealed partial record Visit(
    [property: ClickHouseColumn("day")] DateOnly Day,
    [property: ClickHouseColumn("page_url")] string PageUrl,
    [property: ClickHouseColumn("country_id")] ushort CountryId,
    [property: ClickHouseColumn("browser")] Browser Browser,
    [property: ClickHouseColumn("at", Type = "DateTime64(3, 'UTC')")] DateTime At,
    [property: ClickHouseColumn("ip")] IPAddress Ip,
    [property: ClickHouseColumn("tags")] string[] Tags)
{
    public static string Columns => ClickHouseRowSchema.Of<Visit>().ColumnList;
}

internal enum Browser : sbyte
{
    Other = 0,
    Firefox = 1,
    Chrome = 2,
}
