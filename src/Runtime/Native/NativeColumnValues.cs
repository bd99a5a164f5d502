using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>Where one column's RowBinary values are: a slice of the block, or a buffer they were decoded into.</summary>
/// <param name="Start">The slice's start in the block.</param>
/// <param name="Length">The slice's length.</param>
/// <param name="Offset">The column's offset in the stream, for messages.</param>
/// <param name="Decoded">The decoded values, or null for a slice.</param>
internal readonly record struct NativeColumnValues(int Start, int Length, long Offset, ArrayBufferWriter<byte>? Decoded);
