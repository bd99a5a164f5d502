using System;
using System.Buffers;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// The columns of one Native block as the generated readers read them: each column of the row type as its values in
/// RowBinary, one after the other (in place where Native lays the column out so, decoded from its streams where not).
/// Generated code sets <see cref="CurrentColumn"/> and <see cref="CurrentRow"/> before a value that can fail, so that
/// the error names them.
/// For generated code only, not for users: its members may change in any version. (src/Runtime/Generated holds
/// everything the generator's code calls that applications do not.)
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public ref struct NativeColumns
{
    private readonly ReadOnlySpan<byte> _block;
    private readonly NativeColumnValues[] _columns;
    private readonly RowBinaryStringCache? _strings;
    private readonly long _blockOffset;
    private readonly string[]?[] _stringValues;

    /// <param name="block">What the block's scan read.</param>
    /// <param name="columns">Where each schema column's values are.</param>
    /// <param name="strings">The string cache of the stream.</param>
    /// <param name="blockOffset">Where <paramref name="block"/> starts in the stream, for messages.</param>
    /// <param name="stringValues">Per schema column, the array <see cref="StringValues"/> decodes a batch's strings into (kept between batches).</param>
    internal NativeColumns(ReadOnlySpan<byte> block, NativeColumnValues[] columns, RowBinaryStringCache? strings, long blockOffset, string[]?[] stringValues)
    {
        _block = block;
        _columns = columns;
        _strings = strings;
        _blockOffset = blockOffset;
        _stringValues = stringValues;
        CurrentColumn = 0;
        CurrentRow = 0;
    }

    /// <summary>The schema index of the column being read.</summary>
    public int CurrentColumn { readonly get; set; }

    /// <summary>The row being read, counted from the block's first.</summary>
    public int CurrentRow { readonly get; set; }

    /// <summary>A reader over the values of the schema's column <paramref name="column"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly RowBinaryReader Reader(int column)
    {
        NativeColumnValues values = Resolved(column);
        return new RowBinaryReader(BytesOf(values), values.Offset, _strings) { CurrentColumn = column };
    }

    /// <summary>
    /// The next <paramref name="rows"/> values of the schema's String column <paramref name="column"/> as strings,
    /// decoded one column at a time: a wide row's String columns each run their decoding and their string cache's
    /// look-ups in a loop of their own, where a row at a time would go from one column's cache to the next. The array
    /// is the block reader's (pooled), cleared once the batch's rows are built.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public ReadOnlySpan<string> StringValues(int column, int rows)
    {
        RowBinaryReader reader = Reader(column);
        string[] values = _stringValues[column] is { } kept && kept.Length >= rows ? kept : _stringValues[column] = RentStrings(_stringValues[column], rows);
        CurrentColumn = column;
        int row = 0;
        try
        {
            for (; row < rows; row++)
            {
                values[row] = reader.ReadString();
            }
        }
        catch (Exception) when (SetRow(row))
        {
            throw;
        }
        return values.AsSpan(0, rows);
    }

    /// <summary>A pooled array for <paramref name="rows"/> strings, in place of <paramref name="tooSmall"/> (given back); the block reader gives it back when the read ends.</summary>
    private static string[] RentStrings(string[]? tooSmall, int rows)
    {
        if (tooSmall is not null)
        {
            ArrayPool<string>.Shared.Return(tooSmall, clearArray: true);
        }
        return ArrayPool<string>.Shared.Rent(rows);
    }

    /// <summary>Names the row a failed read was at, for the message; never catches.</summary>
    private bool SetRow(int row)
    {
        CurrentRow = row;
        return false;
    }

    /// <summary>
    /// The values of the schema's String column <paramref name="column"/>, read through the string cache: from a
    /// LowCardinality(String) column's dictionary, each key made a string once a block; otherwise as <see cref="Reader"/> reads them.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly NativeStrings Strings(int column)
    {
        NativeColumnValues values = _columns[column];
        if (values.Pending is { Dictionary: { } dictionary })
        {
            _columns[column] = values with { Pending = null };
            return new NativeStrings(dictionary, _block, _strings, _blockOffset, column);
        }
        return new NativeStrings(Reader(column));
    }

    /// <summary>
    /// The values of the schema's Nullable column <paramref name="column"/> of a fixed-width type stored as
    /// <typeparamref name="T"/>, as Native lays them out: row <c>i</c>'s value is element <c>i</c>, and under a NULL
    /// (<paramref name="nullMap"/>'s byte <c>i</c> not 0) a placeholder.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly ReadOnlySpan<T> NullableValues<T>(int column, out ReadOnlySpan<byte> nullMap)
        where T : unmanaged
    {
        ReadOnlySpan<byte> values = Parts(column, Unsafe.SizeOf<T>(), nullable: true, out nullMap, out _);
        return AsValues<T>(values);
    }

    /// <summary>
    /// The values of the schema's Nullable column <paramref name="column"/> of a fixed-width type of
    /// <paramref name="valueSize"/> bytes, as Native lays them out: row <c>i</c>'s value at <c>i</c> times the size, and
    /// under a NULL (<paramref name="nullMap"/>'s byte <c>i</c> not 0) a placeholder.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly ReadOnlySpan<byte> NullableBytes(int column, int valueSize, out ReadOnlySpan<byte> nullMap)
        => Parts(column, valueSize, nullable: true, out nullMap, out _);

    /// <summary>
    /// A reader over the values of the schema's Nullable(String) column <paramref name="column"/>, one String per row,
    /// a placeholder under each NULL (<paramref name="nullMap"/>'s byte <c>i</c> not 0).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly RowBinaryReader NullableStrings(int column, out ReadOnlySpan<byte> nullMap)
        => PartsReader(column, Parts(column, NativeColumnParts.StringValues, nullable: true, out nullMap, out _));

    /// <summary>
    /// The elements of the arrays of the schema's Array column <paramref name="column"/> of a fixed-width type stored
    /// as <typeparamref name="T"/>, one after the other; <paramref name="offsets"/> says where each row's lie.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly ReadOnlySpan<T> ArrayValues<T>(int column, out NativeOffsets offsets)
        where T : unmanaged
    {
        ReadOnlySpan<byte> elements = Parts(column, Unsafe.SizeOf<T>(), nullable: false, out ReadOnlySpan<byte> ends, out ulong before);
        offsets = new NativeOffsets(ends, before);
        return AsValues<T>(elements);
    }

    /// <summary>
    /// A reader over the elements of the arrays of the schema's Array(String) column <paramref name="column"/>, one after
    /// the other; <paramref name="offsets"/> says how many each row has.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly RowBinaryReader ArrayStrings(int column, out NativeOffsets offsets)
    {
        ReadOnlySpan<byte> elements = Parts(column, NativeColumnParts.StringValues, nullable: false, out ReadOnlySpan<byte> ends, out ulong before);
        offsets = new NativeOffsets(ends, before);
        return PartsReader(column, elements);
    }

    /// <summary>
    /// The entries of the maps of the schema's Map column <paramref name="column"/> whose keys and values are each of a
    /// fixed size (<paramref name="keySize"/>, <paramref name="valueSize"/> bytes) or Strings
    /// (<see cref="NativeColumnParts.StringValues"/>): their offsets, keys and values, as Native lays them out.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly NativeMapParts Map(int column, int keySize, int valueSize)
    {
        NativeColumnValues values = _columns[column];
        long offset = values.Offset;
        if (values.Pending is { } pending && pending.TryTakeMapParts(_block, keySize, valueSize, out NativeColumnParts parts))
        {
            _columns[column] = values with { Pending = null };
            return new NativeMapParts(
                new NativeOffsets(_block.Slice(parts.MapStart, parts.MapLength), parts.ElementsBefore),
                _block.Slice(parts.ValuesStart, parts.ValuesLength),
                _block.Slice(parts.SecondValuesStart, parts.SecondValuesLength),
                offset, _strings, column);
        }
        (byte[] ends, byte[] keys, byte[] mapValues) = NativeColumnParts.SplitMaps(BytesOf(Resolved(column)), keySize, valueSize);
        return new NativeMapParts(new NativeOffsets(ends, 0), keys, mapValues, offset, _strings, column);
    }

    /// <summary>
    /// A Nullable or Array column's null map (or offsets) and values (or elements): in place where the block lays them
    /// out as asked, else its values decoded into RowBinary and taken apart.
    /// </summary>
    private readonly ReadOnlySpan<byte> Parts(int column, int valueSize, bool nullable, out ReadOnlySpan<byte> map, out ulong elementsBefore)
    {
        NativeColumnValues values = _columns[column];
        if (values.Pending is { } pending && pending.TryTakeParts(_block, valueSize, out NativeColumnParts parts))
        {
            _columns[column] = values with { Pending = null };
            map = _block.Slice(parts.MapStart, parts.MapLength);
            elementsBefore = parts.ElementsBefore;
            return _block.Slice(parts.ValuesStart, parts.ValuesLength);
        }
        ReadOnlySpan<byte> rowBinary = BytesOf(Resolved(column));
        (byte[] split, byte[] rest) = nullable ? NativeColumnParts.SplitNullable(rowBinary, valueSize) : NativeColumnParts.SplitArrays(rowBinary, valueSize);
        map = split;
        elementsBefore = 0;
        return rest;
    }

    private readonly RowBinaryReader PartsReader(int column, ReadOnlySpan<byte> values)
        => new(values, _columns[column].Offset, _strings) { CurrentColumn = column };

    /// <summary>
    /// The RowBinary values of the schema's column <paramref name="column"/>: for a fixed-width column, the value of row
    /// <c>i</c> is at <c>i</c> times its size.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly ReadOnlySpan<byte> Values(int column) => BytesOf(Resolved(column));

    private readonly ReadOnlySpan<byte> BytesOf(NativeColumnValues values)
        => values.Decoded is { } decoded ? decoded.WrittenSpan : _block.Slice(values.Start, values.Length);

    /// <summary>The column's values, decoded into RowBinary now if they were left for a read from the dictionary.</summary>
    private readonly NativeColumnValues Resolved(int column)
    {
        NativeColumnValues values = _columns[column];
        if (values.Pending is { } pending)
        {
            values = _columns[column] = values with { Decoded = pending.Decode(_block), Pending = null };
        }
        return values;
    }

    /// <summary>
    /// The values of the fixed-width column <paramref name="column"/> as elements of the type they are stored as
    /// (<see cref="short"/> for an Int16): row <c>i</c>'s value is element <c>i</c>. Typed elements let a wide row's
    /// reader index its columns instead of calling a load per value.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly ReadOnlySpan<T> Values<T>(int column)
        where T : unmanaged
        => AsValues<T>(Values(column));

    /// <summary>Little-endian values of <typeparamref name="T"/>: where they lie, or copied where they cannot be read so.</summary>
    internal static ReadOnlySpan<T> AsValues<T>(ReadOnlySpan<byte> littleEndian)
        where T : unmanaged
        => InPlace ? MemoryMarshal.Cast<byte, T>(littleEndian) : Copied<T>(littleEndian, swap: !BitConverter.IsLittleEndian);

    /// <summary>
    /// Whether the column's bytes can be read as its values where they lie: a little-endian machine that loads a value
    /// from any address. Elsewhere (big-endian, or 32-bit Arm, whose floating-point loads need aligned addresses) they are
    /// copied into an array of their type.
    /// </summary>
    private static readonly bool InPlace = BitConverter.IsLittleEndian
        && RuntimeInformation.ProcessArchitecture is Architecture.X64 or Architecture.X86 or Architecture.Arm64;

    /// <summary>Little-endian values copied into an array of their type, each value's bytes reversed when <paramref name="swap"/>.</summary>
    internal static T[] Copied<T>(ReadOnlySpan<byte> littleEndian, bool swap)
        where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        var values = new T[littleEndian.Length / size];
        Span<byte> bytes = MemoryMarshal.AsBytes(values.AsSpan());
        littleEndian.Slice(0, bytes.Length).CopyTo(bytes);
        if (swap)
        {
            for (int at = 0; at < bytes.Length; at += size)
            {
                bytes.Slice(at, size).Reverse();
            }
        }
        return values;
    }
}
