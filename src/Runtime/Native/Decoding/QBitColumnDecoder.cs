using System;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>
/// QBit(T, N[, stride]): bit planes (<see cref="QBitPlanes"/>), put back together into each value's elements. Every
/// bit pattern is a vector, so the scan only checks that the planes are there.
/// </summary>
internal sealed class QBitColumnDecoder(ClickHouseType type) : NativeColumnDecoder(type)
{
    private readonly QBitPlanes _layout = new(type);
    private int _start;
    private int _rows;
    private int _row;

    public override void Scan(ref NativeInput input, int count)
    {
        _start = input.SkipValues(count, _layout.Planes * _layout.PlaneBytes, Type.ToString());
        _rows = count;
        _row = 0;
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        output.WriteVarUInt((uint)_layout.Dimension);
        Span<byte> element = stackalloc byte[sizeof(ulong)];
        int planeStride = _rows * _layout.PlaneBytes;
        int rowStart = _start + (_row * _layout.PlaneBytes);
        for (int i = 0; i < _layout.Dimension; i++)
        {
            (int firstPlane, int at, byte mask) = _layout.Locate(i);
            ulong bits = 0;
            for (int bit = 0; bit < _layout.ElementBits; bit++)
            {
                int plane = firstPlane + _layout.ElementBits - 1 - bit;
                if ((data[rowStart + (plane * planeStride) + at] & mask) != 0)
                {
                    bits |= 1UL << bit;
                }
            }
            BinaryPrimitives.WriteUInt64LittleEndian(element, bits);
            output.WriteBytes(element.Slice(0, _layout.ElementBytes));
        }
        _row++;
    }

    public override void SkipValue(ReadOnlySpan<byte> data) => _row++;
}
