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
        var options = new ClickHouseInsertOptions { QueryId = $"partial-insert-{Guid.NewGuid():N}" };
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
        var options = new ClickHouseInsertOptions();
        options.Settings["max_insert_block_size"] = BlockRows.ToString(CultureInfo.InvariantCulture);
        string table = "partial_insert_small";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {Quoted(table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));

        await Assert.ThrowsAsync<InvalidOperationException>(() => server.Client.InsertAsync(table, Rows(() => throw new InvalidOperationException("failed"), failAt: 9_000), options));
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
