using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>Where one column's RowBinary values are: a slice of the block, a buffer they were decoded into, or not decoded yet.</summary>
/// <param name="Start">The slice's start in the block.</param>
/// <param name="Length">The slice's length.</param>
/// <param name="Offset">The column's offset in the stream, for messages.</param>
/// <param name="Decoded">The decoded values, or null for a slice.</param>
/// <param name="Pending">A column decoded only when its values are asked for in RowBinary: rows may be read from its dictionary instead.</param>
internal readonly record struct NativeColumnValues(int Start, int Length, long Offset, ArrayBufferWriter<byte>? Decoded, INativePendingColumn? Pending = null);
