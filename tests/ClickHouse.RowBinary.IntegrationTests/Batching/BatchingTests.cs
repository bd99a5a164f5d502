using System.Net;
using System.Net.Http;
using ClickHouse.RowBinary.IntegrationTests.Http;
using Microsoft.Extensions.Time.Testing;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// The batching logic against a fake transport (an HttpMessageHandler that records requests and answers as told):
/// when batches are sent, what they carry, who gets which outcome, retries, backpressure and disposal.
/// </summary>
public sealed class BatchingTests
{
    private static readonly TimeSpan Long = TimeSpan.FromHours(1);
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);

    /// <summary>Both formats a batch inserter sends: the batching works the same in each.</summary>
    public static TheoryData<ClickHouseWireFormat> WireFormats => new(ClickHouseWireFormat.RowBinary, ClickHouseWireFormat.Native);

    private static ClickHouseBatchInserterOptions Options(ClickHouseWireFormat format, Action<ClickHouseBatchInserterOptions>? configure = null)
    {
        var options = new ClickHouseBatchInserterOptions
        {
            MaxDelay = Long, RetryDelay = TimeSpan.FromMilliseconds(1), MaxRetryDelay = TimeSpan.FromMilliseconds(5), WireFormat = format,
        };
        configure?.Invoke(options);
        return options;
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task A_batch_is_sent_when_it_holds_MaxRows_rows_and_every_caller_is_acknowledged_with_it(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxRows = 3));

        Task[] calls = [.. Enumerable.Range(1, 3).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))];
        await Task.WhenAll(calls).WaitAsync(Patience);

        RecordedRequest insert = Assert.Single(BatchRequests.Inserts(server));
        Assert.Equal($"INSERT INTO `events` (`id`, `name`, `code`) FORMAT {format}", insert.Parameters["query"]);
        Assert.Equal([1u, 2u, 3u], BatchRequests.Rows(insert).Select(r => r.Id).Order());
        Assert.Equal(0, inserter.PendingRows);
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task A_batch_is_sent_when_it_holds_MaxBytes_bytes(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        int rowBytes = RowBinaryOf(EventRow.Numbered(1)).Length;
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxBytes = 2 * rowBytes));

        Task first = inserter.InsertAsync(EventRow.Numbered(1));
        Assert.False(first.IsCompleted);
        Task second = inserter.InsertAsync(EventRow.Numbered(2));
        await Task.WhenAll(first, second).WaitAsync(Patience);

        Assert.Equal([1u, 2u], BatchRequests.Rows(Assert.Single(BatchRequests.Inserts(server))).Select(r => r.Id));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task A_batch_is_sent_when_its_first_row_has_waited_MaxDelay(ClickHouseWireFormat format)
    {
        var time = new FakeTimeProvider();
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            Options(format, o => { o.MaxDelay = TimeSpan.FromMilliseconds(100); o.TimeProvider = time; }));

        Task first = inserter.InsertAsync(EventRow.Numbered(1));
        time.Advance(TimeSpan.FromMilliseconds(60));
        Task second = inserter.InsertAsync(EventRow.Numbered(2));
        time.Advance(TimeSpan.FromMilliseconds(39));
        await Task.Delay(50);
        Assert.Empty(BatchRequests.Inserts(server));
        Assert.False(first.IsCompleted);

        time.Advance(TimeSpan.FromMilliseconds(1));
        await Task.WhenAll(first, second).WaitAsync(Patience);

        Assert.Equal([1u, 2u], BatchRequests.Rows(Assert.Single(BatchRequests.Inserts(server))).Select(r => r.Id));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task While_every_sender_is_busy_and_a_batch_waits_the_open_batch_grows_past_MaxDelay_instead_of_queueing_more_INSERTs(ClickHouseWireFormat format)
    {
        var time = new FakeTimeProvider();
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = BatchRequests.AcknowledgingWhen(release.Task);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o =>
        {
            o.MaxDelay = TimeSpan.FromMilliseconds(100);
            o.MaxConcurrentInserts = 1;
            o.AdaptToServerPressure = false;
            o.TimeProvider = time;
        }));
        var calls = new List<Task>();

        // The first batch goes out, and the server holds it.
        calls.Add(inserter.InsertAsync(EventRow.Numbered(1)));
        time.Advance(TimeSpan.FromMilliseconds(100));
        var waited = System.Diagnostics.Stopwatch.StartNew();
        while (BatchRequests.Inserts(server).Count == 0)
        {
            Assert.True(waited.Elapsed < Patience, "the first batch was never sent");
            await Task.Delay(10);
        }
        // The second is sealed after its delay and waits for the only sender.
        calls.Add(inserter.InsertAsync(EventRow.Numbered(2)));
        time.Advance(TimeSpan.FromMilliseconds(100));
        // The third's delay passes three times over while the second waits: it stays open and takes every row.
        for (uint id = 3; id <= 5; id++)
        {
            calls.Add(inserter.InsertAsync(EventRow.Numbered(id)));
            time.Advance(TimeSpan.FromMilliseconds(100));
        }
        await Task.Delay(50);
        Assert.Single(BatchRequests.Inserts(server));
        Assert.All(calls, call => Assert.False(call.IsCompleted));

        release.SetResult();
        await Task.WhenAll(calls).WaitAsync(Patience);

        Assert.Equal([[1u], [2u], [3u, 4u, 5u]], BatchRequests.Inserts(server).Select(r => BatchRequests.Rows(r).Select(x => x.Id).ToArray()));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task A_row_that_cannot_be_written_fails_its_own_call_at_once_and_no_other(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxRows = 2));

        Task good = inserter.InsertAsync(EventRow.Numbered(1));
        Task bad = inserter.InsertAsync(EventRow.Unwritable(2));

        Assert.True(bad.IsFaulted, "a row that cannot be written fails before anything is sent");
        RowBinaryException error = await Assert.ThrowsAsync<RowBinaryException>(() => bad);
        Assert.Contains("code", error.Message, StringComparison.Ordinal);
        Assert.Contains("FixedString(4)", error.Message, StringComparison.Ordinal);
        Assert.False(good.IsCompleted);
        Assert.Equal(1, inserter.PendingRows);

        await inserter.InsertAsync(EventRow.Numbered(3)).WaitAsync(Patience);
        await good.WaitAsync(Patience);
        Assert.Equal([1u, 3u], BatchRequests.Rows(Assert.Single(BatchRequests.Inserts(server))).Select(r => r.Id));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task Many_rows_in_one_call_are_all_or_nothing_and_travel_in_one_INSERT(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxRows = 4));

        Task<RowBinaryException> bad = Assert.ThrowsAsync<RowBinaryException>(
            () => inserter.InsertAsync(Generate(EventRow.Numbered(1), EventRow.Unwritable(2), EventRow.Numbered(3))));
        Assert.Contains("row 1", (await bad).Message, StringComparison.Ordinal);
        Assert.Equal(0, inserter.PendingRows);

        Task first = inserter.InsertAsync([EventRow.Numbered(10), EventRow.Numbered(11), EventRow.Numbered(12)]);
        // Two more do not fit beside three in a batch of four: the open batch goes first, whole.
        Task second = inserter.InsertAsync(Generate(EventRow.Numbered(20), EventRow.Numbered(21)));
        await first.WaitAsync(Patience);
        await inserter.FlushAsync().WaitAsync(Patience);
        await second;

        List<RecordedRequest> inserts = BatchRequests.Inserts(server);
        Assert.Equal(2, inserts.Count);
        Assert.Equal([10u, 11u, 12u], BatchRequests.Rows(inserts[0]).Select(r => r.Id));
        Assert.Equal([20u, 21u], BatchRequests.Rows(inserts[1]).Select(r => r.Id));
        ArgumentException tooMany = await Assert.ThrowsAsync<ArgumentException>(() => inserter.InsertAsync(Enumerable.Range(0, 5).Select(i => EventRow.Numbered((uint)i))));
        Assert.Contains("MaxRows", tooMany.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task The_caller_may_reuse_its_row_object_as_soon_as_the_call_returns(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<MutableEventRow> inserter = client.CreateBatchInserter<MutableEventRow>("events", Options(format, o => o.MaxRows = 3));

        var row = new MutableEventRow { Code = "ok" };
        var calls = new List<Task>();
        for (uint id = 1; id <= 3; id++)
        {
            row.Id = id;
            row.Name = "event " + id;
            calls.Add(inserter.InsertAsync(row));
        }
        await Task.WhenAll(calls).WaitAsync(Patience);

        Assert.Equal(["event 1", "event 2", "event 3"], BatchRequests.Rows(Assert.Single(BatchRequests.Inserts(server))).Select(r => r.Name));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task Rows_of_one_caller_arrive_in_the_order_it_inserted_them(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            Options(format, o => { o.MaxRows = 7; o.MaxConcurrentInserts = 3; o.MaxDelay = TimeSpan.FromMilliseconds(2); }));

        Task[] noise = [.. Enumerable.Range(1000, 50).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))];
        for (uint id = 1; id <= 40; id++)
        {
            await inserter.InsertAsync(EventRow.Numbered(id)).WaitAsync(Patience);
        }
        await inserter.FlushAsync().WaitAsync(Patience);
        await Task.WhenAll(noise);

        List<uint> mine = [.. BatchRequests.Inserts(server).SelectMany(BatchRequests.Rows).Select(r => r.Id).Where(id => id < 1000)];
        Assert.Equal(Enumerable.Range(1, 40).Select(i => (uint)i), mine);
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task A_permanent_server_error_fails_every_caller_of_the_batch_with_it_and_is_not_retried(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(_ => BatchRequests.ServerError(60, HttpStatusCode.NotFound));
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("missing", Options(format, o => o.MaxRows = 2));

        Task first = inserter.InsertAsync(EventRow.Numbered(1));
        Task second = inserter.InsertAsync(EventRow.Numbered(2));

        Assert.Equal(60, (await Assert.ThrowsAsync<ClickHouseServerException>(() => first.WaitAsync(Patience))).Code);
        Assert.Equal(60, (await Assert.ThrowsAsync<ClickHouseServerException>(() => second.WaitAsync(Patience))).Code);
        Assert.Single(BatchRequests.Inserts(server));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task Transient_errors_are_retried_with_the_same_deduplication_token_and_a_new_query_id_each_time(ClickHouseWireFormat format)
    {
        int attempts = 0;
        FakeClickHouse server = BatchRequests.Server(_ => Interlocked.Increment(ref attempts) switch
        {
            1 => BatchRequests.ServerError(252),
            2 => BatchRequests.ServerError(202, HttpStatusCode.ServiceUnavailable),
            3 => throw new HttpRequestException(HttpRequestError.ResponseEnded, "The response ended prematurely."),
            // No ClickHouse error in the answer: a server going down (18.16's empty 500), a proxy's page.
            4 => new HttpResponseMessage(HttpStatusCode.InternalServerError) { Content = new ByteArrayContent([]) },
            5 => FakeClickHouse.Error(HttpStatusCode.BadGateway, "<html><body>502 Bad Gateway</body></html>"),
            _ => FakeClickHouse.Ok([]),
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxRows = 1));

        await inserter.InsertAsync(EventRow.Numbered(7)).WaitAsync(Patience);

        List<RecordedRequest> inserts = BatchRequests.Inserts(server);
        Assert.Equal(6, inserts.Count);
        string? token = BatchRequests.Parameter(inserts[0], "insert_deduplication_token");
        Assert.False(string.IsNullOrEmpty(token));
        Assert.All(inserts, r => Assert.Equal(token, BatchRequests.Parameter(r, "insert_deduplication_token")));
        Assert.Equal(6, inserts.Select(r => BatchRequests.Parameter(r, "query_id")).Distinct().Count());
        Assert.All(inserts, r => Assert.Equal([7u], BatchRequests.Rows(r).Select(x => x.Id)));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task Batches_get_tokens_of_their_own_and_none_goes_to_a_server_without_the_setting(ClickHouseWireFormat format)
    {
        FakeClickHouse modern = BatchRequests.Server(BatchRequests.Acknowledge);
        FakeClickHouse old = BatchRequests.Server(BatchRequests.Acknowledge, hasDeduplicationToken: false);
        foreach (FakeClickHouse server in new[] { modern, old })
        {
            using ClickHouseClient client = FakeClickHouse.Client(server);
            await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxRows = 1));
            await inserter.InsertAsync(EventRow.Numbered(1)).WaitAsync(Patience);
            await inserter.InsertAsync(EventRow.Numbered(2)).WaitAsync(Patience);
        }

        Assert.Equal(2, BatchRequests.Inserts(modern).Select(r => BatchRequests.Parameter(r, "insert_deduplication_token")).Distinct().Count());
        Assert.All(BatchRequests.Inserts(old), r => Assert.Null(BatchRequests.Parameter(r, "insert_deduplication_token")));
        Assert.Single(old.Requests, r => !BatchRequests.IsInsert(r)); // the server was asked once
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task After_the_last_retry_every_caller_gets_the_last_error(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(_ => BatchRequests.ServerError(252));
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            Options(format, o => { o.MaxRows = 2; o.MaxRetries = 2; }));

        Task first = inserter.InsertAsync(EventRow.Numbered(1));
        Task second = inserter.InsertAsync(EventRow.Numbered(2));
        Task flush = inserter.FlushAsync();

        Assert.Equal(252, (await Assert.ThrowsAsync<ClickHouseServerException>(() => first.WaitAsync(Patience))).Code);
        Assert.Equal(252, (await Assert.ThrowsAsync<ClickHouseServerException>(() => second.WaitAsync(Patience))).Code);
        Assert.Equal(3, BatchRequests.Inserts(server).Count);
        Assert.Equal(252, (await Assert.ThrowsAsync<ClickHouseServerException>(() => flush.WaitAsync(Patience))).Code);
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task While_MaxPendingRows_are_pending_callers_wait_and_one_cancelled_while_waiting_inserts_nothing(ClickHouseWireFormat format)
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = BatchRequests.AcknowledgingWhen(release.Task);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            Options(format, o => { o.MaxRows = 2; o.MaxPendingRows = 2; }));

        Task first = inserter.InsertAsync(EventRow.Numbered(1));
        Task second = inserter.InsertAsync(EventRow.Numbered(2));
        using var cancel = new CancellationTokenSource();
        Task withdrawn = inserter.InsertAsync(EventRow.Numbered(3), cancel.Token);
        Task waiting = inserter.InsertAsync(EventRow.Numbered(4));
        await Task.Delay(100);
        Assert.Equal(2, inserter.PendingRows);
        Assert.False(withdrawn.IsCompleted);
        Assert.False(waiting.IsCompleted);

        await cancel.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => withdrawn.WaitAsync(Patience));
        release.SetResult();
        await Task.WhenAll(first, second).WaitAsync(Patience);
        await inserter.FlushAsync().WaitAsync(Patience);
        await waiting.WaitAsync(Patience);

        Assert.Equal([1u, 2u, 4u], BatchRequests.Inserts(server).SelectMany(BatchRequests.Rows).Select(r => r.Id).Order());
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task Cancelling_after_the_row_was_accepted_stops_the_wait_but_not_the_row(ClickHouseWireFormat format)
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = BatchRequests.AcknowledgingWhen(release.Task);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxRows = 1));

        using var cancel = new CancellationTokenSource();
        Task call = inserter.InsertAsync(EventRow.Numbered(5), cancel.Token);
        await cancel.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);
        release.SetResult();
        await inserter.FlushAsync().WaitAsync(Patience);

        Assert.Equal([5u], BatchRequests.Rows(Assert.Single(BatchRequests.Inserts(server))).Select(r => r.Id));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task Disposal_sends_everything_accepted_and_then_refuses_rows(ClickHouseWireFormat format)
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", Options(format, o => o.MaxRows = 10));
        Task[] calls = [.. Enumerable.Range(1, 25).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))];

        await inserter.DisposeAsync().AsTask().WaitAsync(Patience);

        Assert.All(calls, call => Assert.True(call.IsCompletedSuccessfully));
        Assert.Equal(Enumerable.Range(1, 25).Select(i => (uint)i), BatchRequests.Inserts(server).SelectMany(BatchRequests.Rows).Select(r => r.Id).Order());
        await Assert.ThrowsAsync<ObjectDisposedException>(() => inserter.InsertAsync(EventRow.Numbered(99)));
    }

    [Theory]
    [MemberData(nameof(WireFormats))]
    public async Task A_batch_that_cannot_reach_one_endpoint_goes_to_the_next_at_once(ClickHouseWireFormat format)
    {
        // "down" refuses its INSERTs and its /ping probes alike, so it stays down however long the batches take (a probe
        // answered after 1 s would bring it back, and a later batch would try it again).
        FakeClickHouse server = new FakeClickHouse(request => request.Message.RequestUri!.Host == "down" && (BatchRequests.IsInsert(request) || request.Message.RequestUri.AbsolutePath == "/ping")
            ? throw new HttpRequestException(HttpRequestError.ConnectionError, "Connection refused")
            : FakeClickHouse.Ok(BatchRequests.IsInsert(request) ? [] : System.Text.Encoding.UTF8.GetBytes(RecordedSettings.ClickHouse26_9))).Describing<EventRow>();
        using ClickHouseClient client = FakeClickHouse.Client(server, o =>
        {
            o.Endpoints.Add(new Uri("http://down:8123/"));
            o.Endpoints.Add(new Uri("http://up:8123/"));
        });
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            Options(format, o => { o.MaxRows = 1; o.RetryDelay = TimeSpan.FromSeconds(30); o.MaxRetryDelay = TimeSpan.FromSeconds(30); }));

        for (uint id = 1; id <= 4; id++)
        {
            await inserter.InsertAsync(EventRow.Numbered(id)).WaitAsync(Patience);
        }

        List<RecordedRequest> inserts = BatchRequests.Inserts(server);
        Assert.Equal(Enumerable.Range(1, 4).Select(i => (uint)i), inserts.Where(r => r.Message.RequestUri!.Host == "up").SelectMany(BatchRequests.Rows).Select(r => r.Id));
        // The endpoint that refused rests: it was tried once, not once per batch.
        Assert.Single(inserts, r => r.Message.RequestUri!.Host == "down");
    }

    [Fact]
    public async Task The_database_settings_and_RowBinaryWithDefaults_of_the_options_go_with_every_INSERT()
    {
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        var options = Options(ClickHouseWireFormat.RowBinary, o => { o.MaxRows = 1; o.Database = "analytics"; o.Format = RowBinaryFormat.RowBinaryWithDefaults; });
        options.Settings["max_partitions_per_insert_block"] = "10";
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", options);

        await inserter.InsertAsync(EventRow.Numbered(1)).WaitAsync(Patience);

        RecordedRequest insert = Assert.Single(BatchRequests.Inserts(server));
        Assert.Equal("INSERT INTO `analytics`.`events` (`id`, `name`, `code`) FORMAT RowBinaryWithDefaults", insert.Parameters["query"]);
        Assert.Equal("analytics", insert.Parameters["database"]);
        Assert.Equal("10", insert.Parameters["max_partitions_per_insert_block"]);
        Assert.Throws<ArgumentException>(() => client.CreateBatchInserter<EventRow>("events", new ClickHouseBatchInserterOptions { Format = RowBinaryFormat.RowBinaryWithNamesAndTypes }));
        // Native has no per-value defaults: asked for both, the inserter refuses at once.
        ArgumentException native = Assert.Throws<ArgumentException>(() => client.CreateBatchInserter<EventRow>("events",
            new ClickHouseBatchInserterOptions { Format = RowBinaryFormat.RowBinaryWithDefaults, WireFormat = ClickHouseWireFormat.Native }));
        Assert.Contains("RowBinaryWithDefaults", native.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentOutOfRangeException>(() => client.CreateBatchInserter<EventRow>("events", new ClickHouseBatchInserterOptions { MaxRows = 2_000_000 }));
    }

    private static IEnumerable<EventRow> Generate(params EventRow[] rows)
    {
        foreach (EventRow row in rows)
        {
            yield return row;
        }
    }

    private static byte[] RowBinaryOf(EventRow row)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [row]);
        return buffer.WrittenSpan.ToArray();
    }
}
