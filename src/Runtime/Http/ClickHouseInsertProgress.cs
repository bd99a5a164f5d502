namespace ClickHouse.RowBinary;

/// <summary>How far an INSERT has got: rows and RowBinary bytes (before compression) handed to the network so far.</summary>
/// <param name="Rows">Rows sent so far.</param>
/// <param name="Bytes">RowBinary bytes sent so far, before compression.</param>
public readonly record struct ClickHouseInsertProgress(long Rows, long Bytes);
