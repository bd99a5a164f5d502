
namespace ClickHouse.RowBinary;

/// <summary>A column of values of one size: their RowBinary bytes one after the other.</summary>
internal sealed class FixedWidthColumnEncoder(ClickHouseType type, int size) : NativeColumnEncoder(type)
{
    private readonly NativeStream _values = new();
    private readonly string _what = type.ToString();

    /// <summary>The bytes of a value.</summary>
    public int Size => size;

    /// <summary>The values taken so far, for a caller that appends a value's bytes itself (<see cref="NativeStream.AppendValue"/>).</summary>
    public NativeStream Values => _values;

    public override void Add(ref RowBinaryReader values) => _values.AppendFrom(ref values, size, _what);

    public override void AddMany(ref RowBinaryReader values, int count) => _values.AppendFrom(ref values, checked(count * size), _what);

    public override void AddDefault() => _values.AppendZeros(size);

    public override void WriteData(ref RowBinaryWriter output) => output.WriteBytes(_values.Written);

    public override void Clear() => _values.Clear();

    public override void Dispose() => _values.Dispose();
}
