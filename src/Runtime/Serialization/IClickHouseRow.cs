using System;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Implemented by the source generator on every <see cref="ClickHouseRowAttribute"/> type: the compile-time
/// schema, reader and writer that <c>RowBinarySerializer</c> calls with no reflection.
/// </summary>
/// <typeparam name="TSelf">The row type itself.</typeparam>
public interface IClickHouseRow<TSelf> where TSelf : IClickHouseRow<TSelf>
{
    /// <summary>The row's columns in declaration order, with their ClickHouse types.</summary>
    static abstract ClickHouseRowSchema Schema { get; }

    /// <summary>Writes one row in RowBinary: every column in schema order.</summary>
    static abstract void Write(ref RowBinaryWriter writer, TSelf row);

    /// <summary>
    /// Writes one row in RowBinaryWithDefaults: before each column a byte, 1 when the column is marked
    /// <see cref="ClickHouseColumnAttribute.UseServerDefault"/> and holds its C# default (nothing follows),
    /// else 0 and the value.
    /// </summary>
    /// <remarks>
    /// The generator writes this method only for types with a <see cref="ClickHouseColumnAttribute.UseServerDefault"/>
    /// column. For the others every marker is 0, and this default writes each column with its Native column writer,
    /// which writes a value as RowBinary does.
    /// </remarks>
    static virtual void WriteWithDefaults(ref RowBinaryWriter writer, TSelf row)
    {
        if (row is null)
        {
            throw new ArgumentNullException(nameof(row));
        }
        // The writer keeps no span it is given, so the row may be handed over by reference.
        ReadOnlySpan<TSelf> oneRow = MemoryMarshal.CreateReadOnlySpan(ref row, 1);
        int columns = TSelf.Schema.Columns.Count;
        for (int column = 0; column < columns; column++)
        {
            writer.BeginValueColumn(column);
            TSelf.WriteNativeColumn(ref writer, column, oneRow);
        }
    }

    /// <summary>Reads one row whose columns arrive in schema order.</summary>
    static abstract TSelf Read(ref RowBinaryReader reader);

    /// <summary>
    /// Reads one row whose columns arrive in another order: <paramref name="columnOrder"/>[i] is the schema
    /// index of the i-th column in the data.
    /// </summary>
    static abstract TSelf Read(ref RowBinaryReader reader, ReadOnlySpan<int> columnOrder);

    /// <summary>
    /// Writes one column of a block of rows, for the Native format: the column's value of each row in RowBinary, one
    /// after the other (<see cref="NativeSerializer"/> lays them out as Native wants them).
    /// </summary>
    /// <param name="writer">The writer.</param>
    /// <param name="column">The schema index of the column.</param>
    /// <param name="rows">The block's rows.</param>
    static abstract void WriteNativeColumn(ref RowBinaryWriter writer, int column, ReadOnlySpan<TSelf> rows);

    /// <summary>
    /// Writes a run of rows for the Native format into every column at once: each column's values in RowBinary, one
    /// after the other, into the column's own writer (<see cref="NativeSerializer"/> lays them out as Native wants
    /// them).
    /// </summary>
    /// <param name="columns">The writers of the block's columns, by schema index.</param>
    /// <param name="rows">The rows of the run.</param>
    static abstract void WriteNativeRows(NativeColumnWriters columns, ReadOnlySpan<TSelf> rows);

    /// <summary>Reads the rows of a Native block from its columns' values, one row per element of <paramref name="rows"/>.</summary>
    static abstract void ReadNative(ref NativeColumns columns, Span<TSelf> rows);
}
