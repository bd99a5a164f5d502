using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.ExternalTables;

/// <summary>A fixed-width row made on the fly, so that the test's own rows allocate nothing.</summary>
[ClickHouseRow]
public partial record struct PointRow([property: ClickHouseColumn("id")] ulong Id, [property: ClickHouseColumn("x")] double X);

/// <summary>
/// Ten million rows as an external table cost what a hundred thousand do: the rows are written into the request as it
/// goes out. (The test assembly runs no tests in parallel, so process-wide figures are this test's.)
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class ExternalTableMemoryTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    /// <summary>Allocated by a query whatever the size of its external table: buffers and HTTP plumbing, nothing per row.</summary>
    private const long AllocationBound = 4 * 1024 * 1024;

    [ServerFact]
    public async Task Ten_million_values_or_rows_allocate_no_more_than_a_hundred_thousand()
    {
        await CountAsync(Values(1000), Points(1000)); // warm up: JIT, connections, pools

        (long smallValues, long smallRows) = await AllocatedAsync(100_000);
        (long largeValues, long largeRows) = await AllocatedAsync(10_000_000);

        output.WriteLine($"allocated: 100,000 values {smallValues:N0} bytes, rows {smallRows:N0}; 10,000,000 values {largeValues:N0} bytes, rows {largeRows:N0}");
        foreach (long allocated in new[] { smallValues, smallRows, largeValues, largeRows })
        {
            Assert.True(allocated < AllocationBound, $"{allocated:N0} bytes allocated (100,000: {smallValues:N0} / {smallRows:N0}; 10,000,000: {largeValues:N0} / {largeRows:N0})");
        }
    }

    private async Task<(long Values, long Rows)> AllocatedAsync(int count)
    {
        long before = GC.GetTotalAllocatedBytes(precise: true);
        string values = await CountAsync(Values(count), null);
        long afterValues = GC.GetTotalAllocatedBytes(precise: true);
        string rows = await CountAsync(null, Points(count));
        long afterRows = GC.GetTotalAllocatedBytes(precise: true);
        ulong sum = (ulong)count * (ulong)(count - 1) / 2;
        Assert.Equal($"{count}\t{sum}\n", values);
        Assert.Equal($"{count}\t{sum}\n", rows);
        return (afterValues - before, afterRows - afterValues);
    }

    private Task<string> CountAsync(IEnumerable<ulong>? values, IEnumerable<PointRow>? rows)
    {
        var options = new ClickHouseQueryOptions
        {
            ExternalTables = { values is not null ? ClickHouseExternalTable.Create("big", "id", values) : ClickHouseExternalTable.Create("big", rows!) },
        };
        return server.Client.QueryTextAsync("SELECT count(), sum(id) FROM big", options);
    }

    private static IEnumerable<ulong> Values(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return (ulong)i;
        }
    }

    private static IEnumerable<PointRow> Points(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return new PointRow((ulong)i, i * 0.5);
        }
    }
}
