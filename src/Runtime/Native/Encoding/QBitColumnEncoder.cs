using System;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>QBit(T, N[, stride]): every value's elements taken apart into bit planes (<see cref="QBitPlanes"/>).</summary>
internal sealed class QBitColumnEncoder : NativeColumnEncoder
{
    private readonly QBitPlanes _layout;
    /// <summary>Each value's planes, one value after the other; written plane by plane (one pooled stream, not one per plane).</summary>
    private readonly NativeStream _values = new();
    private int _count;
    private readonly byte[] _row;
    private readonly string _what;

    public QBitColumnEncoder(ClickHouseType type)
        : base(type)
    {
        _layout = new QBitPlanes(type);
        _row = new byte[_layout.Planes * _layout.PlaneBytes];
        _what = type.ToString();
    }

    public override void Add(ref RowBinaryReader values)
    {
        int dimension = values.ReadQBitLength(_layout.Dimension, _what, _layout.ElementBytes);
        Array.Clear(_row);
        Span<byte> element = stackalloc byte[sizeof(ulong)];
        element.Clear();
        for (int i = 0; i < dimension; i++)
        {
            values.ReadBytes(element.Slice(0, _layout.ElementBytes), _what);
            ulong bits = BinaryPrimitives.ReadUInt64LittleEndian(element);
            (int firstPlane, int at, byte mask) = _layout.Locate(i);
            for (int bit = 0; bits != 0; bit++, bits >>= 1)
            {
                if ((bits & 1) != 0)
                {
                    int plane = firstPlane + _layout.ElementBits - 1 - bit;
                    _row[(plane * _layout.PlaneBytes) + at] |= mask;
                }
            }
        }
        _values.Append(_row);
        _count++;
    }

    public override void AddDefault()
    {
        Array.Clear(_row);
        _values.Append(_row);
        _count++;
    }

    public override void WriteData(ref RowBinaryWriter output)
    {
        ReadOnlySpan<byte> values = _values.Written;
        int planeBytes = _layout.PlaneBytes;
        for (int plane = 0; plane < _layout.Planes; plane++)
        {
            Span<byte> column = output.GetSpan(_count * planeBytes);
            for (int value = 0; value < _count; value++)
            {
                values.Slice((value * _row.Length) + (plane * planeBytes), planeBytes).CopyTo(column.Slice(value * planeBytes));
            }
            output.Advance(_count * planeBytes);
        }
    }

    public override void Clear()
    {
        _values.Clear();
        _count = 0;
    }

    public override void Dispose()
    {
        _values.Dispose();
    }
}
