using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>Rows of a <see cref="ClickHouseRowAttribute"/> type: its generated read, in the schema's order or the header's.</summary>
internal struct GeneratedRowDecoder<T> : IRowDecoder<T>
    where T : IClickHouseRow<T>
{
    /// <summary>The schema index of each column of the data, or null when the data has the schema's own order.</summary>
    private int[]? _columnOrder;

    public readonly ClickHouseRowSchema Schema => T.Schema;

    public void Accept(RowBinaryHeader header) => _columnOrder = RowBinaryHeaderChecker.GetColumnOrder<T>(header);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly T Read(ref RowBinaryReader reader)
    {
        int[]? order = _columnOrder;
        if (order is null)
        {
            reader.CurrentColumn = 0;
            return T.Read(ref reader);
        }
        reader.CurrentColumn = order.Length > 0 ? order[0] : 0;
        return T.Read(ref reader, order);
    }
}
