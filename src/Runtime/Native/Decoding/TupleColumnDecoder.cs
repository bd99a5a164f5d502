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

    /// <summary>Where the last scan started, the element it was cut in and where that element starts; -1 when not cut.</summary>
    private int _start;
    private int _cutElement = -1;
    private int _cutElementStart;
    private int _count;

    public override bool TryScan(ref NativeInput input, int count)
    {
        _start = input.Position;
        _count = count;
        return ScanFrom(ref input, 0, resumed: false);
    }

    /// <summary>After a cut, the elements scanned whole before are passed over and the cut one's scan goes on.</summary>
    public override bool TryResumeScan(ref NativeInput input, int count)
    {
        if (_cutElement < 0 || _count != count || input.Position != _start)
        {
            return TryScan(ref input, count);
        }
        input.Skip(_cutElementStart - input.Position, $"elements of {Type}");
        return ScanFrom(ref input, _cutElement, resumed: true);
    }

    private bool ScanFrom(ref NativeInput input, int first, bool resumed)
    {
        _cutElement = -1;
        for (int e = first; e < elements.Length; e++)
        {
            int start = input.Position;
            bool whole = resumed && e == first ? elements[e].TryResumeScan(ref input, _count) : elements[e].TryScan(ref input, _count);
            if (!whole)
            {
                _cutElement = e;
                _cutElementStart = start;
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
