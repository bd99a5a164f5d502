using System;

namespace ClickHouse.RowBinary;

/// <summary>A String column: a varint length, then the bytes, per value.</summary>
internal sealed class StringColumnEncoder(ClickHouseType type) : NativeColumnEncoder(type)
{
    private readonly NativeStream _values = new();

    /// <summary>The values taken so far, for a caller that appends a value as it lies in RowBinary itself.</summary>
    public NativeStream Values => _values;

    public override void Add(ref RowBinaryReader values)
    {
        // Native lays a String out as RowBinary does: a value that lies whole in the input is copied as it lies.
        if (values.TryReadShortString(out ReadOnlySpan<byte> encoded))
        {
            _values.Append(encoded);
            return;
        }
        int length = values.ReadLength("String");
        _values.AppendVarUInt((uint)length);
        _values.AppendFrom(ref values, length, "String");
    }

    public override void AddMany(ref RowBinaryReader values, int count)
    {
        if (values.TryReadStrings(count, out ReadOnlySpan<byte> encoded))
        {
            _values.Append(encoded);
            return;
        }
        base.AddMany(ref values, count);
    }

    public override void AddDefault() => _values.Append(0);

    public override void WriteData(ref RowBinaryWriter output) => output.WriteBytes(_values.Written);

    public override void Clear() => _values.Clear();

    public override void Dispose() => _values.Dispose();
}
