using System;
using System.Buffers.Binary;
using System.Net;
using System.Numerics;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryReader
{
    public BigInteger ReadInt256()
    {
        Span<byte> bytes = stackalloc byte[32];
        ReadBytes(bytes, "Int256");
        return new BigInteger(bytes, isUnsigned: false, isBigEndian: false);
    }

    public BigInteger ReadUInt256()
    {
        Span<byte> bytes = stackalloc byte[32];
        ReadBytes(bytes, "UInt256");
        return new BigInteger(bytes, isUnsigned: true, isBigEndian: false);
    }

    /// <summary>Reads a BFloat16 as the Float32 it is the upper half of.</summary>
    public float ReadBFloat16() => BitConverter.UInt32BitsToSingle((uint)ReadUInt16() << 16);

    /// <summary>Reads Decimal(precision, scale) as a .NET decimal; a value decimal cannot hold exactly is an error.</summary>
    public decimal ReadDecimal(int precision, int scale)
    {
        switch (DecimalConvert.ByteSize(precision))
        {
            case 4: return DecimalConvert.FromInt64(ReadInt32(), scale);
            case 8: return DecimalConvert.FromInt64(ReadInt64(), scale);
            case 16:
                {
                    long offset = Offset;
                    Int128 raw = ReadInt128();
                    try
                    {
                        return DecimalConvert.FromInt128(raw, scale);
                    }
                    catch (RowBinaryException e)
                    {
                        throw new RowBinaryException($"Invalid {DecimalConvert.TypeName(precision, scale)} at byte offset {offset}: {e.Message}", offset, DecimalConvert.TypeName(precision, scale));
                    }
                }
            default:
                {
                    long offset = Offset;
                    ClickHouseDecimal value = ReadClickHouseDecimal(precision, scale);
                    if (!DecimalConvert.TryToDecimal(value.Mantissa, value.Scale, out decimal result))
                    {
                        ThrowHelper.ThrowInvalid(offset, DecimalConvert.TypeName(precision, scale), $"the value {value} does not fit System.Decimal exactly; map the column to ClickHouseDecimal.");
                    }
                    return result;
                }
        }
    }

    /// <summary>Reads Decimal(precision, scale) exactly.</summary>
    public ClickHouseDecimal ReadClickHouseDecimal(int precision, int scale)
    {
        BigInteger mantissa = DecimalConvert.ByteSize(precision) switch
        {
            4 => ReadInt32(),
            8 => ReadInt64(),
            16 => (BigInteger)ReadInt128(),
            _ => ReadInt256(),
        };
        return new ClickHouseDecimal(mantissa, scale);
    }

    /// <summary>Reads a UUID: two little-endian UInt64 halves, the high half first.</summary>
    public Guid ReadUuid()
    {
        ulong high = ReadUInt64();
        return RowBinaryPrimitives.UuidFromHalves(high, ReadUInt64());
    }

    /// <summary>Reads an IPv4 address (a little-endian UInt32).</summary>
    public IPAddress ReadIPv4()
    {
        Span<byte> bytes = stackalloc byte[4];
        BinaryPrimitives.WriteUInt32BigEndian(bytes, ReadUInt32());
        return new IPAddress(bytes);
    }

    /// <summary>Reads an IPv6 address (16 bytes in network order).</summary>
    public IPAddress ReadIPv6()
    {
        Span<byte> bytes = stackalloc byte[16];
        ReadBytes(bytes, "IPv6");
        return new IPAddress(bytes);
    }
}
