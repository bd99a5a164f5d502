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

    private readonly IReadOnlyList<string> _typeNames;
    private readonly ClickHouseType[] _types;
    private readonly NativeColumnEncoder?[] _encoders;
    private NativeColumnEncoder[]? _transcoders;
    private readonly PooledBufferWriter?[] _staged;
    private readonly bool _byRow;
    private PooledBufferWriter? _rowBytes;
    private int _rows;

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

    /// <summary>Writes a whole block.</summary>
    public void WriteBlock(ref RowBinaryWriter writer, ReadOnlySpan<T> rows, long firstRow)
    {
        WriteBlockHeader(ref writer, rows, firstRow);
        for (int c = 0; c < _encoders.Length; c++)
        {
            WriteColumn(ref writer, c);
        }
    }

    /// <summary>
    /// Writes a whole block of rows given as their RowBinary bytes (a batch inserter's): every value is taken apart into
    /// its column by the column's encoder, a flat column's too (its values copied). <paramref name="rows"/> is left after
    /// the block's last row.
    /// </summary>
    public void WriteBlock(ref RowBinaryWriter writer, ref RowBinaryReader rows, int count)
    {
        NativeColumnEncoder[] transcoders = ClearedTranscoders();
        TakeApart(transcoders, ref rows, count);
        writer.WriteVarUInt((uint)transcoders.Length);
        writer.WriteVarUInt((uint)count);
        for (int c = 0; c < transcoders.Length; c++)
        {
            WriteColumnHeader(ref writer, c);
            WriteEncoded(ref writer, transcoders[c]);
        }
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
    /// Stages a block's values and writes what comes before its columns: their number and the number of rows. A null
    /// row is an error here, before any value: the generated column loops take every row to be an instance.
    /// </summary>
    /// <exception cref="RowBinaryException">A value cannot be written; the message names its column and row.</exception>
    public void WriteBlockHeader(ref RowBinaryWriter writer, ReadOnlySpan<T> rows, long firstRow)
    {
        if (!typeof(T).IsValueType)
        {
            for (int row = 0; row < rows.Length; row++)
            {
                if (rows[row] is null)
                {
                    throw RowErrors.NullRow(T.Schema, firstRow + row);
                }
            }
        }
        if (_byRow)
        {
            StageByRow(rows, firstRow);
        }
        else
        {
            Stage(rows, firstRow);
        }
        writer.WriteVarUInt((uint)_encoders.Length);
        writer.WriteVarUInt((uint)rows.Length);
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
        ReadOnlySpan<byte> values = _staged[column]!.WrittenSpan;
        NativeColumnEncoder? encoder = _encoders[column];
        if (encoder is null)
        {
            writer.WriteBytes(values);
            return;
        }
        var reader = new RowBinaryReader(values);
        encoder.Clear();
        for (int row = 0; row < _rows; row++)
        {
            encoder.Add(ref reader);
        }
        WriteEncoded(ref writer, encoder);
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

    /// <summary>
    /// Writes the block's rows in RowBinary, <see cref="RowStageRows"/> at a time, into a buffer that every column's
    /// encoder then takes apart.
    /// </summary>
    private void StageByRow(ReadOnlySpan<T> rows, long firstRow)
    {
        NativeColumnEncoder[] transcoders = ClearedTranscoders();
        _rowBytes ??= new PooledBufferWriter();
        for (int start = 0; start < rows.Length; start += RowStageRows)
        {
            ReadOnlySpan<T> chunk = rows.Slice(start, Math.Min(RowStageRows, rows.Length - start));
            _rowBytes.Clear();
            RowBinarySerializer.WriteRows(_rowBytes, chunk, RowBinaryFormat.RowBinary, firstRow + start, pending: 0, flushThreshold: long.MaxValue);
            var reader = new RowBinaryReader(_rowBytes.WrittenSpan);
            TakeApart(transcoders, ref reader, chunk.Length);
        }
        _rows = rows.Length;
    }

    /// <summary>Writes every column's values in RowBinary into its staging buffer, <see cref="StageRows"/> rows at a time.</summary>
    private void Stage(ReadOnlySpan<T> rows, long firstRow)
    {
        for (int c = 0; c < _staged.Length; c++)
        {
            (_staged[c] ??= new PooledBufferWriter()).Clear();
        }
        _rows = rows.Length;
        for (int start = 0; start < rows.Length; start += StageRows)
        {
            ReadOnlySpan<T> chunk = rows.Slice(start, Math.Min(StageRows, rows.Length - start));
            for (int c = 0; c < _staged.Length; c++)
            {
                var values = new RowBinaryWriter(_staged[c]!);
                WriteValues(ref values, c, chunk, firstRow + start);
                values.Flush();
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
