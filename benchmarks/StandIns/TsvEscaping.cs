using System;
using System.Buffers;

namespace ClickHouse.RowBinary.Benchmarks.StandIns;

/// <summary>The characters ClickHouse's TabSeparated format escapes with a backslash.</summary>
public static class TsvEscaping
{
    public static readonly SearchValues<char> SpecialChars = SearchValues.Create("\\\t\n\r\0\b\f'");
    public static readonly SearchValues<byte> SpecialBytes = SearchValues.Create("\\\t\n\r\0\b\f'"u8);

    public static char EscapeLetter(char c) => c switch
    {
        '\t' => 't',
        '\n' => 'n',
        '\r' => 'r',
        '\0' => '0',
        '\b' => 'b',
        '\f' => 'f',
        _ => c, // backslash and quote are escaped as themselves
    };

    public static byte UnescapeLetter(byte c) => c switch
    {
        (byte)'t' => (byte)'\t',
        (byte)'n' => (byte)'\n',
        (byte)'r' => (byte)'\r',
        (byte)'0' => 0,
        (byte)'b' => (byte)'\b',
        (byte)'f' => (byte)'\f',
        _ => c,
    };

    /// <summary>Unescapes a field that contains a backslash into <paramref name="destination"/>; returns its length.</summary>
    public static int Unescape(ReadOnlySpan<byte> field, Span<byte> destination)
    {
        int written = 0;
        for (int i = 0; i < field.Length; i++)
        {
            byte b = field[i];
            if (b == (byte)'\\')
            {
                if (++i == field.Length)
                {
                    throw new FormatException("A TabSeparated field ends with a lone backslash.");
                }
                b = UnescapeLetter(field[i]);
            }
            destination[written++] = b;
        }
        return written;
    }
}
