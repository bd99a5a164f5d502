using System;

namespace ClickHouse.RowBinary;

/// <summary>A column of values of one size (numbers, dates, UUIDs, FixedString): the same bytes in Native and RowBinary.</summary>
internal sealed class FixedWidthColumnDecoder(ClickHouseType type, int size) : NativeColumnDecoder(type), IFlatColumnDecoder
{
    private int _cursor;

    public int Cursor => _cursor;

    public override void Scan(ref NativeInput input, int count) => _cursor = input.SkipValues(count, size, Type.ToString());

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

    public override void SkipValue(ReadOnlySpan<byte> data) => _cursor += size;
}
