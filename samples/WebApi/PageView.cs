using ClickHouse.RowBinary;

namespace WebApi;

/// <summary>One page view, as POST /view records it.</summary>
[ClickHouseRow]
public sealed partial record PageView(
    [property: ClickHouseColumn("page")] string Page,
    // A DateTime member defaults to DateTime64(7, 'UTC'); ClickHouse before 20.1 has only DateTime, in whole seconds.
    [property: ClickHouseColumn("at", Type = "DateTime('UTC')")] DateTime At);

/// <summary>A row of GET /stats.</summary>
[ClickHouseRow]
public sealed partial record PageStats(
    [property: ClickHouseColumn("page")] string Page,
    [property: ClickHouseColumn("views")] ulong Views);

/// <summary>The body of POST /view.</summary>
public sealed record ViewRequest(string Page);
