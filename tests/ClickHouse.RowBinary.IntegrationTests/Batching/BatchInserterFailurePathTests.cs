using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using System.Diagnostics.Tracing;
using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Microsoft.Extensions.Time.Testing;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// Every failure path of the batch inserter ends exactly: one deadline per attempt, a deduplication probe that cannot
/// fail data, settlement that no listener can stop, a bounded shutdown, and backpressure by bytes.
/// </summary>
public sealed class BatchInserterFailurePathTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);

    [Fact]
    public async Task One_deadline_covers_an_attempt_and_its_answer_and_its_expiry_is_a_retried_timeout()
    {
        var time = new FakeTimeProvider();
        string table = "deadline_" + Guid.NewGuid().ToString("N");
        int attempts = 0;
        var firstArrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = BatchRequests.Server(async request =>
        {
            if (Interlocked.Increment(ref attempts) > 1)
            {
                return FakeClickHouse.Ok([]);
            }
            firstArrived.SetResult();
            // Headers after 6 s, then an answer that never ends: together past the 10 s limit.
            await Task.Delay(TimeSpan.FromSeconds(6), time);
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = new StreamContent(new StallingStream()) };
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        using var retries = new MeasurementsOf("clickhouse.inserter.retries", table);
        await using ClickHouseBatchInserter<EventRow> inserter = OneRowBatches(client, table, time);

        Task inserted = inserter.InsertAsync(EventRow.Numbered(1));
        await firstArrived.Task.WaitAsync(Patience);
        time.Advance(TimeSpan.FromSeconds(6));
        await Task.Delay(100);
        Assert.Equal(1, Volatile.Read(ref attempts));
        time.Advance(TimeSpan.FromSeconds(4)); // 10 s since the attempt began: its one deadline
        await AdvanceUntilAsync(time, inserted);

        await inserted;
        Assert.Equal(2, BatchRequests.Inserts(server).Count);
        Assert.Equal([1L], retries.Values);
        Assert.Equal(typeof(TimeoutException).FullName, retries.Tags.Single()["error.type"]);
    }

    [Fact]
    public async Task The_table_schema_probe_is_inside_the_attempts_deadline()
    {
        var time = new FakeTimeProvider();
        string table = "probe_deadline_" + Guid.NewGuid().ToString("N");
        var probeArrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var answerProbe = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var server = new FakeClickHouse(async request =>
        {
            if (ReplayServer.TableSchemaAnswer.IsProbe(request.BodyText))
            {
                // A server slow to describe the table: the first attempt must not wait for it past its deadline.
                probeArrived.TrySetResult();
                await answerProbe.Task;
                return FakeClickHouse.Ok(ReplayServer.TableSchemaAnswer.Bytes(Rows.TableColumns.Of<EventRow>()));
            }
            return BatchRequests.IsInsert(request) ? FakeClickHouse.Ok([]) : FakeClickHouse.Ok(System.Text.Encoding.UTF8.GetBytes(RecordedSettings.ClickHouse18_16));
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        using var retries = new MeasurementsOf("clickhouse.inserter.retries", table);
        await using ClickHouseBatchInserter<EventRow> inserter = OneRowBatches(client, table, time);

        Task inserted = inserter.InsertAsync(EventRow.Numbered(1));
        await probeArrived.Task.WaitAsync(Patience);
        time.Advance(TimeSpan.FromSeconds(10)); // the first attempt's deadline, the probe still unanswered
        var patience = System.Diagnostics.Stopwatch.StartNew();
        while (retries.Values.Count == 0 && patience.Elapsed < TimeSpan.FromSeconds(5))
        {
            await Task.Delay(5);
        }
        List<Dictionary<string, object?>> retried = retries.Tags;
        answerProbe.SetResult();
        await AdvanceUntilAsync(time, inserted);

        Assert.Equal(typeof(TimeoutException).FullName, Assert.Single(retried)["error.type"]);

        await inserted;
        Assert.Single(BatchRequests.Inserts(server));
        Assert.Single(server.Requests, r => ReplayServer.TableSchemaAnswer.IsProbe(r.BodyText));
    }

    [Fact]
    public async Task A_user_who_may_not_read_system_settings_gets_every_batch_inserted_without_a_token_and_one_report()
    {
        FakeClickHouse server = new FakeClickHouse(request => BatchRequests.IsInsert(request)
            ? FakeClickHouse.Ok([])
            : FakeClickHouse.Error(HttpStatusCode.InternalServerError, "Code: 497. DB::Exception: writer: Not enough privileges.", 497))
            .Describing<EventRow>();
        using ClickHouseClient client = FakeClickHouse.Client(server, o => o.Endpoint = new Uri($"http://settings-{Guid.NewGuid():N}:8123/"));
        using var events = new ClickHouseEvents();
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            new ClickHouseBatchInserterOptions { MaxRows = 1, MaxConcurrentInserts = 2 });

        await Task.WhenAll(Enumerable.Range(1, 6).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))).WaitAsync(Patience);

        List<RecordedRequest> inserts = BatchRequests.Inserts(server);
        Assert.Equal(6, inserts.Count);
        Assert.All(inserts, r => Assert.Null(BatchRequests.Parameter(r, "insert_deduplication_token")));
        Assert.Single(server.Requests, r => !BatchRequests.IsInsert(r));
        string report = Assert.Single(events.Messages(client.Endpoint.Host));
        Assert.Contains("insert_deduplication_token", report, StringComparison.Ordinal);
        Assert.Contains("Not enough privileges", report, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_meter_listener_that_throws_neither_strands_callers_nor_stops_the_next_batch()
    {
        string table = "throwing_listener_" + Guid.NewGuid().ToString("N");
        using var meters = new MeterListener();
        meters.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName)
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        void Throw(ReadOnlySpan<KeyValuePair<string, object?>> tags)
        {
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                if (tag.Key == "db.collection.name" && Equals(tag.Value, table))
                {
                    throw new InvalidOperationException("a listener failed");
                }
            }
        }
        meters.SetMeasurementEventCallback<long>((_, _, tags, _) => Throw(tags));
        meters.SetMeasurementEventCallback<double>((_, _, tags, _) => Throw(tags));
        meters.Start();
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table,
            new ClickHouseBatchInserterOptions { MaxRows = 3, MaxConcurrentInserts = 1, MaxDelay = TimeSpan.FromHours(1) });

        await Task.WhenAll(Enumerable.Range(1, 3).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))).WaitAsync(Patience);
        await Task.WhenAll(Enumerable.Range(4, 3).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))).WaitAsync(Patience);

        Assert.Equal([1u, 2u, 3u, 4u, 5u, 6u], BatchRequests.Inserts(server).SelectMany(BatchRequests.Rows).Select(r => r.Id).Order());
        Assert.Equal(0, inserter.PendingRows);
    }

    [Fact]
    public async Task An_activity_listener_that_throws_when_a_span_starts_fails_neither_a_request_nor_a_batch()
    {
        // The listener throws only for this test's spans (its trace, or linked to it), so tests running beside it keep theirs.
        using var testSource = new System.Diagnostics.ActivitySource("ClickHouse.RowBinary.Tests.ThrowingListener");
        System.Diagnostics.ActivityTraceId trace = default;
        using var activities = new System.Diagnostics.ActivityListener
        {
            ShouldListenTo = source => source.Name is ClickHouseDiagnostics.ActivitySourceName || source == testSource,
            Sample = (ref System.Diagnostics.ActivityCreationOptions<System.Diagnostics.ActivityContext> _) => System.Diagnostics.ActivitySamplingResult.AllDataAndRecorded,
            ActivityStarted = span =>
            {
                if (span.Source.Name == ClickHouseDiagnostics.ActivitySourceName
                    && trace != default && (span.TraceId == trace || span.Links.Any(link => link.Context.TraceId == trace)))
                {
                    throw new InvalidOperationException("a listener failed");
                }
            },
        };
        System.Diagnostics.ActivitySource.AddActivityListener(activities);
        FakeClickHouse server = BatchRequests.Server(BatchRequests.Acknowledge);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            new ClickHouseBatchInserterOptions { MaxRows = 3, MaxConcurrentInserts = 1, MaxDelay = TimeSpan.FromHours(1) });
        using System.Diagnostics.Activity caller = testSource.StartActivity("caller")!;
        trace = caller.TraceId;

        await client.ExecuteAsync("SYSTEM FLUSH LOGS").WaitAsync(Patience);
        Assert.Same(caller, System.Diagnostics.Activity.Current);
        await Task.WhenAll(Enumerable.Range(1, 3).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i)))).WaitAsync(Patience);

        Assert.Equal([1u, 2u, 3u], BatchRequests.Inserts(server).SelectMany(BatchRequests.Rows).Select(r => r.Id).Order());
        Assert.Equal(0, inserter.PendingRows);
    }

    [Fact]
    public async Task At_the_shutdown_deadline_unacknowledged_batches_fail_saying_whether_they_may_have_landed()
    {
        var time = new FakeTimeProvider();
        var sent = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = BatchRequests.Server(async _ =>
        {
            sent.TrySetResult();
            await Task.Delay(Timeout.Infinite); // an endpoint that never answers
            return FakeClickHouse.Ok([]);
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", new ClickHouseBatchInserterOptions
        {
            MaxRows = 1, MaxConcurrentInserts = 1, TimeProvider = time, InsertTimeout = TimeSpan.FromHours(1), ShutdownTimeout = TimeSpan.FromSeconds(5),
        });
        Task inFlight = inserter.InsertAsync(EventRow.Numbered(1));
        Task queued = inserter.InsertAsync(EventRow.Numbered(2));
        await sent.Task.WaitAsync(Patience);

        Task disposal = inserter.DisposeAsync().AsTask();
        await Task.Delay(100);
        Assert.False(disposal.IsCompleted, "disposal ended before the deadline with a batch unacknowledged");
        time.Advance(TimeSpan.FromSeconds(5));
        await disposal.WaitAsync(Patience);

        var maybe = await Assert.ThrowsAsync<ClickHouseInsertUnacknowledgedException>(() => inFlight.WaitAsync(Patience));
        Assert.True(maybe.MayHaveBeenInserted);
        Assert.Contains("may or may not", maybe.Message, StringComparison.Ordinal);
        var never = await Assert.ThrowsAsync<ClickHouseInsertUnacknowledgedException>(() => queued.WaitAsync(Patience));
        Assert.False(never.MayHaveBeenInserted);
        Assert.Contains("not inserted", never.Message, StringComparison.Ordinal);
        Assert.Equal(0, inserter.PendingRows);
        Assert.Single(BatchRequests.Inserts(server));
    }

    [Fact]
    public async Task Shutdown_with_a_token_ends_when_it_is_cancelled()
    {
        FakeClickHouse server = BatchRequests.Server(async _ =>
        {
            await Task.Delay(Timeout.Infinite);
            return FakeClickHouse.Ok([]);
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events",
            new ClickHouseBatchInserterOptions { MaxRows = 1, ShutdownTimeout = Timeout.InfiniteTimeSpan });
        Task inserted = inserter.InsertAsync(EventRow.Numbered(1));
        using var stopping = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));

        await inserter.ShutdownAsync(stopping.Token).WaitAsync(Patience);

        await Assert.ThrowsAsync<ClickHouseInsertUnacknowledgedException>(() => inserted.WaitAsync(Patience));
        await inserter.DisposeAsync().AsTask().WaitAsync(Patience);
    }

    [Fact]
    public async Task Rows_of_10_KB_wait_for_MaxPendingBytes_and_a_row_larger_than_it_is_an_error_naming_it()
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = BatchRequests.AcknowledgingWhen(release.Task);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>("events", new ClickHouseBatchInserterOptions
        {
            MaxRows = 1_000, MaxBytes = 32 * 1024, MaxPendingBytes = 64 * 1024, MaxDelay = TimeSpan.FromMilliseconds(1),
        });
        static EventRow Large(uint id) => new(id, new string('x', 10 * 1024), "ok");
        int rowBytes = Tables.RowBinaryOf([Large(0)]).Length;

        Task[] calls = [.. Enumerable.Range(0, 20).Select(i => inserter.InsertAsync(Large((uint)i)))];
        await Task.Delay(200);
        Assert.InRange(inserter.PendingRows * rowBytes, rowBytes, 64 * 1024);
        Assert.Equal(20L * rowBytes, inserter.PendingBytes); // accepted, and held by callers waiting for room
        Assert.Contains(calls, call => !call.IsCompleted);

        var huge = new EventRow(99, new string('y', 100 * 1024), "ok");
        ArgumentException tooLarge = await Assert.ThrowsAsync<ArgumentException>(() => inserter.InsertAsync(huge));
        Assert.Contains("MaxPendingBytes", tooLarge.Message, StringComparison.Ordinal);
        Assert.Contains(Tables.RowBinaryOf([huge]).Length.ToString("N0", System.Globalization.CultureInfo.InvariantCulture), tooLarge.Message, StringComparison.Ordinal);

        release.SetResult();
        await Task.WhenAll(calls).WaitAsync(Patience);
        Assert.Equal(Enumerable.Range(0, 20).Select(i => (uint)i), BatchRequests.Inserts(server).SelectMany(BatchRequests.Rows).Select(r => r.Id).Order());
        Assert.Equal(0, inserter.PendingBytes);
    }

    /// <summary>Moves the fake clock on in small steps (retry waits) until <paramref name="task"/> ends, or fails after <see cref="Patience"/>.</summary>
    /// <summary>An inserter that sends every row as its own batch, within 10 s an attempt, and retries at once, on <paramref name="time"/>.</summary>
    private static ClickHouseBatchInserter<EventRow> OneRowBatches(ClickHouseClient client, string table, FakeTimeProvider time)
        => client.CreateBatchInserter<EventRow>(table, new ClickHouseBatchInserterOptions
        {
            MaxRows = 1, TimeProvider = time, InsertTimeout = TimeSpan.FromSeconds(10),
            RetryDelay = TimeSpan.FromMilliseconds(1), MaxRetryDelay = TimeSpan.FromMilliseconds(1),
        });

    private static async Task AdvanceUntilAsync(FakeTimeProvider time, Task task)
    {
        var patience = System.Diagnostics.Stopwatch.StartNew();
        while (!task.IsCompleted && patience.Elapsed < Patience)
        {
            time.Advance(TimeSpan.FromMilliseconds(1));
            await Task.Delay(5);
        }
    }

    /// <summary>An answer body that never ends: its reads wait until they are cancelled.</summary>
    private sealed class StallingStream : Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => 0; set => throw new NotSupportedException(); }
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("reads are asynchronous");

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Delay(Timeout.Infinite, cancellationToken);
            return 0;
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
            => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}

