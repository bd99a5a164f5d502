using System;
using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>
/// A LowCardinality(String) column of a batch, left as the block has it: a reader of cached strings takes each row's
/// string from the dictionary (<see cref="NativeStrings"/>), and any other read has it decoded into RowBinary first.
/// </summary>
internal interface INativePendingColumn
{
    LowCardinalityColumnDecoder Dictionary { get; }

    /// <summary>Decodes the batch's values into RowBinary; <paramref name="data"/> is what the block's scan read.</summary>
    ArrayBufferWriter<byte> Decode(ReadOnlySpan<byte> data);
}
