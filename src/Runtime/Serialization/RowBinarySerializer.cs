using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads and writes rows of <see cref="IClickHouseRow{TSelf}"/> types in the RowBinary formats: synchronously
/// over buffers, and asynchronously over streams with memory bounded whatever the number of rows.
/// </summary>
/// <remarks>
/// Every error raised by a value names its column, its row and the ClickHouse type
/// (<see cref="RowBinaryException.Column"/>, <see cref="RowBinaryException.Row"/>); a RowBinaryWithNamesAndTypes
/// header that does not fit the row type is a <see cref="RowBinarySchemaMismatchException"/> before any row.
/// </remarks>
public static partial class RowBinarySerializer
{
    private static void ValidateWriteFormat(RowBinaryFormat format)
    {
        if (format is not (RowBinaryFormat.RowBinary or RowBinaryFormat.RowBinaryWithDefaults or RowBinaryFormat.RowBinaryWithNamesAndTypes))
        {
            throw new ArgumentOutOfRangeException(nameof(format), format, "Unknown RowBinary format.");
        }
    }

    private static void ValidateReadFormat(RowBinaryFormat format)
    {
        if (format == RowBinaryFormat.RowBinaryWithDefaults)
        {
            throw new ArgumentException(
                "RowBinaryWithDefaults is an input format only: ClickHouse never sends it. Read RowBinary or RowBinaryWithNamesAndTypes.",
                nameof(format));
        }
        if (format is not (RowBinaryFormat.RowBinary or RowBinaryFormat.RowBinaryWithNamesAndTypes))
        {
            throw new ArgumentOutOfRangeException(nameof(format), format, "Unknown RowBinary format.");
        }
    }
}
