namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>
/// A row of eight 8-byte columns. Its memory layout is its RowBinary encoding on a little-endian machine, which
/// makes a plain memory copy of the bytes the physical limit to compare against.
/// </summary>
[ClickHouseRow]
public partial record struct FixedWidthRow(
    [property: ClickHouseColumn("id")] ulong Id,
    [property: ClickHouseColumn("ts")] ulong Timestamp,
    [property: ClickHouseColumn("count")] ulong Count,
    [property: ClickHouseColumn("flags")] ulong Flags,
    [property: ClickHouseColumn("min")] double Min,
    [property: ClickHouseColumn("max")] double Max,
    [property: ClickHouseColumn("sum")] double Sum,
    [property: ClickHouseColumn("mean")] double Mean)
{
    public const int SizeInBytes = 8 * 8;
}
