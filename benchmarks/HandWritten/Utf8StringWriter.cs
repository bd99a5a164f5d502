using System;
using System.Runtime.CompilerServices;
using System.Text;

namespace ClickHouse.RowBinary.Benchmarks.HandWritten;

/// <summary>A RowBinary String written by hand: the UTF-8 length as a varint, then the UTF-8 bytes.</summary>
public static class Utf8StringWriter
{
    /// <summary>The most bytes <see cref="Write"/> needs for <paramref name="value"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int MaxBytes(string value) => VarInt.MaxLengthBytes + (value.Length + 1) * 3;

    /// <summary>
    /// Writes <paramref name="value"/> into <paramref name="destination"/>, which holds at least
    /// <see cref="MaxBytes"/>. One transcoding pass: the bytes go after a one-byte length slot and move only in
    /// the rare case that the length needs a longer varint.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Write(Span<byte> destination, string value)
    {
        int written = Encoding.UTF8.GetBytes(value, destination.Slice(1));
        if (written < 0x80)
        {
            destination[0] = (byte)written;
            return written + 1;
        }
        return MoveAfterLongLength(destination, written);
    }

    private static int MoveAfterLongLength(Span<byte> destination, int written)
    {
        int prefix = VarInt.Size((uint)written);
        destination.Slice(1, written).CopyTo(destination.Slice(prefix)); // overlapping copies are memmove
        VarInt.Write(destination, (uint)written);
        return prefix + written;
    }
}
