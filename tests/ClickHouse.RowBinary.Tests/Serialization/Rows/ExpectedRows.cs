using System.Globalization;
using System.Net;
using System.Text.Json;

namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>The rows of tables.json (ClickHouse's JSONEachRow) as the row types, for comparison.</summary>
internal static class ExpectedRows
{
    public static List<WebVisit> WebVisits() => [.. TableVectors.Rows("web_visits").Select(row => new WebVisit(
        DateOnly.ParseExact(row.GetProperty("day").GetString()!, "yyyy-MM-dd", CultureInfo.InvariantCulture),
        row.GetProperty("page_url").GetString()!,
        row.GetProperty("country_id").GetUInt16(),
        row.GetProperty("browser_id").GetByte(),
        row.GetProperty("device_id").GetByte(),
        row.GetProperty("os_id").GetByte(),
        row.GetProperty("visits").GetUInt64()))];

    public static List<Event> Events() => [.. TableVectors.Rows("events").Select(row => new Event
    {
        Id = Guid.Parse(row.GetProperty("id").GetString()!),
        Ts = DateTime.SpecifyKind(DateTime.ParseExact(row.GetProperty("ts").GetString()!, "yyyy-MM-dd HH:mm:ss.fff", CultureInfo.InvariantCulture), DateTimeKind.Utc),
        UserId = row.GetProperty("user_id").ValueKind == JsonValueKind.Null ? null : row.GetProperty("user_id").GetUInt64(),
        Kind = row.GetProperty("kind").GetString()!,
        Tags = [.. row.GetProperty("tags").EnumerateArray().Select(t => t.GetString()!)],
        Props = row.GetProperty("props").EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString()!),
        Amount = row.GetProperty("amount").GetDecimal(),
        Ip = IPAddress.Parse(row.GetProperty("ip").GetString()!),
        Flag = row.GetProperty("flag").GetBoolean(),
    })];

    /// <summary>Events compared member by member (arrays and dictionaries by content).</summary>
    public static void AssertEqual(IReadOnlyList<Event> expected, IReadOnlyList<Event> actual)
    {
        Assert.Equal(expected.Count, actual.Count);
        for (int i = 0; i < expected.Count; i++)
        {
            Event e = expected[i];
            Event a = actual[i];
            Assert.Equal(e.Id, a.Id);
            Assert.Equal(e.Ts, a.Ts);
            Assert.Equal(DateTimeKind.Utc, a.Ts.Kind);
            Assert.Equal(e.UserId, a.UserId);
            Assert.Equal(e.Kind, a.Kind);
            Assert.Equal(e.Tags, a.Tags);
            Assert.Equal(e.Props, a.Props);
            Assert.Equal(e.Amount, a.Amount);
            Assert.Equal(e.Ip, a.Ip);
            Assert.Equal(e.Flag, a.Flag);
        }
    }
}
