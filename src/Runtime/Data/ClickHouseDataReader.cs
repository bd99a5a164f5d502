using System;
using System.Buffers;
using System.Collections;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The rows of any result, as they stream in, with each column's name, ClickHouse type and values: the ADO.NET reader of
/// <see cref="ClickHouseCommand"/> and of <see cref="ClickHouseClient.ExecuteReaderAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>.
/// The result travels as RowBinaryWithNamesAndTypes (on servers without it, RowBinary with the columns from DESCRIBE).
/// </summary>
/// <remarks>
/// Typed getters (<see cref="GetInt64"/>, <see cref="GetFieldValue{T}"/>, ...) read the value where it lies in the
/// received bytes: a fixed-width value allocates nothing, a string only itself. A getter accepts the C# types that hold
/// every value of the column's type (<c>GetInt64</c> of an Int32 column), as <see cref="ClickHouseClient.QueryScalarAsync{T}(string, CancellationToken)"/>
/// does; another type is an <see cref="InvalidCastException"/> naming the column, the type asked for and the column's
/// type. <see cref="GetValue"/> gives the type mapping's default C# type (<see cref="DBNull.Value"/> for NULL).
/// Disposing the reader, or cancelling a read, ends the request.
/// </remarks>
public sealed class ClickHouseDataReader : DbDataReader, IDbColumnSchemaGenerator
{
    private static readonly Task<bool> s_true = Task.FromResult(true);
    private static readonly Task<bool> s_false = Task.FromResult(false);

    private readonly RowBinaryStringCache _strings = new();
    private readonly CancellationTokenSource _cancellation;
    private readonly Func<CancellationToken, Task<(ClickHouseResponseStream Body, RowBinaryHeader? Header)>> _open;
    private readonly ClickHouseClient.FirstRowFailover? _failover;

    // The body being read, and what reads it: all replaced when the body broke off before the first row and the query is read again elsewhere.
    private ClickHouseResponseStream _body = null!;
    private RowBinaryStreamBuffer _buffer = null!;
    private RowLayout _layout = new();
    private RowBinaryStreamParser<long, RowLayoutDecoder> _parser = null!;

    /// <summary>No body is open: none yet, or the last was dropped.</summary>
    private bool _bodyClosed = true;

    /// <summary>The start offset of each row of the current batch: rows are parsed <see cref="RowLayout.BatchRows"/> at a time.</summary>
    private readonly List<long> _batch = new(RowLayout.BatchRows);
    private ClickHouseValueReader?[] _typed = [];
    private ClickHouseValueReader?[] _natural = [];

    /// <summary>The bytes of the current batch, where they lie in the stream buffer (one array, so one segment).</summary>
    private ReadOnlySequence<byte> _batchData;
    private byte[] _batchArray = [];
    private int _batchArrayOffset;
    private long _batchStart;
    private long _batchConsumed;
    private int _rowInBatch;
    private RowBinaryException? _failureAfterBatch;
    private long _rows;
    private bool _onRow;
    private bool _pending;
    private bool _ended;
    private bool _closed;

    private ClickHouseDataReader(Func<CancellationToken, Task<(ClickHouseResponseStream Body, RowBinaryHeader? Header)>> open, CancellationTokenSource cancellation,
        ClickHouseClient.FirstRowFailover? failover)
    {
        _open = open;
        _cancellation = cancellation;
        _failover = failover;
    }

