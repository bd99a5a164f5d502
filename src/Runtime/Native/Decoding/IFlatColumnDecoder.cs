namespace ClickHouse.RowBinary;

/// <summary>A decoder whose column is its RowBinary values one after the other: read in place, never copied.</summary>
internal interface IFlatColumnDecoder
{
    /// <summary>Where the scanned values start in the block's bytes.</summary>
    int Start { get; }

    /// <summary>Where they end.</summary>
    int End { get; }
}
