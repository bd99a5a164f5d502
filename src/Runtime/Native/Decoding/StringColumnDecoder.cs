using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// A String column: a varint length, then the bytes, per value, as in RowBinary. The scan notes where every
/// <see cref="MarkStride"/>-th value starts, so that taking the rows of a batch jumps to its end instead of walking
/// every value a second time before the rows read them. A scan cut by the end of the bytes keeps where it stopped, and
/// <see cref="TryResumeScan"/> goes on from there.
/// </summary>
internal sealed class StringColumnDecoder(ClickHouseType type) : NativeColumnDecoder(type), IFlatColumnDecoder
{
    /// <summary>The values between two marks: the rows a read builds at a time, so that its batches end on marks.</summary>
    public const int MarkStride = NativeLayout.BatchRows;

    private int _cursor;
    private int[] _marks = [];
    private int _scanned;
    private int _taken;
    private int _end;
    /// <summary>The values a cut scan walked, and where the first of the rest starts; <see cref="_cursor"/> is the column's start.</summary>
    private int _cutValues = -1;
    private int _cutPosition;

    public int Cursor => _cursor;

    public override void Scan(ref NativeInput input, int count) => ScanWhole(ref input, count);

    public override bool TryScan(ref NativeInput input, int count)
    {
        _cursor = input.Position;
        _taken = 0;
        int marks = count / MarkStride;
        if (_marks.Length < marks)
        {
            _marks = new int[marks];
        }
        return ScanFrom(ref input, 0, count);
    }

    public override bool TryResumeScan(ref NativeInput input, int count)
    {
        if (_cutValues < 0 || input.Position != _cursor || _scanned != count)
        {
            return TryScan(ref input, count);
        }
        input.Skip(_cutPosition - input.Position, "String");
        return ScanFrom(ref input, _cutValues, count);
    }

    /// <summary>Walks the values after the first <paramref name="scanned"/>, noting every mark; on a cut, where it stopped.</summary>
    private bool ScanFrom(ref NativeInput input, int scanned, int count)
    {
        _scanned = count;
        for (int i = scanned + 1; i <= count; i++)
        {
            if (!input.TrySkipString("String"))
            {
                _cutValues = i - 1;
                _cutPosition = input.Position;
                return false;
            }
            if (i % MarkStride == 0)
            {
                _marks[i / MarkStride - 1] = input.Position;
            }
        }
        _cutValues = -1;
        _end = input.Position;
        return true;
    }

    public int Take(ReadOnlySpan<byte> data, int count)
    {
        int start = _cursor;
        int taken = _taken + count;
        if (taken == _scanned)
        {
            _cursor = _end;
        }
        else if (taken % MarkStride == 0)
        {
            _cursor = _marks[taken / MarkStride - 1];
        }
        else
        {
            SkipValues(data, count);
        }
        _taken = taken;
        return start;
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        int start = _cursor;
        SkipValue(data);
        output.WriteBytes(data.Slice(start, _cursor - start));
    }

    /// <summary>The values lie one after the other as RowBinary has them (a length, then the bytes): one copy.</summary>
    public override void CopyValues(ReadOnlySpan<byte> data, int count, ref RowBinaryWriter output)
    {
        int start = _cursor;
        SkipValues(data, count);
        output.WriteBytes(data.Slice(start, _cursor - start));
    }

    public override bool CopiesWithoutChecks => true;

    private void SkipValues(ReadOnlySpan<byte> data, int count)
    {
        for (int i = 0; i < count; i++)
        {
            SkipValue(data);
        }
    }

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
        int length = (int)NativeVarInt.Read(data, ref _cursor);
        _cursor += length;
    }

    /// <summary>The bytes of the next value, without its length, and moves past it.</summary>
    public ReadOnlySpan<byte> NextBytes(ReadOnlySpan<byte> data)
    {
        int length = (int)NativeVarInt.Read(data, ref _cursor);
        ReadOnlySpan<byte> bytes = data.Slice(_cursor, length);
        _cursor += length;
        return bytes;
    }
}
