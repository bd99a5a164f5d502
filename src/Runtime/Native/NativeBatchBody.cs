using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// How a batch inserter's rows, held as RowBinary, go as Native: the types the blocks name (a table's own, or null for
/// the row type's) and the row type's transcoding, which takes each row's values apart into the columns of blocks of
/// <see cref="NativeSerializer.BlockRows"/> rows (or <see cref="NativeSerializer.BlockBytes"/> bytes) with <see cref="NativeBlockWriter{T}"/>'s column encoders (a flat
/// column's values are copied as they are).
/// </summary>
/// <param name="WireTypes">The type each column is sent as, in schema order, or null for the row type's.</param>
/// <param name="Transcode">Writes RowBinary rows (the bytes and their number) as Native blocks of these types to a stream.</param>
internal sealed record NativeBatchBody(IReadOnlyList<string>? WireTypes, NativeBatchBody.Transcoder Transcode)
{
    public delegate Task Transcoder(ReadOnlyMemory<byte> rowBinary, int rows, IReadOnlyList<string>? wireTypes, Stream output);

    /// <summary>Writes a batch's rows as Native blocks to <paramref name="output"/>.</summary>
    public async Task WriteAsync(PooledSegmentStream rows, int count, Stream output)
    {
        if (rows.Length > Array.MaxLength)
        {
            throw new InvalidOperationException($"A batch of {rows.Length:N0} bytes is too large to send as Native; lower ClickHouseBatchInserterOptions.MaxBytes.");
        }
        int length = (int)rows.Length;
        byte[] bytes = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            rows.CopyTo(bytes);
            await Transcode(bytes.AsMemory(0, length), count, WireTypes, output).ConfigureAwait(false);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    /// <summary>Whether two bodies write the same blocks (both RowBinary, or Native naming the same types).</summary>
    public static bool SameBlocks(NativeBatchBody? left, NativeBatchBody? right)
        => left is null || right is null
            ? left is null && right is null
            : (left.WireTypes is null) == (right.WireTypes is null) && (left.WireTypes is null || left.WireTypes.SequenceEqual(right.WireTypes!, StringComparer.Ordinal));

    /// <summary>The <see cref="Transcoder"/> of rows of <typeparamref name="T"/>.</summary>
    public static async Task TranscodeRows<T>(ReadOnlyMemory<byte> rowBinary, int rows, IReadOnlyList<string>? wireTypes, Stream output)
        where T : IClickHouseRow<T>
    {
        using var blockOutput = new NativeBlockOutput<T>(output, NativeBlockWriter<T>.Rent(wireTypes), rowsSent: null);
        int offset = 0;
        for (int written = 0; written < rows;)
        {
            (int blockRows, int bytes) = BuildBlock(blockOutput.Blocks, rowBinary.Span.Slice(offset), Math.Min(NativeSerializer.BlockRows, rows - written));
            written += blockRows;
            offset += bytes;
            await blockOutput.WriteBlockAsync(CancellationToken.None).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Builds one block of at most <paramref name="maxRows"/> of the rows at the start of <paramref name="rowBinary"/>;
    /// returns its rows and the bytes they took.
    /// </summary>
    private static (int Rows, int Bytes) BuildBlock<T>(NativeBlockWriter<T> blocks, ReadOnlySpan<byte> rowBinary, int maxRows)
        where T : IClickHouseRow<T>
    {
        var reader = new RowBinaryReader(rowBinary);
        int rows = blocks.Transcode(ref reader, maxRows);
        return (rows, (int)reader.Offset);
    }
}
