using System;
using System.Buffers;
using System.Collections.Generic;
using System.Threading;

namespace ClickHouse.RowBinary;

/// <summary>
/// Writes blocks of rows of <typeparamref name="T"/> in Native: the number of columns and rows, then per column its
/// name, its type and its data. A block is staged a run of rows at a time by the generated writer, which in one pass
/// over the rows (of up to 32 columns; wider rows have a loop per fixed-width column) stores each fixed-width value into
/// its column's span, writes a Nullable, Array or Map of fixed-width or String values into the column's parts (a null map
/// and values, counts and elements, counts, keys and values: <see cref="NativeWrittenParts"/>), and every other value in
/// RowBinary into the column's own buffer. Where Native lays a column out as written (numbers, strings, dates, the parts
/// of a column sent as its row type lays it out) its buffers are its data; where not, the column's encoder takes the
/// run's values apart into the column's streams.
/// </summary>
internal sealed class NativeBlockWriter<T> : IDisposable
    where T : IClickHouseRow<T>
{
    /// <summary>
    /// Rows staged in a run at most: fewer cost more (the 250,000-row wide write: runs of 256 rows 64 ms, of 4,096 58 ms,
    /// of 16,384 58 to 62 ms), and the values of the columns that encoders take apart are held for a run only.
    /// </summary>
    private const int StageRows = 4096;

    /// <summary>
    /// The bytes a run of rows is staged in at most (and a row more): rows of large values are staged a few at a time, so
    /// that a block ends near <see cref="NativeSerializer.BlockBytes"/> and the rows a caller hands over are not all
    /// turned into bytes at once.
    /// </summary>
    private const int RunBytes = 1024 * 1024;

    /// <summary>The first run of a block, before the size of a row is known.</summary>
    private const int FirstRunRows = 16;

    /// <summary>
    /// The largest block (in staged bytes) a writer may have built and still be kept for the next write of its row type:
    /// its buffers stay rented, so what is kept is bounded by this and a few KiB a column.
    /// </summary>
    private const long ReusedBlockBytes = 1024 * 1024;

    /// <summary>
    /// A writer kept for the next write of the row type (with the same wire types): writing a few wide rows would
    /// otherwise rent a staging buffer a column, more same-sized arrays than the shared pool keeps on a machine of few
    /// cores (100 <c>hits</c> rows of 105 columns: 490 KB allocated a write).
    /// </summary>
    private static NativeBlockWriter<T>? s_reusable;

    private readonly IReadOnlyList<string>? _wireTypes;

    private readonly IReadOnlyList<string> _typeNames;
    private readonly ClickHouseType[] _types;
    private readonly NativeColumnEncoder?[] _encoders;
    private NativeColumnEncoder[]? _transcoders;

    /// <summary>
    /// For each transcoder of a fixed-width or String column, the stream its values go to, which the transcoding loop
    /// appends to itself (no call per value); null for the others.
    /// </summary>
    private NativeStream?[]? _transcodedStreams;

    /// <summary>For each transcoder in <see cref="_transcodedStreams"/>, its values' size, or <see cref="NativeColumnParts.StringValues"/>.</summary>
    private int[]? _transcodedSizes;

    /// <summary>Each column's staged values (made for the first block staged: a batch's transcoding needs none).</summary>
    private PooledBufferWriter[]? _staged;

    /// <summary>
    /// For each Nullable or Array column of fixed-width or String values, how the generated writer's parts of it are
    /// sent (<see cref="NativeWrittenParts"/>); null for the other columns.
    /// </summary>
    private readonly NativeWrittenParts?[] _partLayouts;

    /// <summary>
    /// Parts 1 and 2 of each column the generated writer writes as parts (values, elements, a map's keys and values),
    /// two entries a column, part 0 being <see cref="_staged"/>.
    /// </summary>
    private readonly PooledBufferWriter?[] _parts;

    /// <summary>Which columns the run under way wrote as parts.</summary>
    private readonly bool[] _partsWritten;

    /// <summary>For each Array or Map column written as parts, the end of the block's elements so far: where the next run's offsets start.</summary>
    private readonly ulong[] _arrayEnds;

    /// <summary>Where in each column's first part the run under way started.</summary>
    private readonly int[] _runStarts;

    /// <summary>Which columns of the block being built are their parts as written (<see cref="NativeWrittenParts.IsData"/>).</summary>
    private readonly bool[] _partsAreData;

    /// <summary>A run's parts of a column sent as a type laid out otherwise, joined back into RowBinary for its encoder.</summary>
    private PooledBufferWriter? _joined;

    /// <summary>The rows staged for the block being built, or the rows of the block last written.</summary>
    private int _rows;

    /// <summary>The RowBinary bytes of the values staged for the block being built.</summary>
    private long _stagedBytes;

    /// <summary>The block staged last was written: the next <see cref="Stage"/> starts a new one.</summary>
    private bool _blockWritten;

    /// <summary>The block built last was transcoded from RowBinary (<see cref="Transcode"/>), not staged from rows.</summary>
    private bool _transcoded;

    /// <summary>The index (among every row this writer took) of the next row: the row errors name.</summary>
    private long _nextRow;

    /// <summary>The rows of the run under way: <see cref="StageRows"/> unless rows are large.</summary>
    private int _runRows = FirstRunRows;

    /// <summary>The rows of the run under way staged so far (a caller's rows may end in the middle of a run).</summary>
    private int _runDone;

    /// <summary>The block's staged bytes when the run under way started.</summary>
    private long _runStartBytes;

    /// <summary>The most bytes a block of this writer held: whether its buffers are small enough to keep.</summary>
    private long _largestBlockBytes;

    /// <param name="wireTypes">
    /// The type each column is sent as, in schema order (a table's own types, each of the same RowBinary bytes as the
    /// row type's), or null for the row type's.
    /// </param>
    private NativeBlockWriter(IReadOnlyList<string>? wireTypes)
    {
        _wireTypes = wireTypes;
        IReadOnlyList<ClickHouseColumnInfo> columns = T.Schema.Columns;
        if (wireTypes is not null && wireTypes.Count != columns.Count)
        {
            throw new ArgumentException($"{wireTypes.Count} column types were given for the {columns.Count} columns of {T.Schema.RowTypeName}.", nameof(wireTypes));
        }
        var typeNames = new string[columns.Count];
        _types = new ClickHouseType[columns.Count];
        _encoders = new NativeColumnEncoder?[columns.Count];
        _partLayouts = new NativeWrittenParts?[columns.Count];
        _parts = new PooledBufferWriter?[columns.Count * 2];
        _partsWritten = new bool[columns.Count];
        _arrayEnds = new ulong[columns.Count];
        _runStarts = new int[columns.Count];
        _partsAreData = new bool[columns.Count];
        for (int c = 0; c < columns.Count; c++)
        {
            typeNames[c] = NativeLayout.HeaderTypeName(wireTypes?[c] ?? columns[c].Type);
            ClickHouseType type = _types[c] = wireTypes is null ? RowSchemaCache<T>.Types[c] : ClickHouseType.Parse(wireTypes[c]);
            _encoders[c] = NativeLayout.IsFlat(type) ? null : NativeColumnEncoder.For(type);
            _partLayouts[c] = NativeWrittenParts.For(RowSchemaCache<T>.Types[c], type);
        }
        _typeNames = typeNames;
    }

    /// <summary>
    /// A writer of blocks of <typeparamref name="T"/>: the one kept from the last write of the same wire types, or a new
    /// one. Dispose it when done, which keeps it for the next write when its buffers are small.
    /// </summary>
    /// <param name="wireTypes">
    /// The type each column is sent as, in schema order (a table's own types, each of the same RowBinary bytes as the
    /// row type's), or null for the row type's.
    /// </param>
    public static NativeBlockWriter<T> Rent(IReadOnlyList<string>? wireTypes = null)
    {
        NativeBlockWriter<T>? kept = Interlocked.Exchange(ref s_reusable, null);
        if (kept is not null)
        {
            if (SameTypes(kept._wireTypes, wireTypes))
            {
                return kept;
            }
            kept.Release();
        }
        return new NativeBlockWriter<T>(wireTypes);
    }

    public int ColumnCount => _encoders.Length;

    /// <summary>The rows staged for the block being built.</summary>
    public int StagedRows => _blockWritten ? 0 : _rows;

    /// <summary>
    /// Whether the block being built is full: <see cref="NativeSerializer.BlockRows"/> rows, or
    /// <see cref="NativeSerializer.BlockBytes"/> bytes of values (a run of rows past it).
    /// </summary>
    public bool IsFull => !_blockWritten && (_rows >= NativeSerializer.BlockRows || (_runDone == 0 && _stagedBytes >= NativeSerializer.BlockBytes));

    /// <summary>Writes the block staged: what comes before its columns, then every column.</summary>
    public void WriteBlock(ref RowBinaryWriter writer)
    {
        WriteBlockHeader(ref writer);
        for (int c = 0; c < _encoders.Length; c++)
        {
            WriteColumn(ref writer, c);
        }
    }

    /// <summary>
    /// Builds one block of rows given as their RowBinary bytes (a batch inserter's), at most <paramref name="maxRows"/>
    /// of them and fewer once they reach <see cref="NativeSerializer.BlockBytes"/>: every value is taken apart into its
    /// column by the column's encoder, a flat column's too (its values copied). <paramref name="rows"/> is left after
    /// the block's last row. The block is then written as a staged one is (<see cref="StagedData"/>,
    /// <see cref="WriteColumn"/>). Returns the rows of the block.
    /// </summary>
    public int Transcode(ref RowBinaryReader rows, int maxRows)
    {
        NativeColumnEncoder[] transcoders = ClearedTranscoders();
        NativeStream?[] streams = _transcodedStreams!;
        int[] sizes = _transcodedSizes!;
        long start = rows.Offset;
        int count = 0;
        while (count < maxRows && rows.Offset - start < NativeSerializer.BlockBytes)
        {
            TakeApart(transcoders, streams, sizes, ref rows);
            count++;
        }
        _largestBlockBytes = Math.Max(_largestBlockBytes, rows.Offset - start);
        _transcoded = true;
        _rows = count;
        _blockWritten = false;
        return count;
    }

    /// <summary>An encoder for every column, a flat one's too (its values copied), emptied for a new block.</summary>
    private NativeColumnEncoder[] ClearedTranscoders()
    {
        if (_transcoders is null)
        {
            _transcoders = new NativeColumnEncoder[_encoders.Length];
            _transcodedStreams = new NativeStream?[_encoders.Length];
            _transcodedSizes = new int[_encoders.Length];
            for (int c = 0; c < _transcoders.Length; c++)
            {
                _transcoders[c] = _encoders[c] ?? NativeColumnEncoder.For(_types[c]);
                (_transcodedStreams[c], _transcodedSizes[c]) = _transcoders[c] switch
                {
                    FixedWidthColumnEncoder fixedWidth => (fixedWidth.Values, fixedWidth.Size),
                    StringColumnEncoder strings => (strings.Values, NativeColumnParts.StringValues),
                    _ => ((NativeStream?)null, 0),
                };
            }
        }
        foreach (NativeColumnEncoder transcoder in _transcoders)
        {
            transcoder.Clear();
        }
        return _transcoders;
    }

    /// <summary>
    /// Takes one row's values apart into every column's transcoder: a fixed-width value, or a String whose bytes lie
    /// whole in the input, appended to its column's stream here; any other value by its transcoder.
    /// </summary>
    private static void TakeApart(NativeColumnEncoder[] transcoders, NativeStream?[] streams, int[] sizes, ref RowBinaryReader rows)
    {
        for (int c = 0; c < transcoders.Length; c++)
        {
            if (streams[c] is { } stream)
            {
                int size = sizes[c];
                if (size > 0 ? rows.TryReadSpan(size, out ReadOnlySpan<byte> value) : rows.TryReadShortString(out value))
                {
                    stream.AppendValue(value);
                    continue;
                }
            }
            transcoders[c].Add(ref rows);
        }
    }

    /// <summary>
    /// Stages rows from the start of <paramref name="rows"/> into the block being built (a new one after a block was
    /// written), until they run out or the block is full; returns how many it took. The writer keeps values, not rows:
    /// the rows taken may go.
    /// </summary>
    /// <exception cref="RowBinaryException">A value cannot be written; the message names its column and row.</exception>
    public int Stage(ReadOnlySpan<T> rows)
    {
        if (_blockWritten || _rows == 0)
        {
            StartBlock();
        }
        rows = rows.Slice(0, Math.Min(rows.Length, NativeSerializer.BlockRows - _rows));
        int taken = StageRuns(rows);
        _nextRow += taken;
        return taken;
    }

    /// <summary>Writes what comes before the staged block's columns: their number and the number of rows.</summary>
    public void WriteBlockHeader(ref RowBinaryWriter writer)
    {
        writer.WriteVarUInt((uint)_encoders.Length);
        writer.WriteVarUInt((uint)_rows);
        _blockWritten = true;
    }

    /// <summary>Writes one column of the block staged last: its name, its type and its data.</summary>
    public void WriteColumn(ref RowBinaryWriter writer, int column)
    {
        WriteColumnHeader(ref writer, column);
        NativeStagedData data = StagedData(column);
        if (data.Count == 0)
        {
            WriteEncodedData(ref writer, column);
            return;
        }
        for (int piece = 0; piece < data.Count; piece++)
        {
            writer.WriteBytes(data[piece].Span);
        }
    }

    /// <summary>Writes the data of a column its encoder lays out (one with no <see cref="StagedData"/>), after its header.</summary>
    public void WriteEncodedData(ref RowBinaryWriter writer, int column)
        => WriteEncoded(ref writer, (_transcoded ? _transcoders![column] : _encoders[column])!);

    /// <summary>
    /// The data of a column of the block built last where it is the column's buffers as they are (a flat column, or the
    /// parts of one sent as its row type lays them out; of a transcoded block, a flat column's values), which a stream
    /// can take as they are; none where the column's encoder writes it.
    /// </summary>
    public NativeStagedData StagedData(int column)
    {
        if (_transcoded)
        {
            return _transcodedStreams![column] is { } values ? new NativeStagedData(1, values.WrittenMemory, default, default) : default;
        }
        if (_partsAreData[column])
        {
            return new NativeStagedData(
                _partLayouts[column]!.IsMap ? 3 : 2,
                _staged![column].WrittenMemory,
                _parts[column * 2]!.WrittenMemory,
                _partLayouts[column]!.IsMap ? _parts[(column * 2) + 1]!.WrittenMemory : default);
        }
        return _encoders[column] is null ? new NativeStagedData(1, _staged![column].WrittenMemory, default, default) : default;
    }

    /// <summary>Writes a column's name and type, what comes before its data.</summary>
    public void WriteColumnHeader(ref RowBinaryWriter writer, int column)
    {
        writer.WriteString(T.Schema.Columns[column].Name);
        writer.WriteString(_typeNames[column]);
    }

    private static void WriteEncoded(ref RowBinaryWriter writer, NativeColumnEncoder encoder)
    {
        encoder.WritePrefix(ref writer);
        encoder.WriteData(ref writer);
    }

    /// <summary>
    /// Keeps the writer, emptied, for the next write of its row type when its blocks stayed small; else returns its
    /// buffers to the pool.
    /// </summary>
    public void Dispose()
    {
        if (_largestBlockBytes > ReusedBlockBytes)
        {
            Release();
            return;
        }
        ResetBlockCounts();
        _nextRow = 0;
        NativeBlockWriter<T>? displaced = Interlocked.Exchange(ref s_reusable, this);
        if (displaced is not null && displaced != this)
        {
            displaced.Release();
        }
    }

    /// <summary>Whether two lists of wire types are the same (null for the row type's own).</summary>
    private static bool SameTypes(IReadOnlyList<string>? left, IReadOnlyList<string>? right)
    {
        if (ReferenceEquals(left, right))
        {
            return true;
        }
        if (left is null || right is null || left.Count != right.Count)
        {
            return false;
        }
        for (int i = 0; i < left.Count; i++)
        {
            if (!string.Equals(left[i], right[i], StringComparison.Ordinal))
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>Returns the staging buffers and the encoders' streams to the pool.</summary>
    private void Release()
    {
        for (int c = 0; c < _encoders.Length; c++)
        {
            _staged?[c].Dispose();
            _parts[c * 2]?.Dispose();
            _parts[(c * 2) + 1]?.Dispose();
            _encoders[c]?.Dispose();
            if (_transcoders is not null && _transcoders[c] != _encoders[c])
            {
                _transcoders[c].Dispose();
            }
        }
        _joined?.Dispose();
    }

    private void StartBlock()
    {
        if (_staged is null)
        {
            _staged = new PooledBufferWriter[_encoders.Length];
            for (int c = 0; c < _staged.Length; c++)
            {
                _staged[c] = new PooledBufferWriter();
            }
        }
        for (int c = 0; c < _staged.Length; c++)
        {
            _staged[c].Clear();
            _parts[c * 2]?.Clear();
            _parts[(c * 2) + 1]?.Clear();
            _encoders[c]?.Clear();
            _arrayEnds[c] = 0;
            _partsAreData[c] = false;
        }
        ResetBlockCounts();
    }

    /// <summary>No block staged or written: the next <see cref="Stage"/> starts one.</summary>
    private void ResetBlockCounts()
    {
        _transcoded = false;
        _rows = 0;
        _stagedBytes = 0;
        _blockWritten = false;
        _runRows = FirstRunRows;
        _runDone = 0;
        _runStartBytes = 0;
    }

    /// <summary>
    /// Stages rows a run at a time: up to <see cref="StageRows"/>, fewer where rows are large (runs of about
    /// <see cref="RunBytes"/>). Runs are counted from the block's first row, and a run the caller's rows cut short is
    /// finished by the next rows, so that where a block ends depends on the rows alone, not on how they were handed
    /// over (a retry must send the same blocks).
    /// </summary>
    private int StageRuns(ReadOnlySpan<T> rows)
    {
        int taken = 0;
        while (taken < rows.Length && !IsFull)
        {
            if (_runDone == 0)
            {
                _runStartBytes = _stagedBytes;
            }
            ReadOnlySpan<T> run = rows.Slice(taken, Math.Min(Math.Min(_runRows - _runDone, rows.Length - taken), NativeSerializer.BlockRows - _rows));
            _stagedBytes += StageRun(run, _nextRow + taken);
            _largestBlockBytes = Math.Max(_largestBlockBytes, _stagedBytes);
            taken += run.Length;
            _rows += run.Length;
            _runDone += run.Length;
            if (_runDone == _runRows)
            {
                long bytesPerRow = Math.Max(1, (_stagedBytes - _runStartBytes) / _runRows);
                _runRows = (int)Math.Clamp(RunBytes / bytesPerRow, 1, StageRows);
                _runDone = 0;
            }
        }
        return taken;
    }

    /// <summary>
    /// Writes a run's values into every column's buffer, then hands the values of each column Native lays out
    /// otherwise to its encoder. Returns the bytes of the run's values.
    /// </summary>
    private long StageRun(ReadOnlySpan<T> run, long firstRow)
    {
        CheckInstances(run, firstRow);
        PooledBufferWriter[] columns = _staged!;
        long before = StagedBytes();
        for (int c = 0; c < columns.Length; c++)
        {
            _runStarts[c] = columns[c].WrittenCount;
        }
        try
        {
            T.WriteNativeRows(new NativeColumnWriters(columns, _parts, _partsWritten), run);
        }
        catch (Exception exception) when (RowErrors.IsValueError(exception))
        {
            Array.Clear(_partsWritten);
            throw FindFailedRow(run, firstRow, exception);
        }
        // Counted before the encoders take their columns' values (and the buffers are emptied for the next run).
        long after = StagedBytes();
        for (int c = 0; c < columns.Length; c++)
        {
            if (_partsWritten[c])
            {
                TakeParts(c, _runStarts[c], run.Length);
            }
            else if (_encoders[c] is { } encoder)
            {
                PooledBufferWriter staged = columns[c];
                var values = new RowBinaryReader(staged.WrittenSpan) { CurrentColumn = c };
                encoder.AddMany(ref values, run.Length);
                staged.Clear();
            }
        }
        return after - before;
    }

    /// <summary>
    /// The bytes in the block's buffers: its columns' values and parts, which the encoders' columns hold for the run
    /// under way only.
    /// </summary>
    private long StagedBytes()
    {
        long bytes = 0;
        for (int c = 0; c < _staged!.Length; c++)
        {
            bytes += _staged[c].WrittenCount + (_parts[c * 2]?.WrittenCount ?? 0) + (_parts[(c * 2) + 1]?.WrittenCount ?? 0);
        }
        return bytes;
    }

    /// <summary>
    /// A run's parts of a Nullable or Array column (from <paramref name="runStart"/> in the column's first part): kept
    /// as the block's data, an array's counts turned into offsets, where the column is sent as its row type lays it
    /// out; else joined back into RowBinary for the column's encoder.
    /// </summary>
    private void TakeParts(int column, int runStart, int rows)
    {
        _partsWritten[column] = false;
        NativeWrittenParts layout = _partLayouts[column]
            ?? throw new InvalidOperationException($"The generated writer of {T.Schema.RowTypeName} wrote column {T.Schema.Columns[column].Name} ({T.Schema.Columns[column].Type}) in parts, which it has none of.");
        PooledBufferWriter map = _staged![column];
        PooledBufferWriter values = _parts[column * 2]!;
        PooledBufferWriter? mapValues = layout.IsMap ? _parts[(column * 2) + 1]! : null;
        if (layout.IsData)
        {
            _partsAreData[column] = true;
            if (layout.IsArray || layout.IsMap)
            {
                NativeWrittenParts.CountsToEnds(map.WrittenFrom(runStart), ref _arrayEnds[column]);
            }
            return;
        }
        var rowBinary = new RowBinaryWriter(_joined ??= new PooledBufferWriter()) { CurrentColumn = column };
        layout.Join(map.WrittenSpan, values.WrittenSpan, mapValues is null ? default : mapValues.WrittenSpan, ref rowBinary);
        rowBinary.Flush();
        var reader = new RowBinaryReader(_joined.WrittenSpan) { CurrentColumn = column };
        _encoders[column]!.AddMany(ref reader, rows);
        _joined.Clear();
        map.Clear();
        values.Clear();
        mapValues?.Clear();
    }

    /// <summary>
    /// A null row is an error before any of its run's values: the generated writer takes every row to be an
    /// instance. Checked a run at a time, so that rows a full block leaves for the next are not checked twice.
    /// </summary>
    private static void CheckInstances(ReadOnlySpan<T> run, long firstRow)
    {
        if (typeof(T).IsValueType)
        {
            return;
        }
        for (int row = 0; row < run.Length; row++)
        {
            if (run[row] is null)
            {
                throw RowErrors.NullRow(T.Schema, firstRow + row);
            }
        }
    }

    /// <summary>
    /// The error for the first value that fails, found by writing the run again row by row and column by column (a
    /// cold path: the generated writer tracks no row).
    /// </summary>
    private static Exception FindFailedRow(ReadOnlySpan<T> rows, long firstRow, Exception exception)
    {
        var scratch = new ArrayBufferWriter<byte>();
        int columns = T.Schema.Columns.Count;
        for (int row = 0; row < rows.Length; row++)
        {
            for (int column = 0; column < columns; column++)
            {
                var writer = new RowBinaryWriter(scratch) { CurrentColumn = column };
                try
                {
                    T.WriteNativeColumn(ref writer, column, rows.Slice(row, 1));
                }
                catch (Exception rowException) when (RowErrors.IsValueError(rowException))
                {
                    return RowErrors.Writing(T.Schema, column, firstRow + row, rowException);
                }
                scratch.ResetWrittenCount();
            }
        }
        return new RowBinaryException(
            $"A value of rows {firstRow} to {firstRow + rows.Length - 1} of {T.Schema.RowTypeName} could not be written, and it did not fail again when written alone: {exception.GetType().Name}: {exception.Message}",
            innerException: exception);
    }
}
