using System.Diagnostics;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Http;
using OpenTelemetry;
using OpenTelemetry.Metrics;
using OpenTelemetry.Trace;

namespace ClickHouse.RowBinary.IntegrationTests.Telemetry;

/// <summary>What reaches OpenTelemetry (its SDK and in-memory exporters) from the client's requests.</summary>
public sealed class OpenTelemetryTests
{
    [Fact]
    public async Task Queries_and_inserts_arrive_as_client_spans_and_metrics_under_the_database_conventions()
    {
        var spans = new List<Activity>();
        var metrics = new List<Metric>();
        using TracerProvider tracing = Sdk.CreateTracerProviderBuilder().AddSource(ClickHouseDiagnostics.ActivitySourceName).AddInMemoryExporter(spans).Build()!;
        using MeterProvider metering = Sdk.CreateMeterProviderBuilder().AddMeter(ClickHouseDiagnostics.MeterName).AddInMemoryExporter(metrics).Build()!;
        byte[] threeRows = Tables(3);
        var fake = new FakeClickHouse(request => request.Parameters.GetValueOrDefault("query", "").StartsWith("INSERT", StringComparison.Ordinal)
            ? FakeClickHouse.Ok([])
            : request.BodyText.Contains("missing", StringComparison.Ordinal)
                ? FakeClickHouse.Error(System.Net.HttpStatusCode.NotFound, "Code: 60. DB::Exception: Table default.missing does not exist.", 60)
                : FakeClickHouse.Ok(threeRows));
        // A host of its own: the listeners hear the whole process, and work another test left in the background (a KILL,
        // a batch being disposed) must not count here.
        using ClickHouseClient client = FakeClickHouse.Client(fake, o => { o.Endpoint = new Uri($"http://{Host}:8123/"); o.Database = "analytics"; o.Password = "s3cret"; });

        List<EventRow> read = await client.QueryListAsync<EventRow>("SELECT id, name, code FROM events", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary });
        // Unchecked: the schema probe would be a request (and a span) of its own.
        await client.InsertAsync("events", read, new ClickHouseInsertOptions { QueryId = "insert-1", CheckSchema = false, WireFormat = ClickHouseWireFormat.RowBinary });
        await Assert.ThrowsAsync<ClickHouseServerException>(() => client.ExecuteAsync("DROP TABLE missing"));
        tracing.ForceFlush();
        metering.ForceFlush();
        spans.RemoveAll(span => span.GetTagItem("server.address") as string != Host);

        Assert.Equal(3, spans.Count);
        Activity select = spans[0], insert = spans[1], failed = spans[2];
        Assert.Equal(("SELECT", ActivityKind.Client, ActivityStatusCode.Unset), (select.DisplayName, select.Kind, select.Status));
        Assert.Equal("clickhouse", select.GetTagItem("db.system.name"));
        Assert.Equal("analytics", select.GetTagItem("db.namespace"));
        Assert.Equal(Host, select.GetTagItem("server.address"));
        Assert.Equal(8123, select.GetTagItem("server.port"));
        Assert.Equal(("INSERT events", "INSERT", "events", "insert-1"),
            (insert.DisplayName, insert.GetTagItem("db.operation.name"), insert.GetTagItem("db.collection.name"), insert.GetTagItem("clickhouse.query_id")));
        Assert.Equal(("DROP", ActivityStatusCode.Error, "60", "60"),
            (failed.DisplayName, failed.Status, failed.GetTagItem("error.type"), failed.GetTagItem("db.response.status_code")));
        Assert.All(spans, span => Assert.DoesNotContain(span.TagObjects, tag => tag.Value is string text && text.Contains("s3cret", StringComparison.Ordinal)));

        Assert.Equal(3, Sum(metrics, "clickhouse.client.rows.read"));
        Assert.Equal(threeRows.Length, Sum(metrics, "clickhouse.client.bytes.read"));
        Assert.Equal(3, Sum(metrics, "clickhouse.client.rows.sent"));
        Assert.Equal(threeRows.Length, Sum(metrics, "clickhouse.client.bytes.sent"));
        Metric duration = Assert.Single(metrics, m => m.Name == "db.client.operation.duration");
        Assert.Equal("s", duration.Unit);
        Assert.Equal(3, Points(duration).Sum(point => point.GetHistogramCount()));
        Assert.Contains(Points(duration), point => Tags(point).GetValueOrDefault("error.type") as string == "60");
    }

    private static byte[] Tables(int rows)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, Enumerable.Range(1, rows).Select(i => EventRow.Numbered((uint)i)));
        return buffer.WrittenSpan.ToArray();
    }

    private const string Host = "telemetry-test";

    private static long Sum(List<Metric> metrics, string name)
        => metrics.Where(m => m.Name == name).SelectMany(Points).Sum(point => point.GetSumLong());

    private static List<MetricPoint> Points(Metric metric)
    {
        var points = new List<MetricPoint>();
        foreach (ref readonly MetricPoint point in metric.GetMetricPoints())
        {
            if (Tags(point).GetValueOrDefault("server.address") as string == Host)
            {
                points.Add(point);
            }
        }
        return points;
    }

    private static Dictionary<string, object?> Tags(MetricPoint point)
    {
        var tags = new Dictionary<string, object?>();
        foreach (KeyValuePair<string, object?> tag in point.Tags)
        {
            tags[tag.Key] = tag.Value;
        }
        return tags;
    }
}
