using System.Collections.Concurrent;
using System.Diagnostics;
using ClickHouse.RowBinary.DependencyInjection;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Http;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry;
using OpenTelemetry.Trace;

namespace ClickHouse.RowBinary.IntegrationTests.Telemetry;

/// <summary>
/// What a user sees with OpenTelemetry's SDK as configured by default (its default sampler, <c>AddSource</c> and an
/// exporter) in an ASP.NET Core application: the hosted requests' activities exist but are not recorded.
/// </summary>
public sealed class AspNetCoreTracingTests
{
    [Fact]
    public async Task A_batch_INSERT_is_a_recorded_root_span_linked_to_every_request_whose_rows_it_carries()
    {
        var spans = new List<Activity>();
        using TracerProvider tracing = Sdk.CreateTracerProviderBuilder().AddSource(ClickHouseDiagnostics.ActivitySourceName).AddInMemoryExporter(spans).Build()!;
        byte[] oneRow = Server.Tables.RowBinaryOf([EventRow.Numbered(9)]);
        var fake = new FakeClickHouse(request => BatchRequests.IsInsert(request) ? FakeClickHouse.Ok([])
            : request.BodyText.Contains("system.settings", StringComparison.Ordinal) ? FakeClickHouse.Ok("0\n"u8.ToArray())
            : FakeClickHouse.Ok(oneRow)).Describing<EventRow>();
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddClickHouseClient(options => options.Endpoint = new Uri("http://tracing-test:8123/"))
            .ConfigurePrimaryHttpMessageHandler(() => fake);
        // Three rows make a batch: the three requests below share one INSERT.
        builder.Services.AddClickHouseBatchInserter<EventRow>("events", options => { options.MaxRows = 3; options.MaxDelay = TimeSpan.FromHours(1); });
        await using WebApplication app = builder.Build();
        var callers = new ConcurrentBag<ActivityContext>();
        app.MapPost("/view/{id}", async (uint id, ClickHouseBatchInserter<EventRow> inserter) =>
        {
            callers.Add(Activity.Current?.Context ?? default);
            await inserter.InsertAsync(EventRow.Numbered(id));
            return Results.NoContent();
        });
        app.MapGet("/stats", async (ClickHouseClient client) =>
        {
            callers.Add(Activity.Current?.Context ?? default);
            return (await client.QueryListAsync<EventRow>("SELECT id, name, code FROM events", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary })).Count;
        });
        await app.StartAsync();
        using var http = new HttpClient { BaseAddress = new Uri(app.Urls.Single()) };

        HttpResponseMessage[] views = await Task.WhenAll(Enumerable.Range(1, 3).Select(i => http.PostAsync($"/view/{i}", content: null)));
        Assert.All(views, view => view.EnsureSuccessStatusCode());
        Assert.Equal("1", await http.GetStringAsync("/stats"));
        await app.StopAsync();
        tracing.ForceFlush();
        // The listener hears the whole process: only this test's server counts (not work another test left running).
        spans.RemoveAll(span => span.GetTagItem("server.address") as string != "tracing-test");

        Assert.Equal(4, callers.Count);
        Assert.All(callers, caller => Assert.NotEqual(default, caller));
        Assert.All(callers, caller => Assert.False(caller.TraceFlags.HasFlag(ActivityTraceFlags.Recorded)));
        Activity insert = Assert.Single(spans, span => span.DisplayName == "INSERT events");
        Assert.Equal(ActivityKind.Client, insert.Kind);
        Assert.Equal(default, insert.ParentSpanId);
        Assert.Equal(3, insert.GetTagItem("db.operation.batch.size"));
        ActivityContext[] linked = [.. insert.Links.Select(link => link.Context)];
        Assert.Equal(3, linked.Length);
        Assert.All(linked, context => Assert.Contains(context, callers));
        Assert.DoesNotContain(callers, caller => caller.TraceId == insert.TraceId);
        // Asking the server for its settings is part of the INSERT attempt, in its trace.
        Assert.All(spans.Where(span => span.DisplayName == "SELECT system.settings"), probe => Assert.Equal(insert.SpanId, probe.ParentSpanId));
        // The typed query is a child of its request, which the default sampler does not record: record requests (ASP.NET
        // Core's instrumentation) to see it (docs/telemetry.md).
        Assert.DoesNotContain(spans, span => span.DisplayName == "SELECT");
    }
}
