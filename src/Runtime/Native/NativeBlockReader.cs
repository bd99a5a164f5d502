using System;
using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads the blocks of one Native stream into rows of <typeparamref name="T"/>. A block is the number of columns and
/// rows (varints), then per column its name, its type name and its data. <see cref="Scan"/> finds the block's end and
/// checks everything in it against the bytes given (a count or an offset from the wire sizes nothing by itself);
/// <see cref="Read"/> then hands the columns to the generated reader. The header is checked against the row type as a
/// RowBinaryWithNamesAndTypes header is (columns by name, in any order), again only when a block changes it.
/// </summary>
internal sealed class NativeBlockReader<T>
    where T : IClickHouseRow<T>
{
    private readonly RowBinaryStringCache _strings;
    private readonly NativeColumnValues[] _values = new NativeColumnValues[T.Schema.Columns.Count];
    /// <summary>Per schema column, the strings of a batch decoded a column at a time (<see cref="NativeColumns.StringValues"/>).</summary>
    private readonly string[]?[] _stringValues = new string[]?[T.Schema.Columns.Count];
    private Column[] _columns = [];

    /// <summary>
    /// The last block header of this row type that a read checked: its names and types as read, their parsed types and
    /// the column order. Every query of a row type repeats its header (105 columns for ClickBench's <c>hits</c>), so a
    /// read whose blocks spell the same takes these strings, types and order instead of reading, parsing and checking
    /// them again, as RowBinaryWithNamesAndTypes reads do (<see cref="KnownHeader"/>).
    /// </summary>
    private static CheckedHeader? s_known;

    /// <summary><see cref="s_known"/> when this read started.</summary>
    private readonly CheckedHeader? _known = s_known;
    private bool _headerChecked;
    private int _rows;
    private int _rowsRead;
    private Resume? _resume;
    /// <summary>Whether the column being scanned got as far as its values (see <see cref="Resume.InValues"/>).</summary>
    private bool _inValues;

    /// <summary>
    /// More columns than the hardware prefetchers follow at once, so that the rows' reads are helped by a
    /// <see cref="Touch"/> of the batch first (for 7 columns it costs 1 to 2 ms in 37 ms and helps nothing).
    /// </summary>
    private static readonly bool ManyColumns = T.Schema.Columns.Count > 16;

    /// <summary>What <see cref="Touch"/> read, kept so that its loads are not optimized away.</summary>
    private int _touched;

    /// <param name="strings">What earlier reads of the row type found in its String columns (a client's); none for a read on its own.</param>
    public NativeBlockReader(StringCacheMemory? strings = null)
    {
        _strings = new RowBinaryStringCache(strings);
    }

    /// <summary>
    /// Gives the string cache's pooled arrays back (and tells its memory what it found), and the arrays String columns
    /// were decoded into: the read is over.
    /// </summary>
    public void Release()
    {
        _strings.Release();
        for (int column = 0; column < _stringValues.Length; column++)
        {
            if (_stringValues[column] is { } strings)
            {
                ArrayPool<string>.Shared.Return(strings, clearArray: true);
                _stringValues[column] = null;
            }
        }
    }

    /// <summary>
    /// Where the column a scan could not finish starts, in the bytes it was given (the block starting at 0): a resumed
    /// scan walks that column again from there. Null when no scan waits for more bytes.
    /// </summary>
    public int? ResumeAt => _resume?.Position;

    /// <summary>The rows of the blocks before the current one.</summary>
    public long RowsBefore { get; private set; }

    /// <summary>Scans the block at <paramref name="input"/>'s position, which final bytes must hold whole (<see cref="TryScan"/>); returns its rows.</summary>
    /// <exception cref="RowBinarySchemaMismatchException">The block's columns do not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="RowBinaryException">The block is not a valid Native block.</exception>
    public int Scan(ref NativeInput input) => TryScan(ref input, out int rows) ? rows : throw new RowBinaryNeedMoreDataException();

    /// <summary>
    /// Scans the block at <paramref name="input"/>'s position and moves past it, with its rows; false when bytes that
    /// are not final cut the block: call again with the same block and more bytes, and the scan resumes at the column it
    /// could not finish (the columns before it stay scanned). A cut in the block's header, a column's name or type, or
    /// the prefix or values of a fixed-width, String, LowCardinality, Nullable, Array, Map or Tuple column is found
    /// without an exception (the usual cuts of a stream); in other layouts (Variant, Dynamic, JSON, QBit) the scan's
    /// internal <see cref="RowBinaryNeedMoreDataException"/> is caught here.
    /// </summary>
    /// <exception cref="RowBinarySchemaMismatchException">The block's columns do not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="RowBinaryException">The block is not a valid Native block.</exception>
    public bool TryScan(ref NativeInput input, out int rows)
    {
        rows = 0;
        int blockStart = input.Position;
        if (_resume is { } resume)
        {
            input.Skip(resume.Position - blockStart, "column");
        }
        else
        {
            RowsBefore += _rows;
            _rows = 0;
            _rowsRead = 0;
            // Every value of every column takes a byte at least; a block of no columns has no rows to read.
            if (!input.TryReadVarUInt("column count", out ulong columnCount) || input.Lacks(columnCount))
            {
                return false;
            }
            int columns = input.ReadCount(columnCount, "column count");
            if (!input.TryReadVarUInt("row count", out ulong rowCount) || (columns != 0 && input.Lacks(rowCount)))
            {
                return false;
            }
            int blockRows = columns == 0 ? 0 : input.ReadCount(rowCount, "row count");
            if (_columns.Length != columns)
            {
                _columns = new Column[columns];
                _headerChecked = false;
            }
            resume = new Resume(0, input.Position, blockRows, InValues: false);
        }
        for (int c = resume.Column; c < _columns.Length; c++)
        {
            int columnStart = input.Position;
            bool whole;
            try
            {
                whole = TryScanColumn(ref input, c, resume.Rows, resumed: c == resume.Column && resume.InValues);
            }
            catch (RowBinaryNeedMoreDataException)
            {
                whole = false;
            }
            if (!whole)
            {
                _resume = new Resume(c, columnStart, resume.Rows, _inValues);
                return false;
            }
        }
        _resume = null;
        if (!_headerChecked)
        {
            CheckHeader();
        }
        _rows = resume.Rows;
        rows = resume.Rows;
        return true;
    }

    /// <summary>
    /// Reads the next rows of the block just scanned into <paramref name="destination"/> (as many as it holds, at most
    /// the rows left): a block is read in as many calls as the caller likes, each column's cursor kept between them, so
    /// that rows are built as they are taken. <paramref name="data"/> is what the scan was given, starting
    /// <paramref name="dataOffset"/> bytes into the stream.
    /// </summary>
    /// <exception cref="RowBinaryException">A value cannot be read; the message names its column and row.</exception>
    public void Read(ReadOnlySpan<byte> data, long dataOffset, Span<T> destination)
    {
        int rows = destination.Length;
        if (rows > RowsLeft)
        {
            throw new ArgumentOutOfRangeException(nameof(destination), rows, $"The block has {RowsLeft} rows left.");
        }
        long firstRow = RowsBefore + _rowsRead;
        foreach (Column column in _columns)
        {
            if (column.Decoder is IFlatColumnDecoder flat)
            {
                int start = flat.Take(data, rows);
                _values[column.SchemaIndex] = new NativeColumnValues(start, flat.Cursor - start, dataOffset + start, Decoded: null);
            }
            else if (column.Decoder is LowCardinalityColumnDecoder { HasStringKeys: true } or NullableColumnDecoder or ArrayColumnDecoder)
            {
                column.Batch(rows, firstRow);
                _values[column.SchemaIndex] = new NativeColumnValues(0, 0, column.Offset, Decoded: null, Pending: column);
            }
            else
            {
                _values[column.SchemaIndex] = new NativeColumnValues(0, 0, column.Offset, Decode(column, data, rows, firstRow));
            }
        }
        _rowsRead += rows;
        if (ManyColumns)
        {
            _touched = Touch(data, _values);
        }
        var columns = new NativeColumns(data, _values, _strings, dataOffset, _stringValues);
        try
        {
            T.ReadNative(ref columns, destination);
        }
        catch (Exception exception) when (RowErrors.IsValueError(exception))
        {
            throw RowErrors.Reading(T.Schema, columns.CurrentColumn, firstRow + columns.CurrentRow, _values[columns.CurrentColumn].Offset, exception);
        }
        finally
        {
            ReleaseStrings(rows);
        }
        SettleUnread(data);
    }

    /// <summary>Lets go of the batch's strings decoded a column at a time: the rows hold them now, and the rows are the caller's.</summary>
    private void ReleaseStrings(int rows)
    {
        foreach (string[]? strings in _stringValues)
        {
            if (strings is not null)
            {
                Array.Clear(strings, 0, Math.Min(rows, strings.Length));
            }
        }
    }

    /// <summary>Moves past the batch in every column the reader left pending, so that the next batch starts where it should.</summary>
    private void SettleUnread(ReadOnlySpan<byte> data)
    {
        foreach (NativeColumnValues values in _values)
        {
            values.Pending?.Decode(data);
        }
    }

    /// <summary>
    /// Reads a byte of every cache line of the batch's columns that lie in the block, one column after the other, before
    /// the rows are built. Building a row reads every column at once: in a large block (a server's 65,536 rows) a wide
    /// row's columns lie megabytes apart, more streams than the hardware prefetchers follow, and each value waited on
    /// memory (`hits`, 105 columns, streamed from 16 MiB blocks: 95 to 99 ms without, 72 to 75 ms with; blocks of 1,500
    /// rows 62 to 63 ms either way).
    /// </summary>
    private static int Touch(ReadOnlySpan<byte> data, NativeColumnValues[] columns)
    {
        const int CacheLine = 64;
        int sum = 0;
        foreach (NativeColumnValues values in columns)
        {
            if (values.Decoded is null)
            {
                ReadOnlySpan<byte> bytes = data.Slice(values.Start, values.Length);
                for (int i = 0; i < bytes.Length; i += CacheLine)
                {
                    sum += bytes[i];
                }
            }
        }
        return sum;
    }

    /// <summary>The rows of the block just scanned not read yet.</summary>
    public int RowsLeft => _rows - _rowsRead;

    private bool TryScanColumn(ref NativeInput input, int c, int rows, bool resumed)
    {
        _inValues = false;
        Column? column = _columns[c];
        CheckedHeader? known = _known is { } header && header.Names.Length == _columns.Length ? header : null;
        if (!input.TryReadName("column name", column?.Name ?? known?.Names[c], out string name)
            || !input.TryReadName("column type", column?.TypeName ?? known?.Types[c], out string typeName))
        {
            return false;
        }
        long offset = input.Offset;
        try
        {
            if (column is null || !string.Equals(name, column.Name, StringComparison.Ordinal) || !string.Equals(typeName, column.TypeName, StringComparison.Ordinal))
            {
                ClickHouseType type = known is not null && ReferenceEquals(typeName, known.Types[c]) ? known.ParsedTypes[c] : Parse(typeName, offset);
                column = _columns[c] = new Column(name, typeName, type, Decoder(type, typeName, offset));
                _headerChecked = false;
            }
            column.Offset = offset;
            if (!column.Decoder.TryReadPrefix(ref input))
            {
                return false;
            }
            _inValues = true;
            return resumed ? column.Decoder.TryResumeScan(ref input, rows) : column.Decoder.TryScan(ref input, rows);
        }
        catch (RowBinaryException e)
        {
            throw e.AtBlockColumn(name, RowsBefore);
        }
    }

    private static ClickHouseType Parse(string typeName, long offset)
        => ClickHouseType.TryParse(typeName, out ClickHouseType? type, out string? error)
            ? type
            : throw new RowBinaryException($"The column type '{typeName}' at byte offset {offset} cannot be parsed: {error}", offset, typeName);

    private static NativeColumnDecoder Decoder(ClickHouseType type, string typeName, long offset)
    {
        try
        {
            return NativeColumnDecoder.For(type);
        }
        catch (NotSupportedException e)
        {
            throw new RowBinaryException(e.Message, offset, typeName, e);
        }
    }

    /// <summary>Checks the block's columns against the row type: every column once, by name, of a type that fits.</summary>
    private void CheckHeader()
    {
        if (_known is { } known && known.Matches(_columns))
        {
            for (int c = 0; c < _columns.Length; c++)
            {
                _columns[c].SchemaIndex = known.SchemaIndexes[c];
            }
            _headerChecked = true;
            return;
        }
        var names = new string[_columns.Length];
        var types = new string[_columns.Length];
        for (int c = 0; c < _columns.Length; c++)
        {
            names[c] = _columns[c].Name;
            types[c] = _columns[c].TypeName;
        }
        int[]? order = RowBinaryHeaderChecker.GetColumnOrder<T>(new RowBinaryHeader(names, types), "Native");
        var schemaIndexes = new int[_columns.Length];
        var parsedTypes = new ClickHouseType[_columns.Length];
        for (int c = 0; c < _columns.Length; c++)
        {
            _columns[c].SchemaIndex = schemaIndexes[c] = order is null ? c : order[c];
            parsedTypes[c] = _columns[c].Type;
        }
        _headerChecked = true;
        s_known = new CheckedHeader(names, types, parsedTypes, schemaIndexes);
    }

    /// <summary>A checked block header: see <see cref="s_known"/>. Never changed once made, so reads on any thread share it.</summary>
    private sealed class CheckedHeader(string[] names, string[] types, ClickHouseType[] parsedTypes, int[] schemaIndexes)
    {
        public string[] Names { get; } = names;

        public string[] Types { get; } = types;

        public ClickHouseType[] ParsedTypes { get; } = parsedTypes;

        public int[] SchemaIndexes { get; } = schemaIndexes;

        /// <summary>Whether <paramref name="columns"/> are this header's, names and types the very strings it holds.</summary>
        public bool Matches(Column[] columns)
        {
            if (columns.Length != Names.Length)
            {
                return false;
            }
            for (int c = 0; c < columns.Length; c++)
            {
                if (!ReferenceEquals(columns[c].Name, Names[c]) || !ReferenceEquals(columns[c].TypeName, Types[c]))
                {
                    return false;
                }
            }
            return true;
        }
    }

    /// <summary>Writes the next <paramref name="rows"/> values of a column Native lays out otherwise in RowBinary.</summary>
    private static ArrayBufferWriter<byte> Decode(Column column, ReadOnlySpan<byte> data, int rows, long firstRow)
    {
        ArrayBufferWriter<byte> decoded = column.Decoded ??= new ArrayBufferWriter<byte>();
        decoded.ResetWrittenCount();
        var writer = new RowBinaryWriter(decoded);
        int row = 0;
        if (column.Decoder.CopiesWithoutChecks)
        {
            column.Decoder.CopyValues(data, rows, ref writer);
            writer.Flush();
            return decoded;
        }
        try
        {
            for (; row < rows; row++)
            {
                column.Decoder.CopyValue(data, ref writer);
            }
        }
        catch (RowBinaryException e)
        {
            throw e.AtColumn(column.Name, firstRow + row);
        }
        writer.Flush();
        return decoded;
    }

    /// <summary>Where a scan cut by the end of the bytes resumes: the column, its position in the bytes, the block's rows.</summary>
    /// <param name="Column">The column the scan stopped in.</param>
    /// <param name="Position">Where that column starts in the bytes.</param>
    /// <param name="Rows">The block's rows.</param>
    /// <param name="InValues">Whether the scan was cut in the column's values (its decoder's scan had begun on this block),
    /// so that its decoder may go on from where it stopped; a cut in the column's name, type or prefix scans it whole.</param>
    private readonly record struct Resume(int Column, int Position, int Rows, bool InValues);

    /// <summary>One column of the data: its header, its decoder, and where it goes in the row type.</summary>
    private sealed class Column(string name, string typeName, ClickHouseType type, NativeColumnDecoder decoder) : INativePendingColumn
    {
        private int _batchRows;
        private long _batchFirstRow;

        public string Name { get; } = name;

        public string TypeName { get; } = typeName;

        public ClickHouseType Type { get; } = type;

        public NativeColumnDecoder Decoder { get; } = decoder;

        public int SchemaIndex { get; set; }

        /// <summary>Where the column's data starts in the stream, for messages.</summary>
        public long Offset { get; set; }

        /// <summary>The buffer its values are decoded into, kept for the next blocks.</summary>
        public ArrayBufferWriter<byte>? Decoded { get; set; }

        public LowCardinalityColumnDecoder? Dictionary => Decoder as LowCardinalityColumnDecoder;

        /// <summary>The rows of the batch being read, left undecoded (see <see cref="INativePendingColumn"/>).</summary>
        public void Batch(int rows, long firstRow)
        {
            _batchRows = rows;
            _batchFirstRow = firstRow;
        }

        public ArrayBufferWriter<byte> Decode(ReadOnlySpan<byte> data) => NativeBlockReader<T>.Decode(this, data, _batchRows, _batchFirstRow);

        public bool TryTakeParts(ReadOnlySpan<byte> data, int valueSize, out NativeColumnParts parts)
        {
            switch (Decoder)
            {
                case NullableColumnDecoder nullable:
                    return nullable.TryTakeParts(data, _batchRows, valueSize, out parts);
                case ArrayColumnDecoder array:
                    return array.TryTakeParts(data, _batchRows, valueSize, out parts);
                default:
                    parts = default;
                    return false;
            }
        }

        public bool TryTakeMapParts(ReadOnlySpan<byte> data, int keySize, int valueSize, out NativeColumnParts parts)
        {
            if (Decoder is ArrayColumnDecoder map)
            {
                return map.TryTakeMapParts(data, _batchRows, keySize, valueSize, out parts);
            }
            parts = default;
            return false;
        }
    }
}
