using System.Buffers;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Parses a stream of rows block by block, for the asynchronous readers: the header once, then as many whole
/// rows as each block holds. A row cut by the end of a block is left for the next block; the caller keeps the
/// bytes from <see cref="Parse"/>'s result on and comes back with more.
/// </summary>
internal sealed class RowBinaryStreamParser<T>
    where T : IClickHouseRow<T>
{
    private bool _headerPending;
    private int[]? _columnOrder;
    private long _rowIndex;
    private long _offset;

    public RowBinaryStreamParser(RowBinaryFormat format) => _headerPending = format == RowBinaryFormat.RowBinaryWithNamesAndTypes;

    /// <summary>
    /// The error that stopped the parse, raised by the caller once it has handed on the rows before it (so that
    /// an asynchronous reader yields every good row first). Once set, nothing more is parsed.
    /// </summary>
    public RowBinaryException? Failure { get; private set; }

    /// <summary>
    /// Appends the whole rows of <paramref name="block"/> to <paramref name="destination"/> and returns how many
    /// bytes they took. <paramref name="isFinalBlock"/> is true once the stream has ended: then the block must
    /// hold whole rows only, else <see cref="Failure"/> says where the data ends mid-row. A header that does
    /// not fit the row type throws at once.
    /// </summary>
    public long Parse(ReadOnlySequence<byte> block, bool isFinalBlock, List<T> destination)
    {
        if (Failure is not null)
        {
            return 0;
        }
        var reader = new RowBinaryReader(block, isFinalBlock, _offset);
        if (_headerPending)
        {
            RowBinaryHeader header;
            try
            {
                header = RowBinaryHeader.Read(ref reader);
            }
            catch (RowBinaryNeedMoreDataException)
            {
                return 0;
            }
            _columnOrder = RowBinaryHeaderChecker.GetColumnOrder<T>(header);
            _headerPending = false;
        }
        long consumed = RowReading.ReadRows(ref reader, _columnOrder, destination, ref _rowIndex, out RowReadFailure? failure);
        if (failure is not null)
        {
            Failure = RowReading.ToException<T>(failure, _rowIndex, _offset + consumed, block.Slice(consumed), isFinalBlock, _columnOrder);
        }
        _offset += consumed;
        return consumed;
    }
}
