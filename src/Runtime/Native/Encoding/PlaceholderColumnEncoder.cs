
namespace ClickHouse.RowBinary;

/// <summary>Nothing and the empty Tuple: no bytes in RowBinary, the placeholder byte <c>'0'</c> per value in Native.</summary>
internal sealed class PlaceholderColumnEncoder(ClickHouseType type) : NativeColumnEncoder(type)
{
    private const byte Placeholder = (byte)'0';

    private readonly NativeStream _values = new();

    public override void Add(ref RowBinaryReader values) => _values.Append(Placeholder);

    public override void AddDefault() => _values.Append(Placeholder);

    public override void WriteData(ref RowBinaryWriter output) => output.WriteBytes(_values.Written);

    public override void Clear() => _values.Clear();

    public override void Dispose() => _values.Dispose();
}
