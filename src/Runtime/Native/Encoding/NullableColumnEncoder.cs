
namespace ClickHouse.RowBinary;

/// <summary>Nullable(T): the null map, then a column of T with its default under each NULL.</summary>
internal sealed class NullableColumnEncoder(ClickHouseType type, NativeColumnEncoder inner) : NativeColumnEncoder(type)
{
    private readonly NativeStream _nullMap = new();

    public override void Add(ref RowBinaryReader values)
    {
        if (values.ReadNullMarker())
        {
            AddDefault();
            return;
        }
        _nullMap.Append(0);
        inner.Add(ref values);
    }

    public override void AddDefault()
    {
        _nullMap.Append(1);
        inner.AddDefault();
    }

    public override void WritePrefix(ref RowBinaryWriter output) => inner.WritePrefix(ref output);

    public override void WriteData(ref RowBinaryWriter output)
    {
        output.WriteBytes(_nullMap.Written);
        inner.WriteData(ref output);
    }

    public override void Clear()
    {
        _nullMap.Clear();
        inner.Clear();
    }

    public override void Dispose()
    {
        _nullMap.Dispose();
        inner.Dispose();
    }
}
