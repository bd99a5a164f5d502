using System;
using System.Buffers;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Parses a stream of rows block by block, for the asynchronous readers: the header once, then as many whole
/// rows as each block holds. A row cut by the end of a block is left for the next block; the caller keeps the
/// bytes from <see cref="Parse"/>'s result on and comes back with more.
/// </summary>
/// <remarks>
/// Linear whatever the chunking: a cut row is read again from its start, so the parser says how much data the
/// next attempt needs (<see cref="MinimumBlock"/>: the cut row's bytes plus what the failed read lacked) and how
/// much is worth waiting for (<see cref="PreferredBlock"/>: at least twice the cut row's bytes). Waiting for the
/// preferred size makes each row cost at most about twice its size in parsing, however small the reads; the
/// caller may retry at the minimum when the stream pauses, so that a row is never held back waiting for bytes
/// that only a later server block would bring.
/// </remarks>
internal sealed class RowBinaryStreamParser<T, TDecoder>
    where TDecoder : struct, IRowDecoder<T>
{
    /// <summary>The last header this row type and decoder read (see <see cref="KnownHeader"/>).</summary>
    private static KnownHeader? s_knownHeader;

    private readonly RowBinaryStringCache _strings;
    private TDecoder _decoder;
    private readonly bool _measureCutRows;
    private CutRowGuard? _guard;
    private bool _headerPending;
    private RowBinaryHeader? _header;
    private long _rowIndex;
    private long _offset;

    /// <param name="format">RowBinaryWithNamesAndTypes: the header is read and given to the decoder before the first row.</param>
    /// <param name="decoder">Reads each row.</param>
    /// <param name="strings">What earlier reads of the row type found in its String columns (a client's); none for a read on its own.</param>
    /// <param name="measureCutRows">
    /// Whether a row near a block's end is measured before it is read (<see cref="CutRowGuard"/>): for decoders that
    /// build values, so that a row the block's end cuts is not built twice; not for those that only note where values start.
    /// </param>
    public RowBinaryStreamParser(RowBinaryFormat format, TDecoder decoder, StringCacheMemory? strings = null, bool measureCutRows = true)
    {
        _strings = new RowBinaryStringCache(strings);
        _headerPending = format == RowBinaryFormat.RowBinaryWithNamesAndTypes;
        _decoder = decoder;
        _measureCutRows = measureCutRows;
    }

    /// <summary>
    /// The error that stopped the parse, raised by the caller once it has handed on the rows before it (so that
    /// an asynchronous reader yields every good row first). Once set, nothing more is parsed.
    /// </summary>
    public RowBinaryException? Failure { get; private set; }

    /// <summary>Gives the string cache's pooled arrays back: the parse is over.</summary>
    public void Release() => _strings.Release();

    /// <summary>True when the last parse stopped at its row limit with more of the block left to parse.</summary>
    public bool MoreRowsHeld { get; private set; }

    /// <summary>The fewest bytes (from where the last parse stopped) the next parse can succeed with; 0 for any.</summary>
    public long MinimumBlock { get; private set; }

    /// <summary>The bytes worth waiting for before the next parse, at least <see cref="MinimumBlock"/>.</summary>
    public long PreferredBlock { get; private set; }

    /// <summary>
    /// Appends the whole rows of <paramref name="block"/> to <paramref name="destination"/> and returns how many
    /// bytes they took. <paramref name="isFinalBlock"/> is true once the stream has ended: then the block must
    /// hold whole rows only, else <see cref="Failure"/> says where the data ends mid-row. A header that does
    /// not fit the row type throws at once. At most <paramref name="maxRows"/> rows (see <see cref="MoreRowsHeld"/>).
    /// </summary>
    public long Parse(ReadOnlySequence<byte> block, bool isFinalBlock, List<T> destination, int maxRows = int.MaxValue)
    {
        MoreRowsHeld = false;
        if (Failure is not null)
        {
            return 0;
        }
        var reader = new RowBinaryReader(block, isFinalBlock, _offset, _strings, stopAtEnd: true);
        if (_headerPending && !TryReadHeader(ref reader, block))
        {
            return 0;
        }
        int before = destination.Count;
        CutRowGuard? guard = isFinalBlock || !_measureCutRows ? null : _guard ??= new CutRowGuard(DataColumns());
        long consumed = RowReading.ReadRows(ref reader, ref _decoder, destination, ref _rowIndex, out RowReadFailure? failure, maxRows, guard);
        long shortfall = reader.Shortfall > 0 ? reader.Shortfall : guard?.Shortfall ?? 0;
        MoreRowsHeld = failure is null && shortfall == 0 && consumed < block.Length && destination.Count - before == maxRows;
        if (failure is not null)
        {
            Failure = RowReading.ToException<T, TDecoder>(failure, _rowIndex, _offset + consumed, block.Slice(consumed), isFinalBlock, ref _decoder);
        }
        NeedMore(block.Length - consumed, shortfall);
        _offset += consumed;
        return consumed;
    }

    private bool TryReadHeader(ref RowBinaryReader reader, ReadOnlySequence<byte> block)
    {
        RowBinaryHeader? header = null;
        KnownHeader? known = s_knownHeader;
        if (known is not null && known.Starts(block))
        {
            reader.Skip(known.Length);
            header = known.Header;
        }
        else
        {
            try
            {
                header = RowBinaryHeader.Read(ref reader);
            }
            catch (Exception) when (reader.Shortfall > 0)
            {
                // Cut by the end of the block: the zeros read after it made no valid header.
            }
            if (reader.Shortfall > 0 || header is null)
            {
                NeedMore(block.Length, Math.Max(reader.Shortfall, 1));
                return false;
            }
            s_knownHeader = KnownHeader.Keep(block, reader.BytesConsumed, header) ?? known;
        }
        _decoder.Accept(header);
        _headerPending = false;
        _header = header;
        return true;
    }

    /// <summary>The columns in the order of the data: the header's, or the row type's own.</summary>
    private RowBinaryHeader DataColumns() => _header ?? _decoder.Schema.Header;

    private void NeedMore(long cutBytes, long shortfall)
    {
        if (shortfall == 0)
        {
            MinimumBlock = 0;
            PreferredBlock = 0;
            return;
        }
        MinimumBlock = cutBytes + shortfall;
        PreferredBlock = Math.Max(MinimumBlock, 2 * cutBytes);
    }
}
