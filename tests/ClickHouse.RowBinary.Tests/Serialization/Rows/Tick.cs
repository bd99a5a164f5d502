namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

public enum TickStatus : sbyte
{
    Ok = 1,
    Failed = 2,
}

/// <summary>
/// A record struct whose only reference-type field, <see cref="Label"/>, is empty in the large tests, so that
/// producing and consuming rows allocates nothing: whatever a large read or write allocates is the serializer's.
/// Covers Nullable, DateTime with a time zone, Enum8 and a column left to the server's default; generated.
/// </summary>
[ClickHouseRow]
public readonly partial record struct Tick(
    [property: ClickHouseColumn("id")] ulong Id,
    [property: ClickHouseColumn("at", Type = "DateTime('UTC')")] DateTime At,
    [property: ClickHouseColumn("value")] double? Value,
    [property: ClickHouseColumn("status", Type = Tick.StatusType)] TickStatus Status,
    [property: ClickHouseColumn("label", Type = "String", UseServerDefault = true)] string? Label = null)
{
    public const string StatusType = "Enum8('ok' = 1, 'failed' = 2)";
}
