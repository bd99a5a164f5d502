using System;
using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryWriter
{
    /// <summary>Writes an IPv4 address as a little-endian UInt32 (1.2.3.4 is 04 03 02 01). IPv4-mapped IPv6 addresses are accepted.</summary>
    public void WriteIPv4(IPAddress value)
    {
        ArgumentNullException.ThrowIfNull(value);
        if (value.AddressFamily != AddressFamily.InterNetwork)
        {
            if (!value.IsIPv4MappedToIPv6)
            {
                throw new RowBinaryException($"The address {value} is not an IPv4 address.", clickHouseType: "IPv4");
            }
            value = value.MapToIPv4();
        }
        Span<byte> bytes = stackalloc byte[4];
        value.TryWriteBytes(bytes, out _);
        WriteUInt32(BinaryPrimitives.ReadUInt32BigEndian(bytes));
    }

    /// <summary>Writes an IPv4 address given as its UInt32 value (1.2.3.4 is 0x01020304).</summary>
    public void WriteIPv4(uint value) => WriteUInt32(value);

    /// <summary>Writes an IPv6 address: 16 bytes in network order. IPv4 addresses are written IPv4-mapped.</summary>
    public void WriteIPv6(IPAddress value)
    {
        ArgumentNullException.ThrowIfNull(value);
        Span<byte> span = GetSpan(16).Slice(0, 16);
        if (value.AddressFamily == AddressFamily.InterNetwork)
        {
            // IPv4-mapped (::ffff:a.b.c.d), written in place: MapToIPv6 would make an address per value.
            span.Slice(0, 10).Clear();
            span[10] = 0xFF;
            span[11] = 0xFF;
            value.TryWriteBytes(span.Slice(12), out _);
        }
        else
        {
            value.TryWriteBytes(span, out _);
        }
        _buffered += 16;
    }
}
