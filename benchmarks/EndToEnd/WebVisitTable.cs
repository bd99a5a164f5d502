using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>A <c>web_visits</c> table on the benchmark server, and the checksum that proves what it holds.</summary>
public sealed class WebVisitTable(ClickHouseEndpoint endpoint, string name)
{
    public string Name { get; } = name;

    public string QuotedName => "`" + Name + "`";

    public string SelectAll => $"SELECT day, page_url, country_id, browser_id, device_id, os_id, visits FROM {QuotedName}";

    public Task CreateAsync()
        => endpoint.ExecuteAsync($"CREATE TABLE IF NOT EXISTS {QuotedName} ({WebVisit.Structure}) ENGINE = MergeTree() ORDER BY (day, country_id)");

    public Task TruncateAsync() => endpoint.ExecuteAsync($"TRUNCATE TABLE {QuotedName}");

    public async Task<string> ChecksumAsync()
    {
        string text = await endpoint.ExecuteAsync(
            "SELECT count(), sum(visits), sum(length(page_url)), sum(country_id), sum(browser_id), sum(device_id), sum(os_id), sum(toUInt16(day)) " +
            $"FROM {QuotedName} FORMAT TabSeparated").ConfigureAwait(false);
        return text.Trim();
    }

    /// <summary>The checksum the table has when it holds exactly <paramref name="rows"/>, in any order.</summary>
    public static string ExpectedChecksum(WebVisit[] rows)
    {
        ulong visits = 0;
        foreach (WebVisit row in rows)
        {
            visits = unchecked(visits + row.Visits); // ClickHouse's sum(UInt64) wraps around the same way
        }
        long[] sums =
        [
            rows.Sum(r => (long)System.Text.Encoding.UTF8.GetByteCount(r.PageUrl)),
            rows.Sum(r => (long)r.CountryId),
            rows.Sum(r => (long)r.BrowserId),
            rows.Sum(r => (long)r.DeviceId),
            rows.Sum(r => (long)r.OsId),
            rows.Sum(r => (long)(r.Day.DayNumber - DateOnly.FromDateTime(DateTime.UnixEpoch).DayNumber)),
        ];
        return string.Join('\t', new[] { rows.Length.ToString(CultureInfo.InvariantCulture), visits.ToString(CultureInfo.InvariantCulture) }
            .Concat(sums.Select(s => s.ToString(CultureInfo.InvariantCulture))));
    }

    /// <summary>
    /// Fills the table with <paramref name="rows"/> unless it holds them already (the checksum tells), so that a read
    /// table is filled once per row count and kept across runs.
    /// </summary>
    public async Task FillOnceAsync(WebVisit[] rows)
    {
        if (await ChecksumAsync().ConfigureAwait(false) == ExpectedChecksum(rows))
        {
            return;
        }
        await TruncateAsync().ConfigureAwait(false);
        using HttpRequestMessage request = endpoint.CreateRequest($"INSERT INTO {QuotedName} FORMAT RowBinary");
        request.Content = new BatchedRowsContent(rows, new ArrayBufferWriter<byte>(), WebVisitSpanWriter.Write);
        using HttpResponseMessage response = await ClickHouseEndpoint.SendAsync(request, HttpCompletionOption.ResponseContentRead).ConfigureAwait(false);
        await VerifyHoldsAsync(rows, "Filling the read table").ConfigureAwait(false);
    }

    /// <summary>Reads the table back and compares it with <paramref name="rows"/>, row by row, in any order.</summary>
    public async Task VerifyHoldsAsync(WebVisit[] rows, string after)
    {
        using ClickHouseClient client = EndToEndClient.Create(endpoint);
        List<WebVisit> stored = await client.QueryListAsync<WebVisit>(SelectAll).ConfigureAwait(false);
        Check.SameItems($"{after}: the rows of {Name}", Sorted(rows), Sorted(stored));
    }

    private static List<string> Sorted(IEnumerable<WebVisit> rows) => [.. rows.Select(r => r.ToString()).Order(StringComparer.Ordinal)];
}
