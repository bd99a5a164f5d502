using System;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>
/// Array(T), and what Native lays out as one (Map, Nested, the geo types): each value's end offset as a UInt64 (the
/// number of elements up to and including it), then one column of every element.
/// </summary>
internal sealed class ArrayColumnDecoder(ClickHouseType type, NativeColumnDecoder element) : NativeColumnDecoder(type)
{
    private int _cursor;
    private ulong _previous;
    /// <summary>The arrays whose offsets the last scan checked, its elements then scanned; -1 when it did not get so far.</summary>
    private int _offsetsChecked = -1;
    private int _elementCount;

    public override void ReadPrefix(ref NativeInput input) => element.ReadPrefix(ref input);

    public override bool TryReadPrefix(ref NativeInput input) => element.TryReadPrefix(ref input);

    public override void Scan(ref NativeInput input, int count) => ScanWhole(ref input, count);

    public override bool TryScan(ref NativeInput input, int count)
    {
        _offsetsChecked = -1;
        if (input.Lacks((ulong)count * sizeof(ulong)))
        {
            return false;
        }
        _cursor = input.SkipValues(count, sizeof(ulong), $"offsets of {Type}");
        _previous = 0;
        ulong end = 0;
        ReadOnlySpan<byte> offsets = input.Data.Slice(_cursor, count * sizeof(ulong));
        for (int i = 0; i < count; i++)
        {
            ulong next = BinaryPrimitives.ReadUInt64LittleEndian(offsets.Slice(i * sizeof(ulong)));
            if (next < end)
            {
                throw input.Invalid(input.OffsetOf(_cursor + (i * sizeof(ulong))), $"offsets of {Type}", $"offset {next} is smaller than the offset {end} before it.");
            }
            end = next;
        }
        if (input.Lacks(end))
        {
            return false;
        }
        _elementCount = input.ReadCount(end, $"elements of {Type}");
        _offsetsChecked = count;
        return element.TryScan(ref input, _elementCount);
    }

    /// <summary>After a cut in the elements, the offsets checked before are passed over and the elements' scan goes on.</summary>
    public override bool TryResumeScan(ref NativeInput input, int count)
    {
        if (_offsetsChecked != count || input.Position != _cursor)
        {
            return TryScan(ref input, count);
        }
        input.SkipValues(count, sizeof(ulong), $"offsets of {Type}");
        _previous = 0;
        return element.TryResumeScan(ref input, _elementCount);
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        int count = NextCount(data);
        output.WriteVarUInt((uint)count);
        element.CopyValues(data, count, ref output);
    }

    /// <summary>
    /// Moves past the next <paramref name="count"/> arrays and says where their offsets and elements lie, when the
    /// elements are of <paramref name="valueSize"/> bytes (or Strings, for <see cref="NativeColumnParts.StringValues"/>)
    /// and lie in place; otherwise moves nothing and returns false.
    /// </summary>
    public bool TryTakeParts(ReadOnlySpan<byte> data, int count, int valueSize, out NativeColumnParts parts)
    {
        if (!NativeColumnParts.LieInPlace(element, valueSize))
        {
            parts = default;
            return false;
        }
        int offsets = _cursor;
        ulong before = _previous;
        var elements = (IFlatColumnDecoder)element;
        int start = elements.Take(data, TakeOffsets(data, count));
        parts = new NativeColumnParts(offsets, count * sizeof(ulong), start, elements.Cursor - start, before);
        return true;
    }

    /// <summary>
    /// As <see cref="TryTakeParts"/>, for a Map (an Array of Tuple(key, value)): says where the next
    /// <paramref name="count"/> maps' offsets, keys and values lie, when its keys and values are each of a fixed size
    /// or Strings and lie in place; otherwise moves nothing and returns false.
    /// </summary>
    public bool TryTakeMapParts(ReadOnlySpan<byte> data, int count, int keySize, int valueSize, out NativeColumnParts parts)
    {
        if (element is not TupleColumnDecoder { Elements: [{ } keys, { } values] }
            || !NativeColumnParts.LieInPlace(keys, keySize) || !NativeColumnParts.LieInPlace(values, valueSize))
        {
            parts = default;
            return false;
        }
        int offsets = _cursor;
        ulong before = _previous;
        int entries = TakeOffsets(data, count);
        var keyValues = (IFlatColumnDecoder)keys;
        var valueValues = (IFlatColumnDecoder)values;
        int keysStart = keyValues.Take(data, entries);
        int valuesStart = valueValues.Take(data, entries);
        parts = new NativeColumnParts(offsets, count * sizeof(ulong), keysStart, keyValues.Cursor - keysStart, before, valuesStart, valueValues.Cursor - valuesStart);
        return true;
    }

    /// <summary>Moves past the next <paramref name="count"/> arrays' offsets and returns how many elements they hold.</summary>
    private int TakeOffsets(ReadOnlySpan<byte> data, int count)
    {
        ulong before = _previous;
        ulong end = count == 0 ? before : BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(_cursor + ((count - 1) * sizeof(ulong))));
        _cursor += count * sizeof(ulong);
        _previous = end;
        return (int)(end - before);
    }

    public override bool CopiesWithoutChecks => element.CopiesWithoutChecks;

    /// <summary>A batch's arrays, their elements copied by the element column's own type, without a call per value.</summary>
    public override void CopyValues(ReadOnlySpan<byte> data, int count, ref RowBinaryWriter output)
    {
        switch (element)
        {
            case FixedWidthColumnDecoder fixedWidth:
                for (int i = 0; i < count; i++)
                {
                    int elements = NextCount(data);
                    output.WriteVarUInt((uint)elements);
                    fixedWidth.CopyValues(data, elements, ref output);
                }
                break;
            case StringColumnDecoder strings:
                for (int i = 0; i < count; i++)
                {
                    int elements = NextCount(data);
                    output.WriteVarUInt((uint)elements);
                    strings.CopyValues(data, elements, ref output);
                }
                break;
            default:
                base.CopyValues(data, count, ref output);
                break;
        }
    }

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
        int count = NextCount(data);
        for (int i = 0; i < count; i++)
        {
            element.SkipValue(data);
        }
    }

    private int NextCount(ReadOnlySpan<byte> data)
    {
        ulong end = BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(_cursor));
        _cursor += sizeof(ulong);
        int count = (int)(end - _previous);
        _previous = end;
        return count;
    }
}
