using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Nothing (under <c>Nullable(Nothing)</c>) and the empty Tuple: no bytes in RowBinary, one placeholder byte per value
/// in Native.
/// </summary>
internal sealed class PlaceholderColumnDecoder(ClickHouseType type) : NativeColumnDecoder(type)
{
    public override void Scan(ref NativeInput input, int count) => input.Skip(count, Type.ToString());

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
    }

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
    }
}