    /// <summary>
    /// Sends a query by <paramref name="open"/> (its result body, and its header when the body has none) and reads as far
    /// as the header. The reader owns the body and <paramref name="cancellation"/>, whose cancellation aborts the request.
    /// With <paramref name="failover"/>, a body that breaks off before the first row reached the caller is dropped and
    /// the query read again from another endpoint.
    /// </summary>
    internal static async Task<ClickHouseDataReader> OpenAsync(Func<CancellationToken, Task<(ClickHouseResponseStream Body, RowBinaryHeader? Header)>> open,
        CancellationTokenSource cancellation, ClickHouseClient.FirstRowFailover? failover)
    {
        var reader = new ClickHouseDataReader(open, cancellation, failover);
        try
        {
            if (failover is null)
            {
                await reader.OpenBodyAsync().ConfigureAwait(false);
            }
            else
            {
                await failover.ReadFirstAsync(
                    async () =>
                    {
                        await reader.OpenBodyAsync().ConfigureAwait(false);
                        return true;
                    },
                    static () => null, reader.StartAgainAsync, cancellation.Token).ConfigureAwait(false);
            }
            return reader;
        }
        catch
        {
            await reader.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>Sends the query and reads its answer's header: a fresh layout, buffer and parser.</summary>
    private async Task OpenBodyAsync()
    {
        (ClickHouseResponseStream body, RowBinaryHeader? header) = _failover is null
            ? await _open(_cancellation.Token).ConfigureAwait(false)
            : await _failover.OpenAsync(_open, _cancellation.Token).ConfigureAwait(false);
        _body = body;
        _bodyClosed = false;
        _buffer = new RowBinaryStreamBuffer(body);
        _layout = new RowLayout();
        _parser = new RowBinaryStreamParser<long, RowLayoutDecoder>(
            header is null ? RowBinaryFormat.RowBinaryWithNamesAndTypes : RowBinaryFormat.RowBinary, new RowLayoutDecoder(_layout),
            measureCutRows: false);
        if (header is not null)
        {
            _layout.Bind(header);
        }
        await ReadHeaderAsync().ConfigureAwait(false);
    }

    /// <summary>
    /// Drops the body that broke off and reads the query's answer from another endpoint. Its columns must be those the
    /// caller may have seen already (the reader was returned with them).
    /// </summary>
    private async ValueTask StartAgainAsync(Exception failure)
    {
        RowBinaryHeader seen = _layout.Header;
        _rows = 0;
        _onRow = false;
        _pending = false;
        _ended = false;
        _failureAfterBatch = null;
        _batch.Clear();
        _batchConsumed = 0;
        _rowInBatch = 0;
        _batchData = default;
        _batchArray = [];
        await CloseBodyAsync(failure).ConfigureAwait(false);
        await OpenBodyAsync().ConfigureAwait(false);
        if (seen.Count > 0 && !(seen.Names.SequenceEqual(_layout.Header.Names) && seen.Types.SequenceEqual(_layout.Header.Types)))
        {
            throw new RowBinaryException(
                $"The query's answer broke off before its first row and was asked again on another endpoint, whose answer has other columns ({_layout.Header}) than the first ({seen}).",
                innerException: failure);
        }
    }

    /// <summary>Ends the request of the body being read, if one is open: dropped for a new one after <paramref name="dropped"/>, else done with.</summary>
    private async ValueTask CloseBodyAsync(Exception? dropped)
    {
        if (_bodyClosed)
        {
            return;
        }
        _bodyClosed = true;
        if (dropped is not null)
        {
            _body.Dropped(dropped);
        }
        _buffer.Dispose();
        _parser.Release();
        // Ends the request: a result not read to its end is aborted.
        await _body.DisposeAsync().ConfigureAwait(false);
    }

    private async Task ReadHeaderAsync()
    {
        while (!_layout.IsBound)
        {
            long consumed = _parser.Parse(_buffer.Data, _buffer.IsCompleted && !_buffer.Failed, _batch, maxRows: 0);
            _buffer.Consume(consumed);
            if (_parser.Failure is not null)
            {
                throw _parser.Failure;
            }
            if (_layout.IsBound)
            {
                break;
            }
            if (_buffer.IsCompleted)
            {
                _buffer.ThrowIfFailed();
                throw new RowBinaryException("The result ended before its RowBinaryWithNamesAndTypes header was complete.", _buffer.Data.Length);
            }
            await _buffer.FillAsync(_parser.MinimumBlock, _parser.PreferredBlock, _cancellation.Token).ConfigureAwait(false);
        }
        _typed = new ClickHouseValueReader?[FieldCount];
        _natural = new ClickHouseValueReader?[FieldCount];
    }

    /// <summary>The ClickHouse type of a column, parsed.</summary>
    public ClickHouseType GetClickHouseType(int ordinal) => _layout.Types[CheckOrdinal(ordinal)];

    public override int FieldCount => _layout.Header.Count;

    public override object this[int ordinal] => GetValue(ordinal);

    public override object this[string name] => GetValue(GetOrdinal(name));

    public override int Depth => 0;

    public override bool IsClosed => _closed;

    /// <summary>-1: a result's rows are not affected rows.</summary>
    public override int RecordsAffected => -1;

    public override bool HasRows
    {
        get
        {
            if (_rows > 0 || _pending)
            {
                return true;
            }
            if (_ended || _closed)
            {
                return false;
            }
            // Peek: the next row is read now and handed out by the next Read.
            _pending = ReadAsync(CancellationToken.None).GetAwaiter().GetResult();
            _onRow = false;
            return _pending;
        }
    }

    public override string GetName(int ordinal) => _layout.Header.Names[CheckOrdinal(ordinal)];

    /// <summary>The column's ClickHouse type as the server wrote it, e.g. <c>Nullable(DateTime64(3, 'UTC'))</c>.</summary>
    public override string GetDataTypeName(int ordinal) => _layout.Header.Types[CheckOrdinal(ordinal)];

    /// <summary>The type <see cref="GetValue"/> returns: the type mapping's default C# type for the column.</summary>
    [return: DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.PublicProperties)]
    public override Type GetFieldType(int ordinal) => ClickHouseValueReaders.NaturalType(_layout.Types[CheckOrdinal(ordinal)]);

    public override int GetOrdinal(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        int ordinal = _layout.Ordinal(name);
        return ordinal >= 0 ? ordinal : throw new IndexOutOfRangeException($"The result has no column '{name}'; its columns are {_layout.Header}.");
    }

    public override bool Read()
    {
        Task<bool> read = ReadAsync(CancellationToken.None);
        return read.IsCompletedSuccessfully ? read.Result : read.GetAwaiter().GetResult();
    }

    /// <summary>Moves to the next row; completes at once, allocating nothing, while rows already received remain.</summary>
    public override Task<bool> ReadAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        if (_pending)
        {
            _pending = false;
            _onRow = true;
            return s_true;
        }
        _onRow = false;
        if (_ended)
        {
            return s_false;
        }
        return _rows == 0 && _failover is not null
            ? _failover.ReadFirstAsync(() => new ValueTask<bool>(ReadNextAsync(cancellationToken)), () => _bodyClosed ? null : _body, StartAgainAsync, cancellationToken).AsTask()
            : ReadNextAsync(cancellationToken);
    }

