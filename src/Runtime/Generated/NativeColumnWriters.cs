using System;
using System.ComponentModel;

namespace ClickHouse.RowBinary;

/// <summary>
/// The columns of a Native block being written, as the generated writers write them: for each column of the row type, a
/// span its fixed-width values are stored in, a writer into which each row's value goes in RowBinary, or the row
/// type's own loop over the column.
/// For generated code only, not for users: its members may change in any version. (src/Runtime/Generated holds
/// everything the generator's code calls that applications do not.)
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct NativeColumnWriters
{
    private readonly PooledBufferWriter[] _columns;
    private readonly PooledBufferWriter?[] _parts;
    private readonly bool[] _partsWritten;

    internal NativeColumnWriters(PooledBufferWriter[] columns, PooledBufferWriter?[] parts, bool[] partsWritten)
    {
        _columns = columns;
        _parts = parts;
        _partsWritten = partsWritten;
    }

    /// <summary>A writer that appends to the schema's column <paramref name="column"/>; flush it when done.</summary>
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
    public Span<byte> Span(int column, int bytes) => _columns[column].GetSpan(bytes).Slice(0, bytes);

    /// <summary>Counts <paramref name="bytes"/> more bytes of the schema's column <paramref name="column"/> as written.</summary>
    public void Advance(int column, int bytes) => _columns[column].Advance(bytes);

    /// <summary>
    /// The span a Nullable column's fixed-width values are stored in, <paramref name="bytes"/> bytes: the column's second
    /// part, its null map (<see cref="Span"/>) being its first. <see cref="AdvancePart"/> past them once stored.
    /// </summary>
    public Span<byte> PartSpan(int column, int bytes) => Part(column).GetSpan(bytes).Slice(0, bytes);

    /// <summary>Counts <paramref name="bytes"/> more bytes of the second part of the schema's column <paramref name="column"/> as written.</summary>
    public void AdvancePart(int column, int bytes) => Part(column).Advance(bytes);

    /// <summary>
    /// A writer of the second part of the schema's column <paramref name="column"/> (a Nullable's Strings, an Array's
    /// elements), whose first part (<see cref="Span"/>) is the null map or each array's count; flush it when done.
    /// </summary>
    public RowBinaryWriter PartWriter(int column) => new(Part(column)) { CurrentColumn = column };

    private PooledBufferWriter Part(int column)
    {
        _partsWritten[column] = true;
        return _parts[column] ??= new PooledBufferWriter();
    }
}
