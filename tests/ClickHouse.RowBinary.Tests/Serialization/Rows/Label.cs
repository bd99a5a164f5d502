namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>LowCardinality columns, of strings and of numbers, for the Native dictionary's keys.</summary>
[ClickHouseRow]
public sealed partial record Label(
    [property: ClickHouseColumn("text", Type = "LowCardinality(String)")] string Text,
    [property: ClickHouseColumn("maybe", Type = "LowCardinality(Nullable(String))")] string? Maybe,
    [property: ClickHouseColumn("code", Type = "LowCardinality(UInt32)")] uint Code);
