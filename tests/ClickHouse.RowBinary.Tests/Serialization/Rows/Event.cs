using System.Net;

namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>
/// The events table of tables.json as a class with init-only properties, generated. <see cref="Kind"/> is declared
/// <c>String</c> while the table's column is <c>LowCardinality(String)</c>: the same bytes, so the header check must
/// accept it.
/// </summary>
[ClickHouseRow]
public sealed partial class Event
{
    [ClickHouseColumn("id")] public required Guid Id { get; init; }

    [ClickHouseColumn("ts", Type = "DateTime64(3, 'UTC')")] public required DateTime Ts { get; init; }

    [ClickHouseColumn("user_id")] public ulong? UserId { get; init; }

    [ClickHouseColumn("kind")] public required string Kind { get; init; }

    [ClickHouseColumn("tags")] public required string[] Tags { get; init; }

    [ClickHouseColumn("props")] public required Dictionary<string, string> Props { get; init; }

    [ClickHouseColumn("amount", Type = "Decimal(18, 4)")] public decimal Amount { get; init; }

    [ClickHouseColumn("ip", Type = "IPv6")] public required IPAddress Ip { get; init; }

    [ClickHouseColumn("flag")] public bool Flag { get; init; }
}
