using System;
using System.Buffers;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>One stream of a Native column being built (a null map, offsets, keys, values): bytes appended in order.</summary>
internal sealed class NativeStream
{
    private readonly ArrayBufferWriter<byte> _bytes = new();

    public ReadOnlySpan<byte> Written => _bytes.WrittenSpan;

    public int Length => _bytes.WrittenCount;

    public void Append(byte value)
    {
        _bytes.GetSpan(1)[0] = value;
        _bytes.Advance(1);
    }

    public void Append(ReadOnlySpan<byte> bytes) => _bytes.Write(bytes);

    public void AppendUInt64(ulong value)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(_bytes.GetSpan(sizeof(ulong)), value);
        _bytes.Advance(sizeof(ulong));
    }

    public void AppendVarUInt(ulong value)
    {
        Span<byte> span = _bytes.GetSpan(10);
        int i = 0;
        while (value >= 0x80)
        {
            span[i++] = (byte)(value | 0x80);
            value >>= 7;
        }
        span[i++] = (byte)value;
        _bytes.Advance(i);
    }

    /// <summary>Copies the next <paramref name="count"/> bytes of <paramref name="values"/> to the end of the stream.</summary>
    public void AppendFrom(ref RowBinaryReader values, int count, string what)
    {
        values.ReadBytes(_bytes.GetSpan(count).Slice(0, count), what);
        _bytes.Advance(count);
    }

    public void Clear() => _bytes.ResetWrittenCount();
}
