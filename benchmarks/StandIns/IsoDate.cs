using System;

namespace ClickHouse.RowBinary.Benchmarks.StandIns;

/// <summary>Parses the <c>YYYY-MM-DD</c> dates ClickHouse prints, from UTF-8, with no intermediate string.</summary>
public static class IsoDate
{
    public static DateOnly Parse(ReadOnlySpan<byte> text)
    {
        if (text.Length != 10 || text[4] != (byte)'-' || text[7] != (byte)'-')
        {
            throw new FormatException("A date is not in the form YYYY-MM-DD.");
        }
        return new DateOnly(Digits(text.Slice(0, 4)), Digits(text.Slice(5, 2)), Digits(text.Slice(8, 2)));
    }

    private static int Digits(ReadOnlySpan<byte> text)
    {
        int value = 0;
        foreach (byte b in text)
        {
            uint digit = (uint)(b - '0');
            if (digit > 9)
            {
                throw new FormatException("A date is not in the form YYYY-MM-DD.");
            }
            value = value * 10 + (int)digit;
        }
        return value;
    }
}
