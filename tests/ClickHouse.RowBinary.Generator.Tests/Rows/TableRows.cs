using System.Net;

namespace ClickHouse.RowBinary.Generator.Tests.Rows;

// The four tables of tests/vectors/tables.json, declared as a user would.

/// <summary>tables.json "web_visits": a positional record with the attributes on the parameters.</summary>
[ClickHouseRow]
public partial record WebVisit(
    [property: ClickHouseColumn("day")] DateOnly Day,
    [property: ClickHouseColumn("page_url")] string PageUrl,
    [property: ClickHouseColumn("country_id")] ushort CountryId,
    [property: ClickHouseColumn("browser_id")] byte BrowserId,
    [property: ClickHouseColumn("device_id")] byte DeviceId,
    [property: ClickHouseColumn("os_id")] byte OsId,
    [property: ClickHouseColumn("visits")] ulong Visits);

/// <summary>tables.json "nested_flattened": a Nested column held in a list of a nested row type.</summary>
[ClickHouseRow]
public partial class NestedTableRow
{
    [ClickHouseColumn("id")]
    public uint Id { get; set; }

    [ClickHouseColumn("n")]
    public List<NestedPair> N { get; set; } = [];
}

/// <summary>The fields of <see cref="NestedTableRow.N"/>.</summary>
[ClickHouseRow]
public partial record struct NestedPair([property: ClickHouseColumn("a")] byte A, [property: ClickHouseColumn("b")] string B);

/// <summary>tables.json "events": init-only and required members, declared ClickHouse types.</summary>
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
    public List<string> Tags { get; init; } = [];

    [ClickHouseColumn("props")]
    public Dictionary<string, string> Properties { get; init; } = [];

    [ClickHouseColumn("amount", Type = "Decimal64(4)")]
    public decimal Amount { get; init; }

    [ClickHouseColumn("ip")]
    public IPAddress Ip { get; init; } = IPAddress.IPv6None;

    [ClickHouseColumn("flag")]
    public bool Flag { get; init; }
}

/// <summary>tables.json "vectors_and_shapes": a QBit vector, a MultiPoint and a Geometry.</summary>
[ClickHouseRow]
public partial record VectorAndShape(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("embedding", Type = "QBit(Float32, 4)")] float[] Embedding,
    [property: ClickHouseColumn("stops", Type = "MultiPoint")] (double X, double Y)[] Stops,
    [property: ClickHouseColumn("shape")] ClickHouseGeometry Shape);
