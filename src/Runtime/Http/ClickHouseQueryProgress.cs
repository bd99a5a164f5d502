namespace ClickHouse.RowBinary;

/// <summary>How far a query has got.</summary>
/// <param name="Rows">Typed rows read: reported with the last report (0 before it).</param>
/// <param name="Bytes">Bytes of the result received so far, after decompression.</param>
/// <param name="Server">The server's own progress from its <c>X-ClickHouse-Progress</c> headers, when it sent any.</param>
public readonly record struct ClickHouseQueryProgress(long Rows, long Bytes, ClickHouseServerProgress? Server);

/// <summary>The server's progress of a query, as its last <c>X-ClickHouse-Progress</c> header said.</summary>
/// <param name="ReadRows">Rows the server has read.</param>
/// <param name="ReadBytes">Bytes the server has read.</param>
/// <param name="TotalRowsToRead">Rows the server expects to read in all; 0 when it does not know.</param>
public readonly record struct ClickHouseServerProgress(long ReadRows, long ReadBytes, long TotalRowsToRead);
