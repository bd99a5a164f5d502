using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Thrown by a <see cref="RowBinaryReader"/> over a block that is not final when a value runs past the data
/// read so far: the caller rewinds to the start of the row and retries with more data.
/// </summary>
internal sealed class RowBinaryNeedMoreDataException : Exception
{
    public RowBinaryNeedMoreDataException()
        : base("More data is needed to read the current row.")
    {
    }
}
