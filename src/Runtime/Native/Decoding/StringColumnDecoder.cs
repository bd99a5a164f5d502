using System;

namespace ClickHouse.RowBinary;

/// <summary>A String column: a varint length, then the bytes, per value, as in RowBinary.</summary>
internal sealed class StringColumnDecoder(ClickHouseType type) : NativeColumnDecoder(type), IFlatColumnDecoder
{
    private int _cursor;

    public int Cursor => _cursor;

    public override void Scan(ref NativeInput input, int count)
    {
        _cursor = input.Position;
        for (int i = 0; i < count; i++)
        {
            input.SkipString("String");
        }
    }

    public int Take(ReadOnlySpan<byte> data, int count)
    {
        int start = _cursor;
        for (int i = 0; i < count; i++)
        {
            SkipValue(data);
        }
        return start;
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        int start = _cursor;
        SkipValue(data);
        output.WriteBytes(data.Slice(start, _cursor - start));
    }

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
        int length = (int)NativeVarInt.Read(data, ref _cursor);
        _cursor += length;
    }

    /// <summary>The bytes of the next value, without its length, and moves past it.</summary>
    public ReadOnlySpan<byte> NextBytes(ReadOnlySpan<byte> data)
    {
        int length = (int)NativeVarInt.Read(data, ref _cursor);
        ReadOnlySpan<byte> bytes = data.Slice(_cursor, length);
        _cursor += length;
        return bytes;
    }
}
