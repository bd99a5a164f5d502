using System;
using System.Globalization;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Renders floats the way ClickHouse prints them: the shortest digits that read back to the same value, in plain
/// notation for magnitudes from 1e-7 up to 1e21 and in exponent notation (<c>1e21</c>, <c>1.5e-7</c>) outside it.
/// </summary>
internal static class ClickHouseFloatText
{
    public static void Append(StringBuilder builder, double value)
    {
        if (!double.IsFinite(value) || value == 0)
        {
            builder.Append(Special(value, double.IsNegative(value)));
            return;
        }
        AppendShortest(builder, value.ToString("R", CultureInfo.InvariantCulture));
    }

    public static void Append(StringBuilder builder, float value)
    {
        if (!float.IsFinite(value) || value == 0)
        {
            builder.Append(Special(value, float.IsNegative(value)));
            return;
        }
        AppendShortest(builder, value.ToString("R", CultureInfo.InvariantCulture));
    }

    public static string Format(double value)
    {
        var builder = new StringBuilder(24);
        Append(builder, value);
        return builder.ToString();
    }

    public static string Format(float value)
    {
        var builder = new StringBuilder(16);
        Append(builder, value);
        return builder.ToString();
    }

    private static string Special(double value, bool negative)
    {
        if (double.IsNaN(value))
        {
            return "nan";
        }
        if (double.IsInfinity(value))
        {
            return negative ? "-inf" : "inf";
        }
        return negative ? "-0" : "0";
    }

    /// <summary>Re-lays out .NET's shortest round-trip text ("1.5E-07", "123.25") in ClickHouse's notation.</summary>
    private static void AppendShortest(StringBuilder builder, string roundTrip)
    {
        ReadOnlySpan<char> text = roundTrip;
        if (text[0] == '-')
        {
            builder.Append('-');
            text = text.Slice(1);
        }
        int exponent = 0;
        int e = text.IndexOfAny('E', 'e');
        if (e >= 0)
        {
            exponent = int.Parse(text.Slice(e + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            text = text.Slice(0, e);
        }

        // Collect the significant digits and the position of the decimal point relative to them.
        Span<char> digits = stackalloc char[text.Length];
        int count = 0;
        int pointPosition = -1;
        foreach (char c in text)
        {
            if (c == '.')
            {
                pointPosition = count;
            }
            else
            {
                digits[count++] = c;
            }
        }
        if (pointPosition < 0)
        {
            pointPosition = count;
        }
        int leading = 0;
        while (leading < count - 1 && digits[leading] == '0')
        {
            leading++;
        }
        int trailing = count;
        while (trailing > leading + 1 && digits[trailing - 1] == '0')
        {
            trailing--;
        }
        ReadOnlySpan<char> significant = digits.Slice(leading, trailing - leading);

        // The value is 0.<significant> * 10^n.
        int n = pointPosition - leading + exponent;
        int k = significant.Length;
        if (k <= n && n <= 21)
        {
            builder.Append(significant).Append('0', n - k);
        }
        else if (0 < n && n <= 21)
        {
            builder.Append(significant.Slice(0, n)).Append('.').Append(significant.Slice(n));
        }
        else if (-6 < n && n <= 0)
        {
            builder.Append("0.").Append('0', -n).Append(significant);
        }
        else
        {
            builder.Append(significant[0]);
            if (k > 1)
            {
                builder.Append('.').Append(significant.Slice(1));
            }
            builder.Append('e').Append((n - 1).ToString(CultureInfo.InvariantCulture));
        }
    }
}
