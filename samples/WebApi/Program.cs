// A minimal API over ClickHouse: POST /view records a page view through the shared batch inserter (many requests, few
// INSERTs), GET /stats reads the most viewed pages with a typed query. Options come from the "ClickHouse" configuration
// section (appsettings.json, or ClickHouse__Endpoint and the like in the environment); spans go to the console.
using ClickHouse.RowBinary;
using ClickHouse.RowBinary.DependencyInjection;
using OpenTelemetry.Trace;
using WebApi;

WebApplicationBuilder builder = WebApplication.CreateBuilder(args);
builder.Services.AddClickHouseClient(builder.Configuration.GetSection("ClickHouse"));
builder.Services.AddClickHouseBatchInserter<PageView>("page_views");
builder.Services.AddOpenTelemetry().WithTracing(tracing => tracing
    // The library's spans; ASP.NET Core's instrumentation records the requests, so that a query is seen inside its
    // request's trace. A batch INSERT is a trace of its own, linked to the requests whose rows it carries.
    .AddSource(ClickHouseDiagnostics.ActivitySourceName)
    .AddAspNetCoreInstrumentation()
    .AddConsoleExporter());

WebApplication app = builder.Build();
await app.Services.GetRequiredService<ClickHouseClient>()
    .CreateTableAsync<PageView>("page_views", new ClickHouseTableOptions { IfNotExists = true, OrderBy = "(page, at)" });

app.MapPost("/view", async (ViewRequest view, ClickHouseBatchInserter<PageView> inserter, CancellationToken cancellationToken) =>
{
    // Completes once the server acknowledged the INSERT that carried the row.
    await inserter.InsertAsync(new PageView(view.Page, DateTime.UtcNow), cancellationToken);
    return Results.NoContent();
});

app.MapGet("/stats", (ClickHouseClient client, CancellationToken cancellationToken) => client.QueryListAsync<PageStats>(
    "SELECT page, count() AS views FROM page_views GROUP BY page ORDER BY views DESC, page LIMIT 10", cancellationToken));

app.Run();