/// <summary>The measurements of one instrument for one table, with their tags.</summary>
internal sealed class MeasurementsOf : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentQueue<(long Value, Dictionary<string, object?> Tags)> _measurements = new();

    public MeasurementsOf(string instrument, string table)
    {
        _listener.InstrumentPublished = (published, listener) =>
        {
            if (published.Meter.Name == ClickHouseDiagnostics.MeterName && published.Name == instrument)
            {
                listener.EnableMeasurementEvents(published);
            }
        };
        _listener.SetMeasurementEventCallback<long>((_, value, tags, _) =>
        {
            var copy = new Dictionary<string, object?>();
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                copy[tag.Key] = tag.Value;
            }
            if (Equals(copy.GetValueOrDefault("db.collection.name"), table))
            {
                _measurements.Enqueue((value, copy));
            }
        });
        _listener.Start();
    }

    public List<long> Values => [.. _measurements.Select(m => m.Value)];

    public List<Dictionary<string, object?>> Tags => [.. _measurements.Select(m => m.Tags)];

    public void Dispose() => _listener.Dispose();
}

/// <summary>The events of the <c>ClickHouse-RowBinary</c> event source, as their formatted messages.</summary>
internal sealed class ClickHouseEvents : EventListener
{
    private readonly ConcurrentQueue<string> _messages = new();

    /// <summary>The messages that mention <paramref name="text"/> (tests run side by side: each filters its own).</summary>
    public List<string> Messages(string text) => [.. _messages.Where(m => m.Contains(text, StringComparison.Ordinal))];

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == ClickHouseDiagnostics.EventSourceName)
        {
            EnableEvents(eventSource, EventLevel.Verbose);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.Message is { } message && eventData.Payload is { } payload)
        {
            _messages.Enqueue(string.Format(System.Globalization.CultureInfo.InvariantCulture, message, [.. payload]));
        }
    }
}
