namespace ClickHouse.RowBinary;

/// <summary>What one INSERT sent.</summary>
/// <param name="Rows">The rows written.</param>
/// <param name="Bytes">The RowBinary bytes written, before any request compression.</param>
public readonly record struct ClickHouseInsertResult(long Rows, long Bytes);
