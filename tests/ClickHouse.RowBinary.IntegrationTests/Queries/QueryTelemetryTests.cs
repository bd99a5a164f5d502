using System.Diagnostics;
using ClickHouse.RowBinary.IntegrationTests.Http;
using OpenTelemetry;
using OpenTelemetry.Metrics;
using OpenTelemetry.Trace;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>Scalars, the data reader and raw inserts report the same spans and measurements as typed queries and inserts.</summary>
public sealed class QueryTelemetryTests
{
    [Fact]
    public async Task Scalars_readers_and_raw_inserts_are_client_spans_with_rows_and_bytes()
    {
        var spans = new List<Activity>();
        var metrics = new List<Metric>();
        using TracerProvider tracing = Sdk.CreateTracerProviderBuilder().AddSource(ClickHouseDiagnostics.ActivitySourceName).AddInMemoryExporter(spans).Build()!;
        using MeterProvider metering = Sdk.CreateMeterProviderBuilder().AddMeter(ClickHouseDiagnostics.MeterName).AddInMemoryExporter(metrics).Build()!;
        byte[] counts = Answer(3);
        var fake = new FakeClickHouse(request => request.Parameters.GetValueOrDefault("query", "").StartsWith("INSERT", StringComparison.Ordinal)
            ? FakeClickHouse.Ok([])
            : FakeClickHouse.Ok(counts));
        using ClickHouseClient client = FakeClickHouse.Client(fake);
        byte[] csv = "1,a\n2,b\n"u8.ToArray();

        ulong first = await client.QueryScalarAsync<ulong>("SELECT number FROM numbers(3)");
        await using (ClickHouseDataReader reader = await client.ExecuteReaderAsync("SELECT number FROM numbers(3)"))
        {
            while (await reader.ReadAsync())
            {
            }
        }
        await client.InsertRawAsync("events", "CSV", new MemoryStream(csv));
        tracing.ForceFlush();
        metering.ForceFlush();

        Assert.Equal(0UL, first);
        Assert.Equal(["SELECT", "SELECT", "INSERT events"], spans.Select(s => s.DisplayName));
        Assert.Equal("events", spans[2].GetTagItem("db.collection.name"));
        Assert.Equal(1 + 3, Sum(metrics, "clickhouse.client.rows.read"));
        Assert.Equal(csv.Length, Sum(metrics, "clickhouse.client.bytes.sent"));
    }

    [Fact]
    public async Task Native_inserts_and_queries_report_the_spans_and_measurements_of_RowBinary_ones()
    {
        var spans = new List<Activity>();
        var metrics = new List<Metric>();
        using TracerProvider tracing = Sdk.CreateTracerProviderBuilder().AddSource(ClickHouseDiagnostics.ActivitySourceName).AddInMemoryExporter(spans).Build()!;
        using MeterProvider metering = Sdk.CreateMeterProviderBuilder().AddMeter(ClickHouseDiagnostics.MeterName).AddInMemoryExporter(metrics).Build()!;
        Rows.NumberRow[] rows = [.. Enumerable.Range(0, 70_000).Select(i => new Rows.NumberRow((ulong)i, 1))];
        byte[] native = Bodies.Native(rows);
        var fake = new FakeClickHouse(request => request.Parameters.GetValueOrDefault("query", "").StartsWith("INSERT", StringComparison.Ordinal)
            ? FakeClickHouse.Ok([])
            : FakeClickHouse.Ok(native)).Describing<Rows.NumberRow>();
        using ClickHouseClient client = FakeClickHouse.Client(fake, o => o.WireFormat = ClickHouseWireFormat.Native);

        await client.InsertAsync("numbers", rows);
        List<Rows.NumberRow> list = await client.QueryListAsync<Rows.NumberRow>("SELECT number, thrown FROM numbers");
        int streamed = 0;
        await foreach (Rows.NumberRow row in client.QueryAsync<Rows.NumberRow>("SELECT number, thrown FROM numbers"))
        {
            streamed++;
        }
        tracing.ForceFlush();
        metering.ForceFlush();

        Assert.Equal(rows, list);
        Assert.Equal(rows.Length, streamed);
        Assert.Equal(["INSERT numbers", "SELECT", "SELECT"], spans.Where(s => s.GetTagItem("db.collection.name") is not "system.columns").Select(s => s.DisplayName));
        Assert.Equal(2L * rows.Length, Sum(metrics, "clickhouse.client.rows.read"));
        Assert.Equal(native.Length, Sum(metrics, "clickhouse.client.bytes.sent"));
    }

    /// <summary>A RowBinaryWithNamesAndTypes answer of one UInt64 column, 0 to <paramref name="rows"/> - 1.</summary>
    private static byte[] Answer(int rows)
    {
        var bytes = new List<byte> { 1, 6 };
        bytes.AddRange("number"u8.ToArray());
        bytes.Add(6);
        bytes.AddRange("UInt64"u8.ToArray());
        for (ulong i = 0; i < (ulong)rows; i++)
        {
            bytes.AddRange(BitConverter.GetBytes(i));
        }
        return [.. bytes];
    }

    private static long Sum(List<Metric> metrics, string name)
    {
        long sum = 0;
        foreach (Metric metric in metrics.Where(m => m.Name == name))
        {
            foreach (ref readonly MetricPoint point in metric.GetMetricPoints())
            {
                sum += point.GetSumLong();
            }
        }
        return sum;
    }
}
