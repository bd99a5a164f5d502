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

    public override void SkipValue(ReadOnlySpan<byte> data) => _cursor += size;
}
