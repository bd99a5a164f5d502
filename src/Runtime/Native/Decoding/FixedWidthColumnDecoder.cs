using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>A column of values of one size (numbers, dates, UUIDs, FixedString): the same bytes in Native and RowBinary.</summary>
internal sealed class FixedWidthColumnDecoder(ClickHouseType type, int size) : NativeColumnDecoder(type), IFlatColumnDecoder
{
    private int _cursor;

    public int Cursor => _cursor;

    /// <summary>The size of a value.</summary>
    public int Size => size;

    public override void Scan(ref NativeInput input, int count) => _cursor = input.SkipValues(count, size, Type.ToString());

    public override bool TryScan(ref NativeInput input, int count)
    {
        if (input.Lacks((ulong)count * (ulong)size))
        {
            return false;
        }
        Scan(ref input, count);
        return true;
    }

    public int Take(ReadOnlySpan<byte> data, int count)
    {
        int start = _cursor;
        _cursor += count * size;
        return start;
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        output.WriteBytes(data.Slice(_cursor, size));
        _cursor += size;
    }

    /// <summary>The values lie one after the other as RowBinary has them: one copy.</summary>
    public override void CopyValues(ReadOnlySpan<byte> data, int count, ref RowBinaryWriter output)
    {
        output.WriteBytes(data.Slice(_cursor, count * size));
        _cursor += count * size;
    }

    public override bool CopiesWithoutChecks => true;

    public override void SkipValue(ReadOnlySpan<byte> data) => _cursor += size;

    /// <summary>
    /// Writes the next values as RowBinary's Nullable values under the null map <paramref name="nulls"/>: each value's
    /// marker, then the value unless it is NULL (the placeholder under a NULL is passed over).
    /// </summary>
    public void CopyNullable(ReadOnlySpan<byte> data, ReadOnlySpan<byte> nulls, ref RowBinaryWriter output)
    {
        int valueBytes = nulls.Length * size;
        ReadOnlySpan<byte> values = data.Slice(_cursor, valueBytes);
        int total = nulls.Length + ((nulls.Length - nulls.Count((byte)1)) * size);
        Span<byte> span = output.GetSpan(total).Slice(0, total);
        int at = 0;
        for (int i = 0; i < nulls.Length; i++)
        {
            byte isNull = nulls[i];
            span[at++] = isNull;
            if (isNull == 0)
            {
                CopyOne(values.Slice(i * size, size), span.Slice(at, size));
                at += size;
            }
        }
        output.Advance(total);
        _cursor += valueBytes;
    }

    private static void CopyOne(ReadOnlySpan<byte> value, Span<byte> destination)
    {
        switch (value.Length)
        {
            case sizeof(uint):
                Unsafe.WriteUnaligned(ref MemoryMarshal.GetReference(destination), Unsafe.ReadUnaligned<uint>(ref MemoryMarshal.GetReference(value)));
                break;
            case sizeof(ulong):
                Unsafe.WriteUnaligned(ref MemoryMarshal.GetReference(destination), Unsafe.ReadUnaligned<ulong>(ref MemoryMarshal.GetReference(value)));
                break;
            default:
                value.CopyTo(destination);
                break;
        }
    }
}
