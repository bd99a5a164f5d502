
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

    /// <summary>A run's values, a fixed-width or String column's values taken without a call each.</summary>
    public override void AddMany(ref RowBinaryReader values, int count)
    {
        switch (inner)
        {
            case FixedWidthColumnEncoder fixedWidth:
                for (int i = 0; i < count; i++)
                {
                    bool isNull = values.ReadNullMarker();
                    _nullMap.Append(isNull ? (byte)1 : (byte)0);
                    if (isNull)
                    {
                        fixedWidth.AddDefault();
                    }
                    else
                    {
                        fixedWidth.Add(ref values);
                    }
                }
                break;
            case StringColumnEncoder strings:
                for (int i = 0; i < count; i++)
                {
                    bool isNull = values.ReadNullMarker();
                    _nullMap.Append(isNull ? (byte)1 : (byte)0);
                    if (isNull)
                    {
                        strings.AddDefault();
                    }
                    else
                    {
                        strings.Add(ref values);
                    }
                }
                break;
            default:
                base.AddMany(ref values, count);
                break;
        }
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
