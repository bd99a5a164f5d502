using System;
using System.Buffers;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Writes blocks of rows of <typeparamref name="T"/> in Native: the number of columns and rows, then per column its
/// name, its type and its data. The generated code writes a column's values in RowBinary; where Native lays the column
/// out the same way (numbers, strings, dates...) they go straight to the output, else an encoder takes them apart into
/// the column's streams. A block is staged in runs of rows, so that each row is read from memory once rather than
/// once per column: where every column is flat, column by column (the generated column loops, 256 rows at a time);
/// where one needs an encoder, row by row (the generated row writer, 4,096 rows at a time into a buffer that the
/// encoders then take apart), because a row holding arrays, maps and nullable strings has objects the column loops
/// would each fetch from memory out of order, where the row writer goes through them in the order they were made (a
/// 250,000-row wide write: 106 ms column by column, 88 ms row by row).
/// </summary>
internal sealed class NativeBlockWriter<T> : IDisposable
    where T : IClickHouseRow<T>
{
    /// <summary>Rows whose values are staged for every column before the next rows: they stay in the CPU's caches.</summary>
    private const int StageRows = 256;

    /// <summary>
    /// Rows written in RowBinary at a time before the encoders take them apart: fewer cost more (a 250,000-row wide
    /// write took 107 ms in runs of 256 rows, 88 ms in runs of 4,096, 85 ms in whole blocks of 65,536), and more hold
    /// more memory.
    /// </summary>
    private const int RowStageRows = 4096;

    /// <summary>
    /// The bytes a run of rows is staged in at most (and a row more): rows of large values are staged a few at a time, so
    /// that a block ends near <see cref="NativeSerializer.BlockBytes"/> and the rows a caller hands over are not all
    /// turned into bytes at once.
    /// </summary>
    private const int RunBytes = 1024 * 1024;

    /// <summary>The first run of column loops, before the size of a row is known.</summary>
    private const int FirstRunRows = 16;

    private readonly IReadOnlyList<string> _typeNames;
    private readonly ClickHouseType[] _types;
    private readonly NativeColumnEncoder?[] _encoders;
    private NativeColumnEncoder[]? _transcoders;
    private readonly PooledBufferWriter?[] _staged;
    private readonly bool _byRow;
    private PooledBufferWriter? _rowBytes;

    /// <summary>The rows staged for the block being built, or the rows of the block last written.</summary>
    private int _rows;

    /// <summary>The RowBinary bytes of the values staged for the block being built.</summary>
    private long _stagedBytes;

    /// <summary>The block staged last was written: the next <see cref="Stage"/> starts a new one.</summary>
    private bool _blockWritten;

    /// <summary>The index (among every row this writer took) of the next row: the row errors name.</summary>
    private long _nextRow;

    /// <summary>The rows of the run of column loops under way: <see cref="StageRows"/> unless rows are large.</summary>
    private int _runRows = FirstRunRows;

    /// <summary>The rows of the run under way staged so far (a caller's rows may end in the middle of a run).</summary>
    private int _runDone;

    /// <summary>The block's staged bytes when the run under way started.</summary>
    private long _runStartBytes;

    /// <param name="wireTypes">
    /// The type each column is sent as, in schema order (a table's own types, each of the same RowBinary bytes as the
    /// row type's), or null for the row type's.
    /// </param>
    public NativeBlockWriter(IReadOnlyList<string>? wireTypes = null)
    {
        IReadOnlyList<ClickHouseColumnInfo> columns = T.Schema.Columns;
        if (wireTypes is not null && wireTypes.Count != columns.Count)
        {
            throw new ArgumentException($"{wireTypes.Count} column types were given for the {columns.Count} columns of {T.Schema.RowTypeName}.", nameof(wireTypes));
        }
        var typeNames = new string[columns.Count];
        _types = new ClickHouseType[columns.Count];
        _encoders = new NativeColumnEncoder?[columns.Count];
        _staged = new PooledBufferWriter?[columns.Count];
        for (int c = 0; c < columns.Count; c++)
        {
            typeNames[c] = NativeLayout.HeaderTypeName(wireTypes?[c] ?? columns[c].Type);
            ClickHouseType type = _types[c] = wireTypes is null ? RowSchemaCache<T>.Types[c] : ClickHouseType.Parse(wireTypes[c]);
            _encoders[c] = NativeLayout.IsFlat(type) ? null : NativeColumnEncoder.For(type);
            _byRow |= _encoders[c] is not null;
        }
        _typeNames = typeNames;
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
    /// Writes one block of rows given as their RowBinary bytes (a batch inserter's), at most <paramref name="maxRows"/>
    /// of them and fewer once they reach <see cref="NativeSerializer.BlockBytes"/>: every value is taken apart into its
    /// column by the column's encoder, a flat column's too (its values copied). <paramref name="rows"/> is left after
    /// the block's last row. Returns the rows of the block.
    /// </summary>
    public int WriteBlock(ref RowBinaryWriter writer, ref RowBinaryReader rows, int maxRows)
    {
        NativeColumnEncoder[] transcoders = ClearedTranscoders();
        long start = rows.Offset;
        int count = 0;
        while (count < maxRows && rows.Offset - start < NativeSerializer.BlockBytes)
        {
            TakeApart(transcoders, ref rows, 1);
            count++;
        }
        writer.WriteVarUInt((uint)transcoders.Length);
        writer.WriteVarUInt((uint)count);
        for (int c = 0; c < transcoders.Length; c++)
        {
            WriteColumnHeader(ref writer, c);
            WriteEncoded(ref writer, transcoders[c]);
        }
        return count;
    }

    /// <summary>An encoder for every column, a flat one's too (its values copied), emptied for a new block.</summary>
    private NativeColumnEncoder[] ClearedTranscoders()
    {
        if (_transcoders is null)
        {
            _transcoders = new NativeColumnEncoder[_encoders.Length];
            for (int c = 0; c < _transcoders.Length; c++)
            {
                _transcoders[c] = _encoders[c] ?? NativeColumnEncoder.For(_types[c]);
            }
        }
        foreach (NativeColumnEncoder transcoder in _transcoders)
        {
            transcoder.Clear();
        }
        return _transcoders;
    }

    private static void TakeApart(NativeColumnEncoder[] transcoders, ref RowBinaryReader rows, int count)
    {
        for (int row = 0; row < count; row++)
        {
            foreach (NativeColumnEncoder transcoder in transcoders)
            {
                transcoder.Add(ref rows);
            }
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
        int taken = _byRow ? StageByRow(rows) : StageByColumn(rows);
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
        if (_byRow)
        {
            WriteEncoded(ref writer, _transcoders![column]);
            return;
        }
        writer.WriteBytes(_staged[column]!.WrittenSpan);
    }

    private void WriteColumnHeader(ref RowBinaryWriter writer, int column)
    {
        writer.WriteString(T.Schema.Columns[column].Name);
        writer.WriteString(_typeNames[column]);
    }

    private static void WriteEncoded(ref RowBinaryWriter writer, NativeColumnEncoder encoder)
    {
        encoder.WritePrefix(ref writer);
        encoder.WriteData(ref writer);
    }

    /// <summary>Returns the staging buffers and the encoders' streams to the pool.</summary>
    public void Dispose()
    {
        for (int c = 0; c < _staged.Length; c++)
        {
            _staged[c]?.Dispose();
            _staged[c] = null;
            _encoders[c]?.Dispose();
            if (_transcoders is not null && _transcoders[c] != _encoders[c])
            {
                _transcoders[c].Dispose();
            }
        }
        _rowBytes?.Dispose();
        _rowBytes = null;
    }

    private void StartBlock()
    {
        if (_byRow)
        {
            ClearedTranscoders();
        }
        else
        {
            for (int c = 0; c < _staged.Length; c++)
            {
                (_staged[c] ??= new PooledBufferWriter()).Clear();
            }
        }
        _rows = 0;
        _stagedBytes = 0;
        _blockWritten = false;
        _runRows = FirstRunRows;
        _runDone = 0;
    }

    /// <summary>
    /// Writes rows in RowBinary, <see cref="RowStageRows"/> (or <see cref="RunBytes"/>) at a time, into a buffer that
    /// every column's encoder then takes apart.
    /// </summary>
    private int StageByRow(ReadOnlySpan<T> rows)
    {
        NativeColumnEncoder[] transcoders = _transcoders!;
        _rowBytes ??= new PooledBufferWriter();
        int taken = 0;
        while (taken < rows.Length && _stagedBytes < NativeSerializer.BlockBytes)
        {
            ReadOnlySpan<T> run = rows.Slice(taken, Math.Min(RowStageRows, rows.Length - taken));
            CheckInstances(run, _nextRow + taken);
            _rowBytes.Clear();
            // A run ends at RunBytes, or at the row that brings the block to BlockBytes: the block ends there, whatever
            // the runs were (a retry must send the same blocks).
            long threshold = Math.Min(RunBytes, NativeSerializer.BlockBytes - _stagedBytes);
            int written = RowBinarySerializer.WriteRows(_rowBytes, run, RowBinaryFormat.RowBinary, _nextRow + taken, pending: 0, flushThreshold: threshold);
            var reader = new RowBinaryReader(_rowBytes.WrittenSpan);
            TakeApart(transcoders, ref reader, written);
            taken += written;
            _rows += written;
            _stagedBytes += _rowBytes.WrittenCount;
        }
        return taken;
    }

    /// <summary>
    /// Writes every column's values in RowBinary into its staging buffer, a run of rows at a time: up to
    /// <see cref="StageRows"/>, fewer where rows are large (runs of about <see cref="RunBytes"/>). Runs are counted
    /// from the block's first row, and a run the caller's rows cut short is finished by the next rows, so that where a
    /// block ends depends on the rows alone, not on how they were handed over (a retry must send the same blocks).
    /// </summary>
    private int StageByColumn(ReadOnlySpan<T> rows)
    {
        int taken = 0;
        while (taken < rows.Length && !IsFull)
        {
            if (_runDone == 0)
            {
                _runStartBytes = _stagedBytes;
            }
            ReadOnlySpan<T> run = rows.Slice(taken, Math.Min(Math.Min(_runRows - _runDone, rows.Length - taken), NativeSerializer.BlockRows - _rows));
            CheckInstances(run, _nextRow + taken);
            for (int c = 0; c < _staged.Length; c++)
            {
                PooledBufferWriter staged = _staged[c]!;
                int columnBefore = staged.WrittenCount;
                var values = new RowBinaryWriter(staged);
                WriteValues(ref values, c, run, _nextRow + taken);
                values.Flush();
                _stagedBytes += staged.WrittenCount - columnBefore;
            }
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
    /// A null row is an error before any of its run's values: the generated column loops take every row to be an
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

    private static void WriteValues(ref RowBinaryWriter writer, int column, ReadOnlySpan<T> rows, long firstRow)
    {
        writer.CurrentColumn = column;
        try
        {
            T.WriteNativeColumn(ref writer, column, rows);
        }
        catch (Exception exception) when (RowErrors.IsValueError(exception))
        {
            throw FindFailedRow(column, rows, firstRow, exception);
        }
    }

    /// <summary>
    /// The error for the first row whose value fails, found by writing the column again row by row (a cold path: the
    /// column's loop tracks no row).
    /// </summary>
    private static Exception FindFailedRow(int column, ReadOnlySpan<T> rows, long firstRow, Exception exception)
    {
        var scratch = new ArrayBufferWriter<byte>();
        for (int row = 0; row < rows.Length; row++)
        {
            var writer = new RowBinaryWriter(scratch);
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
        return RowErrors.Writing(T.Schema, column, firstRow, exception);
    }
}
