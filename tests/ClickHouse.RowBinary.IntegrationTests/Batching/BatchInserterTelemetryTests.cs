using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using ClickHouse.RowBinary.IntegrationTests.Http;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>What a batch inserter reports on the <c>ClickHouse.RowBinary</c> meter and activity source.</summary>
public sealed class BatchInserterTelemetryTests
{
    [Fact]
    public async Task Rows_batches_retries_and_INSERT_spans_are_reported_under_the_database_conventions()
    {
        string table = "telemetry_" + Guid.NewGuid().ToString("N"); // other tests' measurements carry other tables
        var measurements = new ConcurrentBag<(string Instrument, double Value, Dictionary<string, object?> Tags)>();
        using var meters = new MeterListener();
        meters.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName)
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        void Record(Instrument instrument, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
        {
            var copy = new Dictionary<string, object?>();
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                copy[tag.Key] = tag.Value;
            }
            if (Equals(copy.GetValueOrDefault("db.collection.name"), table))
            {
                measurements.Add((instrument.Name, value, copy));
            }
        }
        meters.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Record(instrument, value, tags));
        meters.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Record(instrument, value, tags));
        meters.Start();
        var spans = new ConcurrentBag<Activity>();
        using var activities = new ActivityListener
        {
            ShouldListenTo = source => source.Name == ClickHouseDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = activity =>
            {
                if (Equals(activity.GetTagItem("db.collection.name"), table))
                {
                    spans.Add(activity);
                }
            },
        };
        ActivitySource.AddActivityListener(activities);

        int attempts = 0;
        FakeClickHouse server = BatchRequests.Server(_ => Interlocked.Increment(ref attempts) == 1 ? BatchRequests.ServerError(252) : FakeClickHouse.Ok([]));
        using ClickHouseClient client = FakeClickHouse.Client(server);
        await using (ClickHouseBatchInserter<EventRow> inserter = client.CreateBatchInserter<EventRow>(table,
            new ClickHouseBatchInserterOptions { MaxRows = 3, MaxDelay = TimeSpan.FromHours(1), RetryDelay = TimeSpan.FromMilliseconds(1) }))
        {
            await Task.WhenAll(Enumerable.Range(1, 3).Select(i => inserter.InsertAsync(EventRow.Numbered((uint)i))));
        }
        meters.RecordObservableInstruments();

        double Sum(string instrument) => measurements.Where(m => m.Instrument == instrument).Sum(m => m.Value);
        Assert.Equal(3, Sum("clickhouse.inserter.rows.queued"));
        Assert.Equal(3, Sum("clickhouse.inserter.rows.acknowledged"));
        Assert.Equal(0, Sum("clickhouse.inserter.rows.failed"));
        Assert.Equal(0, Sum("clickhouse.inserter.rows.pending"));
        Assert.Equal(1, Sum("clickhouse.inserter.retries"));
        Assert.Equal("252", measurements.Single(m => m.Instrument == "clickhouse.inserter.retries").Tags["error.type"]);
        Assert.Equal("acknowledged", measurements.Single(m => m.Instrument == "clickhouse.inserter.batches").Tags["outcome"]);
        Assert.Equal(3, measurements.Single(m => m.Instrument == "clickhouse.inserter.batch.rows").Value);
        Assert.True(measurements.Single(m => m.Instrument == "clickhouse.inserter.batch.size").Value > 3 * 8);
        Dictionary<string, object?>[] durations = [.. measurements.Where(m => m.Instrument == "db.client.operation.duration").Select(m => m.Tags)];
        Assert.Equal(2, durations.Length);
        Assert.All(durations, tags =>
        {
            Assert.Equal("clickhouse", tags["db.system.name"]);
            Assert.Equal("INSERT", tags["db.operation.name"]);
            Assert.Equal("fake-clickhouse", tags["server.address"]);
        });
        Assert.Single(durations, tags => Equals(tags.GetValueOrDefault("error.type"), "252"));

        Assert.Equal(2, spans.Count);
        Assert.All(spans, span =>
        {
            Assert.Equal(ActivityKind.Client, span.Kind);
            Assert.Equal("INSERT " + table, span.DisplayName);
            Assert.Equal("clickhouse", span.GetTagItem("db.system.name"));
            Assert.Equal(3, span.GetTagItem("db.operation.batch.size"));
            Assert.Equal(8123, span.GetTagItem("server.port"));
            Assert.NotNull(span.GetTagItem("clickhouse.query_id"));
        });
        Activity failedAttempt = Assert.Single(spans, span => span.Status == ActivityStatusCode.Error);
        Assert.Equal("252", failedAttempt.GetTagItem("db.response.status_code"));
    }
}
