using System;
using ClickHouse.RowBinary;

namespace BatchInsert;

/// <summary>One event a web request records.</summary>
[ClickHouseRow]
public partial record struct PageView(
    [property: ClickHouseColumn("ts", Type = "DateTime")] DateTime Timestamp,
    [property: ClickHouseColumn("user_id")] ulong UserId,
    [property: ClickHouseColumn("path")] string Path,
    [property: ClickHouseColumn("duration_ms")] uint DurationMs);
