using System.Diagnostics;
using System.Diagnostics.Metrics;
using ClickHouse.RowBinary.IntegrationTests.Http;
using Microsoft.Extensions.Time.Testing;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// <see cref="ClickHouseBatchInserterOptions.AdaptToServerPressure"/> against a fake transport and a fake clock: code 252
/// and slow INSERTs widen the delay and the batch size within their bounds, a refused batch is retried after the widened
/// delay with its token, calm narrows them again after the quiet period, and the gauges show the limits in force; with
/// <see cref="ClickHouseBatchInserterOptions.AsyncInsert"/> only a 252 is pressure.
/// </summary>
public sealed class AdaptiveBatchingTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);
    private static readonly TimeSpan Base = TimeSpan.FromMilliseconds(100);

    /// <summary>The quiet period after which calm narrows the limits one step (10 s while the delay is under 2.5 s).</summary>
    private static readonly TimeSpan AdaptiveQuietPeriod = TimeSpan.FromSeconds(10);

    private static ClickHouseBatchInserterOptions Options(FakeTimeProvider time, Action<ClickHouseBatchInserterOptions>? configure = null)
    {
        var options = new ClickHouseBatchInserterOptions
        {
            MaxDelay = Base,
            MaxRows = 10,
            MaxAdaptiveDelay = TimeSpan.FromSeconds(1),
            RetryDelay = TimeSpan.FromMilliseconds(1),
            MaxRetryDelay = TimeSpan.FromSeconds(5),
            TimeProvider = time,
        };
        configure?.Invoke(options);
        return options;
    }

    [Fact]
    public async Task A_252_widens_delay_and_batch_size_and_the_batch_is_retried_after_the_widened_delay_with_its_token()
    {
        var time = new FakeTimeProvider();
        FakeClickHouse server = RefusingTheFirst(1);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        string table = Unique();
        using var pressure = new MeasurementsOf("clickhouse.inserter.pressure", table);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table, Options(time));
        Assert.Equal(Base, inserter.CurrentMaxDelay);
        Assert.Equal(10, inserter.CurrentMaxRows);

        Task first = inserter.InsertAsync(EventRow.Numbered(1));
        time.Advance(Base);
        await UntilAsync(() => inserter.CurrentMaxDelay == 2 * Base);
        Assert.Equal(20, inserter.CurrentMaxRows);
        Assert.Equal(2L * 16 * 1024 * 1024, inserter.CurrentMaxBytes);
        await Task.Delay(100); // the retry's wait starts on the fake clock
        time.Advance(2 * Base - TimeSpan.FromMilliseconds(1));
        await Task.Delay(100);
        Assert.Single(BatchRequests.Inserts(server));
        Assert.False(first.IsCompleted);

        // The last millisecond sends the retry. On a loaded machine its wait may have started on the fake clock only
        // after the advance above (later, never sooner): step on until it goes.
        var waited = Stopwatch.StartNew();
        while (BatchRequests.Inserts(server).Count < 2)
        {
            Assert.True(waited.Elapsed < Patience, "the refused batch was never retried");
            time.Advance(TimeSpan.FromMilliseconds(1));
            await Task.Delay(5);
        }
        await first.WaitAsync(Patience);

        List<RecordedRequest> inserts = BatchRequests.Inserts(server);
        Assert.Equal(2, inserts.Count);
        Assert.Equal(BatchRequests.Parameter(inserts[0], "insert_deduplication_token"), BatchRequests.Parameter(inserts[1], "insert_deduplication_token"));
        Assert.All(inserts, r => Assert.Equal([1u], BatchRequests.Rows(r).Select(x => x.Id)));
        Assert.Equal("too_many_parts", Assert.Single(pressure.Tags)["clickhouse.pressure.signal"]);

        // The next batch waits the widened delay, and holds up to the widened rows.
        Task second = inserter.InsertAsync(Enumerable.Range(2, 10).Select(i => EventRow.Numbered((uint)i)));
        time.Advance(Base);
        await Task.Delay(100);
        Assert.Equal(2, BatchRequests.Inserts(server).Count);
        time.Advance(Base);
        await second.WaitAsync(Patience);
        Assert.Equal(10, BatchRequests.Rows(BatchRequests.Inserts(server)[2]).Count);
    }

    [Fact]
    public async Task A_slow_INSERT_widens_the_limits_and_calm_narrows_them_after_the_quiet_period()
    {
        var time = new FakeTimeProvider();
        var slow = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = HoldingTheFirstUntil(slow.Task);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        string table = Unique();
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table, Options(time));

        // The server holds the first INSERT for longer than the delay in force, as ClickHouse does past parts_to_delay_insert.
        await SlowFirstInsertAsync(inserter, server, time, slow, Base + TimeSpan.FromMilliseconds(50));
        // At least twice what the INSERT took (150 ms), in steps of MaxDelay.
        Assert.Equal(3 * Base, inserter.CurrentMaxDelay);
        Assert.Equal(3 * Base, TimeSpan.FromSeconds(Gauge("clickhouse.inserter.delay", table)));
        Assert.Equal(30, Gauge("clickhouse.inserter.batch.max_rows", table));

        // Quick acknowledgements within the quiet period keep the limits; one after it halves them.
        await InsertAndFlushAsync(inserter, 2);
        Assert.Equal(3 * Base, inserter.CurrentMaxDelay);
        time.Advance(AdaptiveQuietPeriod);
        await InsertAndFlushAsync(inserter, 3);
        Assert.Equal(Base, inserter.CurrentMaxDelay);
        Assert.Equal(10, inserter.CurrentMaxRows);
        Assert.Equal(Base, TimeSpan.FromSeconds(Gauge("clickhouse.inserter.delay", table)));
    }

    [Fact]
    public async Task With_AsyncInsert_a_slow_INSERT_is_the_server_flushing_not_pressure_but_a_252_still_widens()
    {
        var time = new FakeTimeProvider();
        var slow = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        FakeClickHouse server = HoldingTheFirstUntil(slow.Task, then: attempt => attempt == 2 ? BatchRequests.ServerError(252) : FakeClickHouse.Ok([]));
        using ClickHouseClient client = FakeClickHouse.Client(server);
        string table = Unique();
        using var pressure = new MeasurementsOf("clickhouse.inserter.pressure", table);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table, Options(time, o => o.AsyncInsert = true));

        // The server holds the INSERT for the flush of its buffer, longer than the delay in force: that is no signal.
        await SlowFirstInsertAsync(inserter, server, time, slow, 2 * Base);
        Assert.Equal("1", BatchRequests.Parameter(BatchRequests.Inserts(server)[0], "async_insert"));
        Assert.Equal(Base, inserter.CurrentMaxDelay);
        Assert.Equal(10, inserter.CurrentMaxRows);
        Assert.Empty(pressure.Values);

        // A 252 still is.
        Task second = inserter.InsertAsync(EventRow.Numbered(2));
        time.Advance(Base);
        await UntilAsync(() => inserter.CurrentMaxDelay == 2 * Base);
        Assert.Equal("too_many_parts", Assert.Single(pressure.Tags)["clickhouse.pressure.signal"]);
        for (int step = 0; step < 50 && !second.IsCompleted; step++)
        {
            await Task.Delay(20);
            time.Advance(Base);
        }
        await second.WaitAsync(Patience);
    }

    [Fact]
    public async Task Repeated_252s_widen_up_to_MaxAdaptiveDelay_and_half_of_MaxPendingRows_and_never_lose_the_batch()
    {
        var time = new FakeTimeProvider();
        FakeClickHouse server = RefusingTheFirst(6);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(Unique(), Options(time, o => o.MaxPendingRows = 60));

        Task row = inserter.InsertAsync(EventRow.Numbered(1));
        Task flushed = inserter.FlushAsync();
        for (int step = 0; step < 50 && !row.IsCompleted; step++)
        {
            await Task.Delay(50);
            time.Advance(TimeSpan.FromSeconds(1));
        }
        await Task.WhenAll(row, flushed).WaitAsync(Patience);

        Assert.Equal(7, BatchRequests.Inserts(server).Count);
        Assert.Equal(TimeSpan.FromSeconds(1), inserter.CurrentMaxDelay); // 100 ms doubled, capped at MaxAdaptiveDelay
        Assert.Equal(30, inserter.CurrentMaxRows);                       // 10 doubled, capped at half of MaxPendingRows
    }

    [Fact]
    public async Task With_AdaptToServerPressure_off_nothing_widens()
    {
        var time = new FakeTimeProvider();
        FakeClickHouse server = RefusingTheFirst(1);
        using ClickHouseClient client = FakeClickHouse.Client(server);
        string table = Unique();
        using var pressure = new MeasurementsOf("clickhouse.inserter.pressure", table);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table,
            Options(time, o => { o.AdaptToServerPressure = false; o.MaxRetryDelay = TimeSpan.FromMilliseconds(5); }));

        Task row = inserter.InsertAsync(EventRow.Numbered(1));
        time.Advance(Base);
        for (int step = 0; step < 100 && !row.IsCompleted; step++)
        {
            await Task.Delay(20);
            time.Advance(TimeSpan.FromMilliseconds(5));
        }
        await row.WaitAsync(Patience);

        Assert.Equal(2, BatchRequests.Inserts(server).Count);
        Assert.Equal(Base, inserter.CurrentMaxDelay);
        Assert.Equal(10, inserter.CurrentMaxRows);
        Assert.Empty(pressure.Values);
    }

    [Fact]
    public async Task A_clock_that_fails_while_adapting_never_turns_an_acknowledged_batch_into_a_retried_one()
    {
        var time = new FailingClock();
        FakeClickHouse server = BatchRequests.Server(_ =>
        {
            time.Failing = true; // from the answer on: timing the INSERT that was just acknowledged fails
            return FakeClickHouse.Ok([]);
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(Unique(), Options(new FakeTimeProvider(), o => o.TimeProvider = time));

        Task row = inserter.InsertAsync(EventRow.Numbered(1));
        await inserter.FlushAsync().WaitAsync(Patience);
        await row;

        Assert.Single(BatchRequests.Inserts(server));
        Assert.True(time.Failures > 0, "the clock was asked after the acknowledgement");
    }

    /// <summary>The system clock, until told to fail: then every timestamp throws.</summary>
    private sealed class FailingClock : TimeProvider
    {
        private int _failures;

        public volatile bool Failing;

        public int Failures => _failures;

        public override long GetTimestamp()
        {
            if (Failing)
            {
                Interlocked.Increment(ref _failures);
                throw new InvalidOperationException("the clock failed");
            }
            return base.GetTimestamp();
        }
    }

    private static async Task InsertAndFlushAsync(ClickHouseBatchInserter<EventRow> inserter, uint id)
    {
        Task row = inserter.InsertAsync(EventRow.Numbered(id));
        await inserter.FlushAsync().WaitAsync(Patience);
        await row;
    }

    /// <summary>
    /// A fake server that holds the first INSERT until <paramref name="release"/> completes, then acknowledges it, and
    /// answers the next ones by <paramref name="then"/> (given the attempt's number, from 2), else acknowledges them.
    /// </summary>
    private static FakeClickHouse HoldingTheFirstUntil(Task release, Func<int, HttpResponseMessage>? then = null)
    {
        int attempts = 0;
        return BatchRequests.Server(async _ =>
        {
            int attempt = Interlocked.Increment(ref attempts);
            if (attempt == 1)
            {
                await release;
                return FakeClickHouse.Ok([]);
            }
            return then?.Invoke(attempt) ?? FakeClickHouse.Ok([]);
        });
    }

    /// <summary>Inserts a row and flushes it into <see cref="HoldingTheFirstUntil"/>'s server, which answers once the fake clock has moved <paramref name="took"/>.</summary>
    private static async Task SlowFirstInsertAsync(ClickHouseBatchInserter<EventRow> inserter, FakeClickHouse server, FakeTimeProvider time, TaskCompletionSource slow, TimeSpan took)
    {
        Task first = inserter.InsertAsync(EventRow.Numbered(1));
        Task flushed = inserter.FlushAsync();
        await UntilAsync(() => BatchRequests.Inserts(server).Count == 1);
        time.Advance(took);
        slow.SetResult();
        await Task.WhenAll(first, flushed).WaitAsync(Patience);
    }

    /// <summary>A fake server that refuses the first <paramref name="inserts"/> INSERTs with code 252 and acknowledges the rest.</summary>
    private static FakeClickHouse RefusingTheFirst(int inserts)
    {
        int attempts = 0;
        return BatchRequests.Server(_ => Interlocked.Increment(ref attempts) <= inserts ? BatchRequests.ServerError(252) : FakeClickHouse.Ok([]));
    }

    private static string Unique() => "adaptive_" + Guid.NewGuid().ToString("N");

    /// <summary>The last value each gauge reports for the table, read now.</summary>
    private static double Gauge(string instrument, string table)
    {
        double? last = null;
        using var listener = new MeterListener();
        listener.InstrumentPublished = (published, l) =>
        {
            if (published.Meter.Name == ClickHouseDiagnostics.MeterName && published.Name == instrument)
            {
                l.EnableMeasurementEvents(published);
            }
        };
        listener.SetMeasurementEventCallback<double>((_, value, tags, _) =>
        {
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                if (tag.Key == "db.collection.name" && Equals(tag.Value, table))
                {
                    last = value;
                }
            }
        });
        listener.Start();
        listener.RecordObservableInstruments();
        return last ?? throw new Xunit.Sdk.XunitException($"{instrument} reported nothing for {table}");
    }

    private static async Task UntilAsync(Func<bool> condition)
    {
        var waited = Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(waited.Elapsed < Patience, "the condition did not come true in time");
            await Task.Delay(10);
        }
    }
}
