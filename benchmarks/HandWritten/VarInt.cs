using System;
using System.IO;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary.Benchmarks.HandWritten;

/// <summary>Unsigned LEB128, the way ClickHouse frames lengths, written by hand over spans.</summary>
public static class VarInt
{
    public const int MaxLengthBytes = 5; // a 32-bit length

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Size(uint value) => value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x20_0000 ? 3 : value < 0x1000_0000 ? 4 : 5;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Write(Span<byte> destination, uint value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }
        destination[i++] = (byte)value;
        return i;
    }

    /// <summary>Reads a length at <paramref name="position"/> and moves past it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ReadLength(ReadOnlySpan<byte> source, ref int position)
    {
        byte first = source[position];
        if (first < 0x80)
        {
            position++;
            return first;
        }
        return ReadLengthSlow(source, ref position);
    }

    private static int ReadLengthSlow(ReadOnlySpan<byte> source, ref int position)
    {
        uint result = 0;
        for (int shift = 0; shift < 35; shift += 7)
        {
            byte b = source[position++];
            result |= (uint)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return result <= int.MaxValue ? (int)result : throw new InvalidDataException($"A length of {result} at byte {position} is too large.");
            }
        }
        throw new InvalidDataException($"A length varint ending at byte {position} is longer than 5 bytes.");
    }

    /// <summary>
    /// Reads a length when the whole varint is inside <paramref name="source"/>; false when it may continue
    /// beyond (a streaming reader then waits for more data).
    /// </summary>
    public static bool TryReadLength(ReadOnlySpan<byte> source, ref int position, out int length)
    {
        int end = Math.Min(source.Length, position + MaxLengthBytes);
        for (int i = position; i < end; i++)
        {
            if (source[i] < 0x80)
            {
                length = ReadLength(source, ref position);
                return true;
            }
        }
        if (end - position == MaxLengthBytes)
        {
            throw new InvalidDataException($"A length varint at byte {position} is longer than 5 bytes.");
        }
        length = 0;
        return false;
    }
}
