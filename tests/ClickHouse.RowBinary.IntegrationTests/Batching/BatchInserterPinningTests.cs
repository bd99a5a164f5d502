using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// Where a batch goes after an attempt that may have been committed (sent, then the answer lost): a batch that carried
/// its deduplication token to a server that honours it is sent again only there, the one deduplication log known to hold
/// the token; a batch without a token moves to the next endpoint. Two fault proxies in front of one replay server that
/// answers as 26.9 (the token known) or 18.16 (unknown); the first proxy cuts every INSERT's answer after the server
/// answered it.
/// </summary>
public sealed class BatchInserterPinningTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task A_batch_that_may_have_landed_with_its_token_is_sent_again_only_to_the_same_endpoint()
    {
        await using var server = Server(RecordedSettings.ClickHouse26_9);
        await using var first = new FaultProxy(server.Url, seed: 1) { CutResponseChance = 1 };
        await using var second = new FaultProxy(server.Url, seed: 2);
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoints = { first.Endpoint, second.Endpoint } });
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(maxRetries: 2));

        Exception error = await Assert.ThrowsAnyAsync<Exception>(() => inserter.InsertAsync(EventRow.Numbered(1)).WaitAsync(Patience));

        Assert.True(error is IOException or HttpRequestException, error.ToString());
        Assert.Equal(3, Inserts(first));
        Assert.Equal(0, Inserts(second));
        string?[] tokens = [.. server.Requests.Where(r => r.IsInsert).Select(r => r.Parameters.GetValueOrDefault("insert_deduplication_token"))];
        Assert.Equal(3, tokens.Length);
        Assert.NotNull(tokens[0]);
        Assert.All(tokens, token => Assert.Equal(tokens[0], token));
    }

    [Fact]
    public async Task A_batch_that_may_have_landed_without_a_token_moves_to_the_next_endpoint()
    {
        await using var server = Server(RecordedSettings.ClickHouse18_16);
        await using var first = new FaultProxy(server.Url, seed: 1) { CutResponseChance = 1 };
        await using var second = new FaultProxy(server.Url, seed: 2);
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoints = { first.Endpoint, second.Endpoint } });
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(maxRetries: 2));

        await inserter.InsertAsync(EventRow.Numbered(1)).WaitAsync(Patience);

        Assert.Equal(1, Inserts(first));
        Assert.Equal(1, Inserts(second));
        Assert.All(server.Requests.Where(r => r.IsInsert), r => Assert.False(r.Parameters.ContainsKey("insert_deduplication_token")));
    }

    private static ReplayServer.ReplayServer Server(string settings)
        => new(TableSchemaAnswer.Describing(TableColumns.Of<EventRow>(), request => RecordedSettings.IsQuestion(request.Query)
            ? new ReplayResponse(Encoding.UTF8.GetBytes(settings))
            : ReplayResponse.Empty));

    private static ClickHouseBatchInserterOptions Options(int maxRetries) => new()
    {
        MaxDelay = TimeSpan.FromMilliseconds(1),
        RetryDelay = TimeSpan.FromMilliseconds(10),
        MaxRetries = maxRetries,
    };

    private static int Inserts(FaultProxy proxy) => proxy.RequestLines.Count(line => line.Contains("query=INSERT", StringComparison.Ordinal));
}
