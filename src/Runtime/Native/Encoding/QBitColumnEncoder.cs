using System;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>QBit(T, N[, stride]): every value's elements taken apart into bit planes (<see cref="QBitPlanes"/>).</summary>
internal sealed class QBitColumnEncoder : NativeColumnEncoder
{
    private readonly QBitPlanes _layout;
    private readonly NativeStream[] _planes;
    private readonly byte[] _row;
    private readonly string _what;

    public QBitColumnEncoder(ClickHouseType type)
        : base(type)
    {
        _layout = new QBitPlanes(type);
        _planes = new NativeStream[_layout.Planes];
        for (int i = 0; i < _planes.Length; i++)
        {
            _planes[i] = new NativeStream();
        }
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
        for (int plane = 0; plane < _planes.Length; plane++)
        {
            _planes[plane].Append(_row.AsSpan(plane * _layout.PlaneBytes, _layout.PlaneBytes));
        }
    }

    public override void AddDefault()
    {
        Array.Clear(_row);
        for (int plane = 0; plane < _planes.Length; plane++)
        {
            _planes[plane].Append(_row.AsSpan(0, _layout.PlaneBytes));
        }
    }

    public override void WriteData(ref RowBinaryWriter output)
    {
        foreach (NativeStream plane in _planes)
        {
            output.WriteBytes(plane.Written);
        }
    }

    public override void Clear()
    {
        foreach (NativeStream plane in _planes)
        {
            plane.Clear();
        }
    }
}
