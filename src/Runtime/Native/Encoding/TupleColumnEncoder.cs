
namespace ClickHouse.RowBinary;

/// <summary>Tuple(T1, ..), and Point: one column per element, one after the other.</summary>
internal sealed class TupleColumnEncoder(ClickHouseType type, NativeColumnEncoder[] elements) : NativeColumnEncoder(type)
{
    public override void Add(ref RowBinaryReader values)
    {
        foreach (NativeColumnEncoder element in elements)
        {
            element.Add(ref values);
        }
    }

    public override void AddDefault()
    {
        foreach (NativeColumnEncoder element in elements)
        {
            element.AddDefault();
        }
    }

    public override void WritePrefix(ref RowBinaryWriter output)
    {
        foreach (NativeColumnEncoder element in elements)
        {
            element.WritePrefix(ref output);
        }
    }

    public override void WriteData(ref RowBinaryWriter output)
    {
        foreach (NativeColumnEncoder element in elements)
        {
            element.WriteData(ref output);
        }
    }

    public override void Clear()
    {
        foreach (NativeColumnEncoder element in elements)
        {
            element.Clear();
        }
    }

    public override void Dispose()
    {
        foreach (NativeColumnEncoder element in elements)
        {
            element.Dispose();
        }
    }
}
