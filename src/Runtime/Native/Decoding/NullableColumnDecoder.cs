using System;

namespace ClickHouse.RowBinary;

/// <summary>Nullable(T): a null map (a byte per value, 1 for NULL), then a column of T holding a placeholder under each NULL.</summary>
internal sealed class NullableColumnDecoder(ClickHouseType type, NativeColumnDecoder inner) : NativeColumnDecoder(type)
{
    private int _cursor;
    /// <summary>The values the last scan's null map was whole for, its values then scanned; -1 when it did not get so far.</summary>
    private int _mapChecked = -1;

    public override void ReadPrefix(ref NativeInput input) => inner.ReadPrefix(ref input);

    public override bool TryReadPrefix(ref NativeInput input) => inner.TryReadPrefix(ref input);

    public override void Scan(ref NativeInput input, int count) => ScanWhole(ref input, count);

    public override bool TryScan(ref NativeInput input, int count)
    {
        _mapChecked = -1;
        if (input.Lacks((ulong)count))
        {
            return false;
        }
        _cursor = input.Skip(count, "null map");
        int invalid = input.Data.Slice(_cursor, count).IndexOfAnyExcept((byte)0, (byte)1);
        if (invalid >= 0)
        {
            throw input.Invalid(input.OffsetOf(_cursor + invalid), $"null map of {Type}", $"expected 0 or 1, found 0x{input.Data[_cursor + invalid]:X2}.");
        }
        _mapChecked = count;
        return inner.TryScan(ref input, count);
    }

    /// <summary>After a cut in the values, the null map checked before is passed over and the values' scan goes on.</summary>
    public override bool TryResumeScan(ref NativeInput input, int count)
    {
        if (_mapChecked != count || input.Position != _cursor)
        {
            return TryScan(ref input, count);
        }
        input.Skip(count, "null map");
        return inner.TryResumeScan(ref input, count);
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        byte isNull = data[_cursor++];
        output.WriteUInt8(isNull);
        if (isNull != 0)
        {
            inner.SkipValue(data);
        }
        else
        {
            inner.CopyValue(data, ref output);
        }
    }

    /// <summary>
    /// Moves past the next <paramref name="count"/> values and says where their null map and values lie, when the values
    /// are of <paramref name="valueSize"/> bytes (or Strings, for <see cref="NativeColumnParts.StringValues"/>) and lie
    /// in place; otherwise moves nothing and returns false.
    /// </summary>
    public bool TryTakeParts(ReadOnlySpan<byte> data, int count, int valueSize, out NativeColumnParts parts)
    {
        if (!NativeColumnParts.LieInPlace(inner, valueSize))
        {
            parts = default;
            return false;
        }
        int map = _cursor;
        _cursor += count;
        var values = (IFlatColumnDecoder)inner;
        int start = values.Take(data, count);
        parts = new NativeColumnParts(map, count, start, values.Cursor - start, ElementsBefore: 0);
        return true;
    }

    public override bool CopiesWithoutChecks => inner.CopiesWithoutChecks;

    /// <summary>A batch's values: a fixed-width column's null map read once and its values copied without a call each.</summary>
    public override void CopyValues(ReadOnlySpan<byte> data, int count, ref RowBinaryWriter output)
    {
        if (inner is not FixedWidthColumnDecoder fixedWidth)
        {
            base.CopyValues(data, count, ref output);
            return;
        }
        ReadOnlySpan<byte> nulls = data.Slice(_cursor, count);
        _cursor += count;
        fixedWidth.CopyNullable(data, nulls, ref output);
    }

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
        _cursor++;
        inner.SkipValue(data);
    }
}
