
namespace ClickHouse.RowBinary;

/// <summary>Array(T), and what Native lays out as one: each value's end offset as a UInt64, then the elements' column.</summary>
internal sealed class ArrayColumnEncoder(ClickHouseType type, NativeColumnEncoder element) : NativeColumnEncoder(type)
{
    private readonly NativeStream _offsets = new();
    private readonly string _what = type.ToString();
    private ulong _end;

    public override void Add(ref RowBinaryReader values) => element.AddMany(ref values, NextCount(ref values));

    /// <summary>A run's arrays, their elements taken by the element column's own type, without a call each.</summary>
    public override void AddMany(ref RowBinaryReader values, int count)
    {
        switch (element)
        {
            case FixedWidthColumnEncoder fixedWidth:
                for (int i = 0; i < count; i++)
                {
                    fixedWidth.AddMany(ref values, NextCount(ref values));
                }
                break;
            case StringColumnEncoder strings:
                for (int i = 0; i < count; i++)
                {
                    strings.AddMany(ref values, NextCount(ref values));
                }
                break;
            default:
                base.AddMany(ref values, count);
                break;
        }
    }

    /// <summary>Reads an array's count and notes its end.</summary>
    private int NextCount(ref RowBinaryReader values)
    {
        int count = values.ReadLength(_what);
        _end += (uint)count;
        _offsets.AppendUInt64(_end);
        return count;
    }

    public override void AddDefault() => _offsets.AppendUInt64(_end);

    public override void WritePrefix(ref RowBinaryWriter output) => element.WritePrefix(ref output);

    public override void WriteData(ref RowBinaryWriter output)
    {
        output.WriteBytes(_offsets.Written);
        element.WriteData(ref output);
    }

    public override void Clear()
    {
        _offsets.Clear();
        _end = 0;
        element.Clear();
    }

    public override void Dispose()
    {
        _offsets.Dispose();
        element.Dispose();
    }
}
