using System;
using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>
/// A column of a batch left as the block has it until the generated reader asks for it: a LowCardinality(String)
/// column's rows taken from its dictionary (<see cref="NativeStrings"/>), a Nullable or Array column's null map and
/// values (or offsets and elements) read in place (<see cref="NativeColumnParts"/>), and any other read decoded into
/// RowBinary first.
/// </summary>
internal interface INativePendingColumn
{
    /// <summary>The column's dictionary when it is a LowCardinality(String) column, else null.</summary>
    LowCardinalityColumnDecoder? Dictionary { get; }

    /// <summary>Decodes the batch's values into RowBinary; <paramref name="data"/> is what the block's scan read.</summary>
    ArrayBufferWriter<byte> Decode(ReadOnlySpan<byte> data);

    /// <summary>
    /// Takes the batch's values as the parts of a Nullable or Array column whose values are of
    /// <paramref name="valueSize"/> bytes (or Strings, for <see cref="NativeColumnParts.StringValues"/>); false, having
    /// taken nothing, when the column is laid out otherwise.
    /// </summary>
    bool TryTakeParts(ReadOnlySpan<byte> data, int valueSize, out NativeColumnParts parts);

    /// <summary>
    /// Takes the batch's values as the parts of a Map column whose keys and values are of <paramref name="keySize"/>
    /// and <paramref name="valueSize"/> bytes (or Strings); false, having taken nothing, when it is laid out otherwise.
    /// </summary>
    bool TryTakeMapParts(ReadOnlySpan<byte> data, int keySize, int valueSize, out NativeColumnParts parts);
}
