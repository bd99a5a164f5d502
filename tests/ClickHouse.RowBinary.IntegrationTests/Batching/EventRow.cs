namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>What the batch inserter tests insert: an id to count rows by, and a FixedString(4) to make a row that cannot be written.</summary>
[ClickHouseRow]
public partial record struct EventRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("name")] string Name,
    [property: ClickHouseColumn("code", Type = "FixedString(4)")] string Code)
{
    public static EventRow Numbered(uint id) => new(id, "event " + id, "ok");

    /// <summary>A row whose code is longer than FixedString(4): it cannot be written.</summary>
    public static EventRow Unwritable(uint id) => new(id, "bad " + id, "too long");
}

/// <summary>A class row, to show the inserter copies a row when it accepts it.</summary>
[ClickHouseRow]
public sealed partial class MutableEventRow
{
    [ClickHouseColumn("id")]
    public uint Id { get; set; }

    [ClickHouseColumn("name")]
    public string Name { get; set; } = "";

    [ClickHouseColumn("code", Type = "FixedString(4)")]
    public string Code { get; set; } = "";
}
