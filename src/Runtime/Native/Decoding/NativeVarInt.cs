using System;

namespace ClickHouse.RowBinary;

/// <summary>Varints of data already scanned (so known to be whole and at most 10 bytes long).</summary>
internal static class NativeVarInt
{
    public static ulong Read(ReadOnlySpan<byte> data, ref int position)
    {
        ulong result = 0;
        for (int shift = 0; ; shift += 7)
        {
            byte b = data[position++];
            result |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return result;
            }
        }
    }
}
