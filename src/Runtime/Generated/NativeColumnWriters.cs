using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// The columns of a Native block being written, as the generated writers write them: for each column of the row type, a
/// span its fixed-width values are stored in, a writer into which each row's value goes in RowBinary, the row type's
/// own loop over the column, or the column's parts (a null map or counts, then values, elements, keys and values).
/// For generated code only, not for users: its members may change in any version. (src/Runtime/Generated holds
/// everything the generator's code calls that applications do not.)
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct NativeColumnWriters
{
    private readonly PooledBufferWriter[] _columns;
    /// <summary>Parts 1 and 2 of each column, two entries a column.</summary>
    private readonly PooledBufferWriter?[] _parts;
    private readonly bool[] _partsWritten;

    internal NativeColumnWriters(PooledBufferWriter[] columns, PooledBufferWriter?[] parts, bool[] partsWritten)
    {
        _columns = columns;
        _parts = parts;
        _partsWritten = partsWritten;
    }

    /// <summary>A writer that appends to the schema's column <paramref name="column"/>; flush it when done.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public RowBinaryWriter Writer(int column) => new(_columns[column]) { CurrentColumn = column };

    /// <summary>Writes the schema's column <paramref name="column"/> of <paramref name="rows"/> by the row type's own loop over it.</summary>
    public void WriteColumn<TRow>(int column, ReadOnlySpan<TRow> rows)
        where TRow : IClickHouseRow<TRow>
    {
        RowBinaryWriter writer = Writer(column);
        TRow.WriteNativeColumn(ref writer, column, rows);
        writer.Flush();
    }

    /// <summary>
    /// The span the values of a fixed-width column are stored in: <paramref name="bytes"/> bytes at the end of the schema's
    /// column <paramref name="column"/>; <see cref="Advance"/> past them once stored.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public Span<byte> Span(int column, int bytes) => _columns[column].GetSpan(bytes).Slice(0, bytes);

    /// <summary>Counts <paramref name="bytes"/> more bytes of the schema's column <paramref name="column"/> as written.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Advance(int column, int bytes) => _columns[column].Advance(bytes);

    /// <summary>
    /// The span that part <paramref name="part"/> (1) of the schema's column <paramref name="column"/> stores its
    /// fixed-width values in, <paramref name="bytes"/> bytes: a Nullable's values, whose null map is the column's own
    /// <see cref="Span"/>. <see cref="AdvancePart"/> past them once stored.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public Span<byte> PartSpan(int column, int part, int bytes) => Part(column, part).GetSpan(bytes).Slice(0, bytes);

    /// <summary>Counts <paramref name="bytes"/> more bytes of part <paramref name="part"/> of the schema's column <paramref name="column"/> as written.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void AdvancePart(int column, int part, int bytes) => Part(column, part).Advance(bytes);

    /// <summary>
    /// A writer of part <paramref name="part"/> of the schema's column <paramref name="column"/>: a Nullable's Strings
    /// (1), an Array's elements (1), a Map's keys (1) and values (2), whose null map or counts are the column's own
    /// <see cref="Span"/>; flush it when done.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public RowBinaryWriter PartWriter(int column, int part) => new(Part(column, part)) { CurrentColumn = column };

    private PooledBufferWriter Part(int column, int part)
    {
        if (part is not (1 or 2))
        {
            throw new ArgumentOutOfRangeException(nameof(part), part, "A column has parts 1 and 2 besides its own.");
        }
        _partsWritten[column] = true;
        return _parts[(column * 2) + part - 1] ??= new PooledBufferWriter();
    }
}
