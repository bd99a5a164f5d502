using System;
using System.ComponentModel;

namespace ClickHouse.RowBinary;

/// <summary>
/// The columns of a Native block being written, as the generated writers write them: a writer per column of the row
/// type, into which each row's value goes in RowBinary.
/// For generated code only, not for users: its members may change in any version. (src/Runtime/Generated holds
/// everything the generator's code calls that applications do not.)
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct NativeColumnWriters
{
    private readonly PooledBufferWriter[] _columns;

    internal NativeColumnWriters(PooledBufferWriter[] columns)
    {
        _columns = columns;
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
}
