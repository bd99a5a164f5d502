using System;
using System.Collections.Generic;
using System.Net;
using ClickHouse.RowBinary;

namespace Analytics.Events;

/// <summary>A class with init-only and required members, as tables.json's "events" table.</summary>
[ClickHouseRow]
public partial class Event
{
    [ClickHouseColumn("id")]
    public Guid Id { get; init; }

    [ClickHouseColumn("ts", Type = "DateTime64(3, 'UTC')")]
    public DateTime Timestamp { get; init; }

    [ClickHouseColumn("user_id")]
    public ulong? UserId { get; init; }

    [ClickHouseColumn("kind", Type = "LowCardinality(String)")]
    public required string Kind { get; init; }

    [ClickHouseColumn("tags")]
    public string[] Tags { get; init; } = [];

    [ClickHouseColumn("props")]
    public Dictionary<string, string> Properties { get; init; } = new();

    [ClickHouseColumn("amount", Type = "Decimal64(4)")]
    public decimal Amount { get; init; }

    [ClickHouseColumn("ip")]
    public IPAddress Ip { get; init; } = IPAddress.IPv6Loopback;

    [ClickHouseColumn("flag")]
    public bool Flag { get; init; }

    [ClickHouseIgnore]
    public string Summary => $"{Kind} at {Timestamp:O}";
}
