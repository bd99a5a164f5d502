using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.HandWritten;

/// <summary><see cref="FixedWidthRow"/> in RowBinary by hand, one BinaryPrimitives call per column.</summary>
public static class FixedWidthSpanCodec
{
    private const int ChunkSize = 64 * 1024;

    public static void Write(IBufferWriter<byte> output, ReadOnlySpan<FixedWidthRow> rows)
    {
        Span<byte> span = output.GetSpan(ChunkSize);
        int position = 0;
        foreach (ref readonly FixedWidthRow row in rows)
        {
            if (span.Length - position < FixedWidthRow.SizeInBytes)
            {
                output.Advance(position);
                span = output.GetSpan(ChunkSize);
                position = 0;
            }
            Span<byte> target = span.Slice(position, FixedWidthRow.SizeInBytes);
            BinaryPrimitives.WriteUInt64LittleEndian(target, row.Id);
            BinaryPrimitives.WriteUInt64LittleEndian(target.Slice(8), row.Timestamp);
            BinaryPrimitives.WriteUInt64LittleEndian(target.Slice(16), row.Count);
            BinaryPrimitives.WriteUInt64LittleEndian(target.Slice(24), row.Flags);
            BinaryPrimitives.WriteDoubleLittleEndian(target.Slice(32), row.Min);
            BinaryPrimitives.WriteDoubleLittleEndian(target.Slice(40), row.Max);
            BinaryPrimitives.WriteDoubleLittleEndian(target.Slice(48), row.Sum);
            BinaryPrimitives.WriteDoubleLittleEndian(target.Slice(56), row.Mean);
            position += FixedWidthRow.SizeInBytes;
        }
        output.Advance(position);
    }

    public static void ReadAll(ReadOnlySpan<byte> data, List<FixedWidthRow> destination)
    {
        if (data.Length % FixedWidthRow.SizeInBytes != 0)
        {
            throw new ArgumentException($"{data.Length} bytes are not a whole number of {FixedWidthRow.SizeInBytes}-byte rows.", nameof(data));
        }
        for (int position = 0; position < data.Length; position += FixedWidthRow.SizeInBytes)
        {
            ReadOnlySpan<byte> source = data.Slice(position, FixedWidthRow.SizeInBytes);
            destination.Add(new FixedWidthRow(
                BinaryPrimitives.ReadUInt64LittleEndian(source),
                BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(8)),
                BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(16)),
                BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(24)),
                BinaryPrimitives.ReadDoubleLittleEndian(source.Slice(32)),
                BinaryPrimitives.ReadDoubleLittleEndian(source.Slice(40)),
                BinaryPrimitives.ReadDoubleLittleEndian(source.Slice(48)),
                BinaryPrimitives.ReadDoubleLittleEndian(source.Slice(56))));
        }
    }
}
