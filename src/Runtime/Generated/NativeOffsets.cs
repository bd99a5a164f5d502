using System;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Where each array of a batch of an Array column lies among the batch's elements: Native's offsets (each array's end,
/// counted in elements from the block's first), read as they lie in the block.
/// For generated code only, not for users: its members may change in any version.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly ref struct NativeOffsets
{
    private readonly ReadOnlySpan<byte> _ends;
    private readonly ulong _before;

    /// <param name="ends">Each array's end, a little-endian UInt64 each, checked by the block's scan to never decrease.</param>
    /// <param name="before">The elements before the batch's first array.</param>
    internal NativeOffsets(ReadOnlySpan<byte> ends, ulong before)
    {
        _ends = ends;
        _before = before;
    }

    /// <summary>The first element of the batch's array <paramref name="row"/>, counted from the batch's first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Start(int row) => (int)(End(row - 1) - _before);

    /// <summary>The elements of the batch's array <paramref name="row"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Count(int row) => (int)(End(row) - End(row - 1));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong End(int row) => row < 0 ? _before : BinaryPrimitives.ReadUInt64LittleEndian(_ends.Slice(row * sizeof(ulong)));
}
