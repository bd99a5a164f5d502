using System;

namespace ClickHouse.RowBinary;

/// <summary>A decoder whose column is its RowBinary values one after the other: read in place, never copied.</summary>
internal interface IFlatColumnDecoder
{
    /// <summary>
    /// Moves past the next <paramref name="count"/> scanned values and returns where they start in the block's bytes;
    /// they end where the next ones start.
    /// </summary>
    int Take(ReadOnlySpan<byte> data, int count);

    /// <summary>Where the next scanned value starts (after the last, where the column ends).</summary>
    int Cursor { get; }
}
