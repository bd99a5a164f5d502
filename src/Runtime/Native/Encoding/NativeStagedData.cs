using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// A column's data in a Native block as the buffers it was staged in, in order: a flat column's values (one piece), a
/// Nullable's null map and values or an Array's offsets and elements (two), a Map's offsets, keys and values (three).
/// None where the column's encoder writes its data.
/// </summary>
internal readonly record struct NativeStagedData(int Count, ReadOnlyMemory<byte> First, ReadOnlyMemory<byte> Second, ReadOnlyMemory<byte> Third)
{
    public ReadOnlyMemory<byte> this[int piece] => piece switch
    {
        0 => First,
        1 => Second,
        _ => Third,
    };
}
