using System;
using System.Buffers.Binary;
using System.Numerics;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryWriter
{
    /// <summary>Writes an Int256: 32 bytes, two's complement, little-endian.</summary>
    public void WriteInt256(BigInteger value)
    {
        if (value.GetBitLength() > 255)
        {
            ThrowHelper.ThrowOutOfRange("Int256", value, "-2^255 to 2^255-1");
        }
        WriteWide(value, 32);
    }

    /// <summary>Writes a UInt256: 32 bytes, little-endian.</summary>
    public void WriteUInt256(BigInteger value)
    {
        if (value.Sign < 0 || value.GetBitLength() > 256)
        {
            ThrowHelper.ThrowOutOfRange("UInt256", value, "0 to 2^256-1");
        }
        WriteWide(value, 32);
    }

    private void WriteWide(BigInteger value, int size)
    {
        Span<byte> span = GetSpan(size).Slice(0, size);
        span.Fill(value.Sign < 0 ? (byte)0xFF : (byte)0);
        if (!value.TryWriteBytes(span, out _, isUnsigned: false, isBigEndian: false))
        {
            // Only an unsigned value with its top bit set lands here: its signed form needs one more byte.
            value.TryWriteBytes(span, out _, isUnsigned: true, isBigEndian: false);
        }
        _buffered += size;
    }

    /// <summary>Writes a BFloat16: the upper 16 bits of the Float32, rounded to nearest even.</summary>
    public void WriteBFloat16(float value)
    {
        uint bits = BitConverter.SingleToUInt32Bits(value);
        ushort upper;
        if (float.IsNaN(value))
        {
            // A NaN keeps its upper bits (a BFloat16 read back writes the same bytes); only one whose payload lies
            // all in the lower half gets the quiet bit, so that it does not become an infinity.
            upper = (ushort)(bits >> 16);
            if ((upper & 0x007F) == 0)
            {
                upper |= 0x0040;
            }
        }
        else
        {
            upper = (ushort)((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16);
        }
        WriteUInt16(upper);
    }

    /// <summary>Writes Decimal(precision, scale) in its 4, 8, 16 or 32 byte form. A value that needs more digits is an error.</summary>
    public void WriteDecimal(decimal value, int precision, int scale)
    {
        if (precision <= 18)
        {
            long scaled = DecimalConvert.ToInt64(value, precision, scale);
            if (precision <= 9)
            {
                WriteInt32((int)scaled);
            }
            else
            {
                WriteInt64(scaled);
            }
            return;
        }
        if (precision <= 38)
        {
            WriteInt128(DecimalConvert.ToInt128(value, precision, scale));
            return;
        }
        WriteDecimal(new ClickHouseDecimal(value), precision, scale);
    }

    /// <summary>Writes Decimal(precision, scale) from an exact decimal. A value that needs more digits is an error.</summary>
    public void WriteDecimal(ClickHouseDecimal value, int precision, int scale)
    {
        BigInteger scaled = DecimalConvert.ToScaledMantissa(value, precision, scale);
        switch (DecimalConvert.ByteSize(precision))
        {
            case 4: WriteInt32((int)scaled); break;
            case 8: WriteInt64((long)scaled); break;
            case 16: WriteInt128((Int128)scaled); break;
            default: WriteWide(scaled, 32); break;
        }
    }

    /// <summary>Writes a UUID: two little-endian UInt64 halves, the high half first.</summary>
    public void WriteUuid(Guid value)
    {
        RowBinaryPrimitives.WriteUuid(GetSpan(16), value);
        _buffered += 16;
    }
}
