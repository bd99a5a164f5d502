using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Tells, before a row near the end of a block that is not final is built, whether the block holds all of it: a row
/// the block's end cuts would otherwise have its strings and object made, dropped, and made again once the rest
/// arrives. Rows that start further from the end than the longest row seen so far are whole and not measured; the
/// few after that are passed over by type first, which allocates nothing.
/// </summary>
internal sealed class CutRowGuard
{
    private readonly RowBinaryHeader _columns;
    private bool _unmeasurable;
    private long _blockLength;

    /// <param name="columns">The columns, in the order of the data.</param>
    public CutRowGuard(RowBinaryHeader columns) => _columns = columns;

    /// <summary>The bytes of the longest row read so far.</summary>
    public long LongestRow { get; private set; }

    /// <summary>After <see cref="IsCut"/> returned true: how many bytes the row lacks at least.</summary>
    public long Shortfall { get; private set; }

    /// <summary>Starts a block of <paramref name="blockLength"/> bytes: no row of it is cut yet.</summary>
    public void StartBlock(long blockLength)
    {
        _blockLength = blockLength;
        Shortfall = 0;
    }

    /// <summary>Where in the block rows start that may be cut: the rows after it are measured.</summary>
    public long MeasureFrom => _unmeasurable ? long.MaxValue : _blockLength - LongestRow;

    /// <summary>Notes a whole row's bytes; true when it is the longest so far.</summary>
    public bool Saw(long rowBytes)
    {
        if (rowBytes <= LongestRow)
        {
            return false;
        }
        LongestRow = rowBytes;
        return true;
    }

    /// <summary>
    /// Passes over the row at <paramref name="reader"/>'s position on a copy of the reader: true when the data ends
    /// inside it (<see cref="Shortfall"/> then says by how much). A value that cannot be passed over counts as
    /// whole, so that the row's own read reports it.
    /// </summary>
    public bool IsCut(RowBinaryReader reader)
    {
        ClickHouseType[]? types = _columns.ParsedTypes();
        if (types is null)
        {
            _unmeasurable = true;
            return false;
        }
        try
        {
            foreach (ClickHouseType type in types)
            {
                ClickHouseValueSkipper.Skip(ref reader, type);
                if (reader.Shortfall > 0)
                {
                    break;
                }
            }
        }
        catch (Exception exception) when (reader.Shortfall > 0 || RowErrors.IsValueError(exception))
        {
            // Past the end the reader reads zeros, which need not make valid values; a bad value is the row read's to report.
        }
        Shortfall = reader.Shortfall;
        return Shortfall > 0;
    }
}
