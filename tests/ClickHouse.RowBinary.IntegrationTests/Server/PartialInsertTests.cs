using System.Globalization;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// An <c>InsertAsync</c> larger than one server block that fails part way, against the real server: the server keeps the
/// blocks it finished, and the exception says how many rows may have stayed, the block size, and the remedy.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class PartialInsertTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    private const int BlockRows = 10_000;
    private const int FailAt = 35_000;

    public static TheoryData<string> Failures => ["rows throw", "cancelled"];

    [ServerTheory]
    [MemberData(nameof(Failures))]
    public async Task A_failed_insert_larger_than_a_block_says_what_may_have_stayed(string failure)
    {
        string table = $"partial_insert_{failure.Replace(' ', '_')}";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {Quoted(table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));
        var options = new ClickHouseInsertOptions { QueryId = $"partial-insert-{Guid.NewGuid():N}", WireFormat = ClickHouseWireFormat.RowBinary };
        // Blocks of 10,000 rows as the server parses them and as it writes them (min_insert_block_size_rows squashes).
        options.Settings["max_insert_block_size"] = BlockRows.ToString(CultureInfo.InvariantCulture);
        options.Settings["min_insert_block_size_rows"] = BlockRows.ToString(CultureInfo.InvariantCulture);
        using var cancellation = new CancellationTokenSource();

        ClickHousePartialInsertException error = await Assert.ThrowsAsync<ClickHousePartialInsertException>(() => failure == "cancelled"
            ? server.Client.InsertAsync(table, Rows(() => cancellation.Cancel()), options, cancellation.Token)
            : server.Client.InsertAsync(table, Rows(() => throw new InvalidOperationException("the rows failed")), options));

        output.WriteLine(error.Message);
        Assert.IsAssignableFrom(failure == "cancelled" ? typeof(OperationCanceledException) : typeof(InvalidOperationException), error.InnerException);
        Assert.InRange(error.RowsSent, 3 * BlockRows, FailAt);
        Assert.Equal(BlockRows, error.BlockRows);
        Assert.Equal(error.RowsSent / BlockRows * BlockRows, error.MayHaveCommittedRows);
        Assert.False(error.WholeBodySent);
        Assert.Null(error.DeduplicationToken);
        Assert.Contains($"{error.RowsSent:N0} rows had been sent", error.Message, StringComparison.Ordinal);
        Assert.Contains("max_insert_block_size", error.Message, StringComparison.Ordinal);
        Assert.Contains("DeduplicationToken", error.Message, StringComparison.Ordinal);

        await server.WaitUntilQueryEndsAsync(options.QueryId);
        long kept = long.Parse((await server.Client.QueryTextAsync($"SELECT count() FROM {Quoted(table)}")).Trim(), CultureInfo.InvariantCulture);
        output.WriteLine($"the table kept {kept:N0} rows");
        Assert.Equal(0, kept % BlockRows);
        Assert.InRange(kept, 0, error.MayHaveCommittedRows);
    }

    [ServerFact]
    public async Task A_failed_insert_smaller_than_a_block_is_thrown_as_it_is()
    {
        var options = new ClickHouseInsertOptions { WireFormat = ClickHouseWireFormat.RowBinary };
        options.Settings["max_insert_block_size"] = BlockRows.ToString(CultureInfo.InvariantCulture);
        string table = "partial_insert_small";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {Quoted(table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));

        await Assert.ThrowsAsync<InvalidOperationException>(() => server.Client.InsertAsync(table, Rows(() => throw new InvalidOperationException("failed"), failAt: 9_000), options));
    }

    [ServerFact]
    public async Task A_failed_native_insert_says_its_whole_blocks_may_have_stayed()
    {
        const int failAt = (2 * NativeSerializer.BlockRows) + 5_000;
        string table = "partial_insert_native";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {Quoted(table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));
        var options = new ClickHouseInsertOptions { QueryId = $"partial-insert-native-{Guid.NewGuid():N}", WireFormat = ClickHouseWireFormat.Native };
        // The server gathers Native blocks until they hold 10,000 rows: each block of 65,536 is committed as it arrives.
        // max_insert_block_size cuts only row formats: at 10,000 it must not make the client claim blocks of 10,000 rows.
        options.Settings["max_insert_block_size"] = BlockRows.ToString(CultureInfo.InvariantCulture);
        options.Settings["min_insert_block_size_rows"] = BlockRows.ToString(CultureInfo.InvariantCulture);
        options.Settings["min_insert_block_size_bytes"] = "0";

        ClickHousePartialInsertException error = await Assert.ThrowsAsync<ClickHousePartialInsertException>(
            () => server.Client.InsertAsync(table, Rows(() => throw new InvalidOperationException("the rows failed"), failAt), options));

        output.WriteLine(error.Message);
        Assert.Equal(2 * NativeSerializer.BlockRows, error.RowsSent);
        Assert.Equal(BlockRows, error.BlockRows);
        Assert.Equal(error.RowsSent, error.MayHaveCommittedRows);
        Assert.Contains("Native blocks", error.Message, StringComparison.Ordinal);
        Assert.Contains("min_insert_block_size_rows", error.Message, StringComparison.Ordinal);

        await server.WaitUntilQueryEndsAsync(options.QueryId);
        long kept = long.Parse((await server.Client.QueryTextAsync($"SELECT count() FROM {Quoted(table)}")).Trim(), CultureInfo.InvariantCulture);
        output.WriteLine($"the table kept {kept:N0} rows");
        // Whole Native blocks, and more than max_insert_block_size's arithmetic (130,000) would have said.
        Assert.Equal(0, kept % NativeSerializer.BlockRows);
        Assert.InRange(kept, 0, error.MayHaveCommittedRows);
    }

    [ServerFact]
    public async Task A_failed_native_insert_below_the_servers_minimums_is_thrown_as_it_is()
    {
        string table = "partial_insert_native_small";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {Quoted(table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));
        var options = new ClickHouseInsertOptions { QueryId = $"partial-insert-native-small-{Guid.NewGuid():N}", WireFormat = ClickHouseWireFormat.Native };
        options.Settings["min_insert_block_size_rows"] = "1000000";
        options.Settings["min_insert_block_size_bytes"] = "0";

        await Assert.ThrowsAsync<InvalidOperationException>(
            () => server.Client.InsertAsync(table, Rows(() => throw new InvalidOperationException("failed"), failAt: (2 * NativeSerializer.BlockRows) + 10), options));

        await server.WaitUntilQueryEndsAsync(options.QueryId);
        Assert.Equal("0", (await server.Client.QueryTextAsync($"SELECT count() FROM {Quoted(table)}")).Trim());
    }

    private static IEnumerable<EventRow> Rows(Action atFailure, int failAt = FailAt)
    {
        for (uint id = 0; ; id++)
        {
            if (id == failAt)
            {
                atFailure();
            }
            yield return EventRow.Numbered(id);
        }
    }

    private string Quoted(string table) => ClickHouseIdentifier.QuoteTable(server.Database, table);
}
