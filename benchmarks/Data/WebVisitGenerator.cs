using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>
/// Deterministic <c>web_visits</c> rows: the same seed gives the same rows in the host process (which sizes the
/// throughput columns) and in the benchmark process. URLs are 30 to 60 ASCII characters, as real page URLs are.
/// </summary>
public static class WebVisitGenerator
{
    private const int Seed = 20240601;
    private const int MinUrlLength = 30;
    private const int MaxUrlLength = 60;

    private static readonly string[] s_hosts =
    [
        "www.example.com", "shop.example.org", "news.example.net", "blog.example.io", "docs.example.dev",
        "m.example.com", "forum.example.org", "example.co.uk",
    ];

    private static readonly string[] s_sections =
    [
        "products", "category/shoes", "article", "search", "user/profile", "docs/guide", "cart", "news/world",
        "help", "p",
    ];

    private static readonly string[] s_words =
    [
        "summer", "sale", "running", "blue", "jacket", "how", "to", "install", "clickhouse", "fast", "query",
        "review", "best", "price", "new", "release", "guide", "home", "garden", "travel", "city", "weather",
    ];

    private static readonly DateOnly s_firstDay = new(2024, 1, 1);

    /// <summary>Yields <paramref name="count"/> rows; the first <c>n</c> rows are the same for any count.</summary>
    public static IEnumerable<WebVisit> Generate(int count)
    {
        var random = new Random(Seed);
        var url = new StringBuilder(64);
        for (int i = 0; i < count; i++)
        {
            yield return new WebVisit(
                Day: s_firstDay.AddDays(random.Next(366)),
                PageUrl: NextUrl(random, url, i),
                CountryId: (ushort)random.Next(1, 250),
                BrowserId: (byte)random.Next(1, 20),
                DeviceId: (byte)random.Next(1, 6),
                OsId: (byte)random.Next(1, 13),
                Visits: NextVisits(random));
        }
    }

    private static string NextUrl(Random random, StringBuilder url, int rowIndex)
    {
        int length = random.Next(MinUrlLength, MaxUrlLength + 1);
        url.Clear()
            .Append("https://")
            .Append(s_hosts[random.Next(s_hosts.Length)])
            .Append('/')
            .Append(s_sections[random.Next(s_sections.Length)])
            .Append('/');
        // A row number keeps most URLs distinct, as page URLs with ids and query strings are.
        string id = rowIndex.ToString("x", CultureInfo.InvariantCulture);
        while (url.Length + id.Length + 1 < length)
        {
            url.Append(s_words[random.Next(s_words.Length)]).Append('-');
        }
        url.Append(id);
        url.Length = Math.Min(url.Length, MaxUrlLength);
        return url.ToString();
    }

    private static ulong NextVisits(Random random)
    {
        // Mostly small counts, now and then a popular page: a realistic spread of UInt64 magnitudes.
        return random.Next(100) switch
        {
            < 90 => (ulong)random.Next(1, 1_000),
            < 99 => (ulong)random.Next(1_000, 1_000_000),
            _ => (ulong)random.NextInt64(1_000_000, long.MaxValue),
        };
    }
}
