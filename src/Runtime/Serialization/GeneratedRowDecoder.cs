using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>Rows of a <see cref="ClickHouseRowAttribute"/> type: its generated read, in the schema's order or the header's.</summary>
internal struct GeneratedRowDecoder<T> : IRowDecoder<T>
    where T : IClickHouseRow<T>
{
    /// <summary>The last header checked against <typeparamref name="T"/> and the order it gave: a header kept by its bytes (<see cref="KnownHeader"/>) is checked once.</summary>
    private static AcceptedHeader? s_lastAccepted;

    /// <summary>The schema index of each column of the data, or null when the data has the schema's own order.</summary>
    private int[]? _columnOrder;

    public readonly ClickHouseRowSchema Schema => T.Schema;

    public void Accept(RowBinaryHeader header)
    {
        if (s_lastAccepted is { } last && ReferenceEquals(last.Header, header))
        {
            _columnOrder = last.Order;
            return;
        }
        _columnOrder = RowBinaryHeaderChecker.GetColumnOrder<T>(header);
        s_lastAccepted = new AcceptedHeader(header, _columnOrder);
    }

    /// <summary>One object, so that a header and its order are published together.</summary>
    private sealed record AcceptedHeader(RowBinaryHeader Header, int[]? Order);

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
