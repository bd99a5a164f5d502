using ClickHouse.RowBinary.IntegrationTests.Rows;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// A million rows each way with memory that does not grow with the row count: the same bound holds for 100,000
/// rows and for 1,000,000. (The test assembly runs no tests in parallel, so process-wide figures are this test's.)
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class BoundedMemoryTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    /// <summary>Allocated while inserting, whatever the row count: buffers and HTTP plumbing, nothing per row.</summary>
    private const long InsertAllocationBound = 4 * 1024 * 1024;

    /// <summary>Live heap while streaming a read, above what was live before it: buffers and one batch of rows.</summary>
    private const long ReadLiveHeapBound = 24 * 1024 * 1024;

    [ServerFact]
    public async Task Inserting_a_million_rows_allocates_no_more_than_a_hundred_thousand()
    {
        string table = await CreateTableAsync("bounded_insert");
        // Warm up JIT, connections and pools with whole blocks: the first full-size block rents its buffers from the
        // shared pool, which is new memory the first time any test asks for that size.
        await server.Client.InsertAsync(table, WebVisit.Generate(100_000));

        long small = await AllocatedWhileInsertingAsync(table, 100_000);
        long large = await AllocatedWhileInsertingAsync(table, 1_000_000);

        output.WriteLine($"allocated while inserting: 100,000 rows {small:N0} bytes, 1,000,000 rows {large:N0} bytes");
        Assert.True(small < InsertAllocationBound, $"100,000 rows allocated {small:N0} bytes");
        Assert.True(large < InsertAllocationBound, $"1,000,000 rows allocated {large:N0} bytes (100,000 rows: {small:N0})");
        Assert.Equal("1200000\n", await server.Client.QueryTextAsync($"SELECT count() FROM {table}"));
    }

    [ServerFact]
    public async Task Streaming_a_million_rows_keeps_the_live_heap_as_small_as_a_hundred_thousand()
    {
        string table = await CreateTableAsync("bounded_read");
        await server.Client.InsertAsync(table, WebVisit.Generate(1_000_000));

        (long smallPeak, long smallRows) = await PeakLiveHeapWhileReadingAsync($"SELECT * FROM {table} LIMIT 100000");
        (long largePeak, long largeRows) = await PeakLiveHeapWhileReadingAsync($"SELECT * FROM {table}");

        output.WriteLine($"live heap at the peak while reading: 100,000 rows {smallPeak:N0} bytes, 1,000,000 rows {largePeak:N0} bytes");
        Assert.Equal(100_000, smallRows);
        Assert.Equal(1_000_000, largeRows);
        Assert.True(smallPeak < ReadLiveHeapBound, $"100,000 rows: {smallPeak:N0} bytes live at the peak");
        Assert.True(largePeak < ReadLiveHeapBound, $"1,000,000 rows: {largePeak:N0} bytes live at the peak (100,000 rows: {smallPeak:N0})");
    }

    private async Task<string> CreateTableAsync(string name)
    {
        // The fixture's client has the test database as its default: unqualified names are found there.
        await server.Client.ExecuteAsync(Tables.Create<WebVisit>(server.Database, name, orderBy: "(day, page_url)"));
        return name;
    }

    private async Task<long> AllocatedWhileInsertingAsync(string table, int rows)
    {
        long before = GC.GetTotalAllocatedBytes(precise: true);
        ClickHouseInsertResult result = await server.Client.InsertAsync(table, WebVisit.Generate(rows));
        long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
        Assert.Equal(rows, result.Rows);
        return allocated;
    }

    private async Task<(long Peak, long Rows)> PeakLiveHeapWhileReadingAsync(string sql)
    {
        long baseline = GC.GetTotalMemory(forceFullCollection: true);
        long peak = 0;
        long rows = 0;
        await foreach (WebVisit visit in server.Client.QueryAsync<WebVisit>(sql))
        {
            Assert.Equal(WebVisit.Make((long)(visit.Visits / 17)), visit);
            if (++rows % 50_000 == 0)
            {
                peak = Math.Max(peak, GC.GetTotalMemory(forceFullCollection: true) - baseline);
            }
        }
        return (peak, rows);
    }
}