    private Task<bool> ReadNextAsync(CancellationToken cancellationToken)
    {
        try
        {
            _cancellation.Token.ThrowIfCancellationRequested();
            cancellationToken.ThrowIfCancellationRequested();
            if (TryReadBufferedRow())
            {
                return s_true;
            }
        }
        catch (Exception e)
        {
            return Task.FromException<bool>(Failed(e));
        }
        return ReadSlowAsync(cancellationToken);
    }

    private async Task<bool> ReadSlowAsync(CancellationToken cancellationToken)
    {
        using CancellationTokenSource? linked = cancellationToken.CanBeCanceled ? CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _cancellation.Token) : null;
        CancellationToken token = linked?.Token ?? _cancellation.Token;
        try
        {
            while (true)
            {
                if (_buffer.IsCompleted)
                {
                    _buffer.ThrowIfFailed();
                    _ended = true;
                    _body.RowsRead(_rows);
                    return false;
                }
                await _buffer.FillAsync(_parser.MinimumBlock, _parser.PreferredBlock, token).ConfigureAwait(false);
                if (TryReadBufferedRow())
                {
                    return true;
                }
            }
        }
        catch (Exception e)
        {
            throw Failed(e);
        }
    }

    /// <summary>
    /// Moves to the next row of the batch, or parses the next batch from the bytes already received; false when they
    /// hold no whole row. A row that cannot be read fails once the rows before it have been handed out.
    /// </summary>
    private bool TryReadBufferedRow()
    {
        if (_rowInBatch + 1 < _batch.Count)
        {
            _rowInBatch++;
            _rows++;
            _onRow = true;
            return true;
        }
        if (_failureAfterBatch is not null)
        {
            throw _failureAfterBatch;
        }
        if (_batchConsumed > 0)
        {
            _buffer.Consume(_batchConsumed);
            _batchConsumed = 0;
        }
        _batch.Clear();
        _layout.BeginBatch();
        ReadOnlySequence<byte> data = _buffer.Data;
        long consumed = _parser.Parse(data, _buffer.IsCompleted && !_buffer.Failed, _batch, RowLayout.BatchRows);
        if (_parser.Failure is not null)
        {
            if (_batch.Count == 0)
            {
                throw _parser.Failure;
            }
            _failureAfterBatch = _parser.Failure;
        }
        if (_batch.Count == 0)
        {
            _buffer.Consume(consumed);
            return false;
        }
        _batchData = data.Slice(0, consumed);
        if (!MemoryMarshal.TryGetArray(_batchData.First, out ArraySegment<byte> segment) || !_batchData.IsSingleSegment)
        {
            throw new InvalidOperationException("The stream buffer is one array: a batch of rows lies in one segment.");
        }
        _batchArray = segment.Array!;
        _batchArrayOffset = segment.Offset;
        _batchStart = _batch[0];
        _batchConsumed = consumed;
        _rowInBatch = 0;
        _rows++;
        _onRow = true;
        return true;
    }

    /// <summary>A failed read ends the request: telemetry is told, and the exception passes on.</summary>
    private Exception Failed(Exception exception)
    {
        _ended = true;
        _body.Failed(exception);
        return exception;
    }

    public override bool NextResult() => false;

    public override Task<bool> NextResultAsync(CancellationToken cancellationToken) => s_false;

    public override bool IsDBNull(int ordinal)
    {
        CheckOrdinal(ordinal);
        return IsNullable(ordinal) && ColumnReader(ordinal).ReadNullMarker();
    }

    public override Task<bool> IsDBNullAsync(int ordinal, CancellationToken cancellationToken) => IsDBNull(ordinal) ? s_true : s_false;

    /// <summary>The value as the type mapping's default C# type (see <see cref="GetFieldType"/>); <see cref="DBNull.Value"/> for NULL.</summary>
    public override object GetValue(int ordinal)
    {
        int start = ValueIndex(ordinal);
        bool nullable = IsNullable(ordinal);
        if (nullable && _batchArray[start] != 0)
        {
            return DBNull.Value;
        }
        ClickHouseValueReader natural = _natural[ordinal] ??= ClickHouseValueReaders.CreateNatural(Inner(ordinal));
        if (BitConverter.IsLittleEndian && natural.RawSize > 0)
        {
            return natural.BoxRaw(_batchArray, nullable ? start + 1 : start);
        }
        RowBinaryReader reader = ColumnReader(ordinal);
        if (nullable)
        {
            reader.ReadNullMarker();
        }
        return Decode(ordinal, ref reader, natural) ?? DBNull.Value;
    }

    public override int GetValues(object[] values)
    {
        ArgumentNullException.ThrowIfNull(values);
        int count = Math.Min(values.Length, FieldCount);
        for (int i = 0; i < count; i++)
        {
            values[i] = GetValue(i);
        }
        return count;
    }

    /// <summary>
    /// The value as <typeparamref name="T"/>, which must hold every value of the column's type (see the remarks of
    /// <see cref="ClickHouseDataReader"/>); NULL is null for a reference type or <c>T?</c>,
    /// <see cref="DBNull.Value"/> for <see cref="object"/>, <see cref="ClickHouseDynamic.Null"/> for <see cref="ClickHouseDynamic"/>,
    /// and an error otherwise.
    /// </summary>
    /// <exception cref="InvalidCastException"><typeparamref name="T"/> does not fit the column, or the value is NULL and <typeparamref name="T"/> cannot hold it.</exception>
    public override T GetFieldValue<T>(int ordinal)
    {
        int start = ValueIndex(ordinal);
        ClickHouseValueReader<T> typed = Typed<T>(ordinal);
        bool nullable = IsNullable(ordinal);
        if (BitConverter.IsLittleEndian && typed.RawSize == Unsafe.SizeOf<T>() && (!nullable || _batchArray[start] == 0))
        {
            // An integer or float read as its own type: its bytes are its memory (after a NULL marker of 0).
            return Unsafe.ReadUnaligned<T>(ref _batchArray[nullable ? start + 1 : start]);
        }
        RowBinaryReader reader = ColumnReader(ordinal);
        if (nullable && reader.ReadNullMarker())
        {
            if (typeof(T) == typeof(object) || typeof(T) == typeof(DBNull))
            {
                return (T)(object)DBNull.Value;
            }
            if (typeof(T) == typeof(ClickHouseDynamic))
            {
                return (T)(object)ClickHouseDynamic.Null;
            }
            return default(T) is null
                ? default!
                : throw new InvalidCastException(
                    $"Column '{GetName(ordinal)}' ({GetDataTypeName(ordinal)}) is NULL in row {_rows - 1}, which {CSharpTypeNames.Of(typeof(T))} cannot hold: check IsDBNull first, or read it as {CSharpTypeNames.Of(typeof(T))}?.");
        }
        try
        {
            return typed.Read(ref reader);
        }
        catch (Exception e) when (RowErrors.IsValueError(e))
        {
            throw RowErrors.Reading(_layout.Schema, ordinal, _rows - 1, reader.Offset, e);
        }
    }

    public override Task<T> GetFieldValueAsync<T>(int ordinal, CancellationToken cancellationToken) => Task.FromResult(GetFieldValue<T>(ordinal));

    public override bool GetBoolean(int ordinal) => GetFieldValue<bool>(ordinal);

    public override byte GetByte(int ordinal) => GetFieldValue<byte>(ordinal);

    public override char GetChar(int ordinal)
        => throw new InvalidCastException($"Column '{GetName(ordinal)}' ({GetDataTypeName(ordinal)}) cannot be read as char: ClickHouse has no character type; read it with GetString.");

    public override DateTime GetDateTime(int ordinal) => GetFieldValue<DateTime>(ordinal);

    public override decimal GetDecimal(int ordinal) => GetFieldValue<decimal>(ordinal);

    public override double GetDouble(int ordinal) => GetFieldValue<double>(ordinal);

    public override float GetFloat(int ordinal) => GetFieldValue<float>(ordinal);

    public override Guid GetGuid(int ordinal) => GetFieldValue<Guid>(ordinal);

    public override short GetInt16(int ordinal) => GetFieldValue<short>(ordinal);

    public override int GetInt32(int ordinal) => GetFieldValue<int>(ordinal);

    public override long GetInt64(int ordinal) => GetFieldValue<long>(ordinal);

    public override string GetString(int ordinal) => GetFieldValue<string>(ordinal);

    /// <summary>
    /// Copies bytes of a String or FixedString value, as stored, from <paramref name="dataOffset"/> into
    /// <paramref name="buffer"/>; with a null buffer, returns the value's length. Nothing is allocated.
    /// </summary>
    public override long GetBytes(int ordinal, long dataOffset, byte[]? buffer, int bufferOffset, int length)
    {
        ReadOnlySequence<byte> bytes = ValueBytes(ordinal);
        if (buffer is null)
        {
            return bytes.Length;
        }
        ArgumentOutOfRangeException.ThrowIfNegative(dataOffset);
        if (dataOffset >= bytes.Length)
        {
            return 0;
        }
        ReadOnlySequence<byte> part = bytes.Slice(dataOffset, Math.Min(length, bytes.Length - dataOffset));
        part.CopyTo(buffer.AsSpan(bufferOffset));
        return part.Length;
    }

    public override long GetChars(int ordinal, long dataOffset, char[]? buffer, int bufferOffset, int length)
    {
        string text = GetString(ordinal);
        if (buffer is null)
        {
            return text.Length;
        }
        ArgumentOutOfRangeException.ThrowIfNegative(dataOffset);
        if (dataOffset >= text.Length)
        {
            return 0;
        }
        int count = (int)Math.Min(length, text.Length - dataOffset);
        text.CopyTo((int)dataOffset, buffer, bufferOffset, count);
        return count;
    }

    /// <summary>A String or FixedString value's bytes, as stored, in a stream of its own (valid after the reader moves on).</summary>
    public override Stream GetStream(int ordinal)
    {
        ReadOnlySequence<byte> bytes = ValueBytes(ordinal);
        return new MemoryStream(bytes.ToArray(), writable: false);
    }

    public override IEnumerator GetEnumerator() => new DbEnumerator(this, closeReader: false);

    public override DataTable GetSchemaTable() => ClickHouseSchemaTable.Of(GetColumnSchema());

    public ReadOnlyCollection<DbColumn> GetColumnSchema()
    {
        var columns = new DbColumn[FieldCount];
        for (int i = 0; i < columns.Length; i++)
        {
            columns[i] = new ClickHouseDbColumn(i, GetName(i), GetDataTypeName(i), _layout.Types[i], GetFieldType(i));
        }
        return new ReadOnlyCollection<DbColumn>(columns);
    }

    public override void Close() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }
        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        if (_closed)
        {
            return;
        }
        _closed = true;
        Closing?.Invoke();
        if (!_ended && !_bodyClosed)
        {
            _body.RowsRead(_rows);
        }
        _strings.Release();
        _cancellation.Dispose();
        await CloseBodyAsync(dropped: null).ConfigureAwait(false);
    }

    /// <summary>Told when the reader closes (CommandBehavior.CloseConnection closes the connection).</summary>
    internal Action? Closing { get; set; }

    /// <summary>Ends the request now, from any thread (<see cref="ClickHouseCommand.Cancel"/>): a pending read fails with a cancellation.</summary>
    internal void Abort()
    {
        try
        {
            _cancellation.Cancel();
        }
        catch (ObjectDisposedException)
        {
            // Closed already: nothing is left to abort.
        }
    }

    private int CheckOrdinal(int ordinal)
    {
        if ((uint)ordinal >= (uint)FieldCount)
        {
            throw new IndexOutOfRangeException($"Column ordinal {ordinal} is outside the result's {FieldCount} columns.");
        }
        return ordinal;
    }

    private bool IsNullable(int ordinal) => _layout.Nullable[ordinal];

    /// <summary>The column's type without LowCardinality and Nullable: what a value after the NULL marker is.</summary>
    private ClickHouseType Inner(int ordinal) => _layout.Inner[ordinal];

    /// <summary>Where the column's value of the current row starts in <see cref="_batchArray"/>.</summary>
    private int ValueIndex(int ordinal)
    {
        CheckOrdinal(ordinal);
        ObjectDisposedException.ThrowIf(_closed, this);
        if (!_onRow)
        {
            throw new InvalidOperationException("There is no current row: call Read (or ReadAsync) first, and only while it returns true.");
        }
        return _batchArrayOffset + (int)(_layout.Starts[(_rowInBatch * FieldCount) + ordinal] - _batchStart);
    }

    /// <summary>A reader at the start of the column's value in the current row; offsets are the stream's, for errors.</summary>
    private RowBinaryReader ColumnReader(int ordinal)
    {
        int index = ValueIndex(ordinal);
        long start = _batchStart + index - _batchArrayOffset;
        var bytes = new ReadOnlySpan<byte>(_batchArray, index, _batchArrayOffset + (int)_batchData.Length - index);
        return new RowBinaryReader(bytes, start, _strings) { CurrentColumn = ordinal };
    }

    private ClickHouseValueReader<T> Typed<T>(int ordinal)
    {
        if (_typed[ordinal] is ClickHouseValueReader<T> cached)
        {
            return cached;
        }
        ClickHouseValueReader<T> typed = ClickHouseValueReaders.TryCreate<T>(Inner(ordinal), out string? reason)
            ?? throw new InvalidCastException($"Column '{GetName(ordinal)}' ({GetDataTypeName(ordinal)}) cannot be read as {CSharpTypeNames.Of(typeof(T))}: {reason}.");
        _typed[ordinal] = typed;
        return typed;
    }

    private object? Decode(int ordinal, ref RowBinaryReader reader, ClickHouseValueReader natural)
    {
        try
        {
            return natural.ReadBoxed(ref reader);
        }
        catch (Exception e) when (RowErrors.IsValueError(e))
        {
            throw RowErrors.Reading(_layout.Schema, ordinal, _rows - 1, reader.Offset, e);
        }
    }

    /// <summary>The bytes of a String or FixedString value where they lie in the received data.</summary>
    private ReadOnlySequence<byte> ValueBytes(int ordinal)
    {
        CheckOrdinal(ordinal);
        RowBinaryReader reader = ColumnReader(ordinal);
        if (IsNullable(ordinal) && reader.ReadNullMarker())
        {
            throw new InvalidCastException($"Column '{GetName(ordinal)}' is NULL in row {_rows - 1}: check IsDBNull first.");
        }
        ClickHouseType type = Inner(ordinal);
        int length = type.Kind switch
        {
            ClickHouseTypeKind.String => reader.ReadLength("String"),
            ClickHouseTypeKind.FixedString => type.Length,
            _ => throw new InvalidCastException($"Column '{GetName(ordinal)}' ({GetDataTypeName(ordinal)}) has no bytes to read: GetBytes and GetStream read String and FixedString columns."),
        };
        return _batchData.Slice(reader.Offset - _batchStart, length);
    }
}
