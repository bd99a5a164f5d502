using System.Text;

namespace ClickHouse.RowBinary.Generator.Tests.Hostile;

/// <summary>Builds hand-made RowBinary: varints, strings and binary type codes, as an attacker would.</summary>
internal sealed class WireBytes
{
    private readonly List<byte> _bytes = [];

    public int Length => _bytes.Count;

    public WireBytes Raw(params byte[] bytes)
    {
        _bytes.AddRange(bytes);
        return this;
    }

    public WireBytes Repeat(int times, params byte[] bytes)
    {
        for (int i = 0; i < times; i++)
        {
            _bytes.AddRange(bytes);
        }
        return this;
    }

    public WireBytes VarUInt(ulong value)
    {
        do
        {
            byte b = (byte)(value & 0x7F);
            value >>= 7;
            _bytes.Add(value == 0 ? b : (byte)(b | 0x80));
        }
        while (value != 0);
        return this;
    }

    public WireBytes String(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        VarUInt((ulong)utf8.Length);
        _bytes.AddRange(utf8);
        return this;
    }

    public WireBytes Int64(long value) => Raw(BitConverter.GetBytes(value));

    public WireBytes UInt32(uint value) => Raw(BitConverter.GetBytes(value));

    public byte[] ToArray() => [.. _bytes];
}
