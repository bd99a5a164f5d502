using System;

namespace ClickHouse.RowBinary;

/// <summary>Tuple(T1, ..), and Point: one column per element, one after the other.</summary>
internal sealed class TupleColumnDecoder(ClickHouseType type, NativeColumnDecoder[] elements) : NativeColumnDecoder(type)
{
    public override void ReadPrefix(ref NativeInput input)
    {
        foreach (NativeColumnDecoder element in elements)
        {
            element.ReadPrefix(ref input);
        }
    }

    public override bool TryReadPrefix(ref NativeInput input)
    {
        foreach (NativeColumnDecoder element in elements)
        {
            if (!element.TryReadPrefix(ref input))
            {
                return false;
            }
        }
        return true;
    }

    public override void Scan(ref NativeInput input, int count) => ScanWhole(ref input, count);

    public override bool TryScan(ref NativeInput input, int count)
    {
        foreach (NativeColumnDecoder element in elements)
        {
            if (!element.TryScan(ref input, count))
            {
                return false;
            }
        }
        return true;
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        foreach (NativeColumnDecoder element in elements)
        {
            element.CopyValue(data, ref output);
        }
    }

    private readonly bool _copiesWithoutChecks = Array.TrueForAll(elements, element => element.CopiesWithoutChecks);

    public override bool CopiesWithoutChecks => _copiesWithoutChecks;

    /// <summary>The columns of the elements.</summary>
    public ReadOnlySpan<NativeColumnDecoder> Elements => elements;

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
        foreach (NativeColumnDecoder element in elements)
        {
            element.SkipValue(data);
        }
    }
}
