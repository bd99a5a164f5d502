using System;
using System.Globalization;
using System.Numerics;

namespace ClickHouse.RowBinary;

/// <summary>
/// An exact decimal of up to 76 digits: <see cref="Mantissa"/> / 10^<see cref="Scale"/>. The default .NET
/// type for ClickHouse Decimal(P, S) with P above 28, where <see cref="decimal"/> cannot hold every value.
/// Equality is numeric: 1.5 equals 1.50.
/// </summary>
public readonly struct ClickHouseDecimal : IEquatable<ClickHouseDecimal>, IComparable<ClickHouseDecimal>, IFormattable
{
    public ClickHouseDecimal(BigInteger mantissa, int scale)
    {
        if (scale < 0 || scale > 76)
        {
            throw new ArgumentOutOfRangeException(nameof(scale), scale, "The scale must be between 0 and 76.");
        }
        Mantissa = mantissa;
        Scale = scale;
    }

    public ClickHouseDecimal(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        var magnitude = new BigInteger((uint)bits[0]) | (new BigInteger((uint)bits[1]) << 32) | (new BigInteger((uint)bits[2]) << 64);
        Mantissa = bits[3] < 0 ? -magnitude : magnitude;
        Scale = (bits[3] >> 16) & 0xFF;
    }

    /// <summary>The unscaled integer value.</summary>
    public BigInteger Mantissa { get; }

    /// <summary>The number of decimal digits after the point.</summary>
    public int Scale { get; }

    public static implicit operator ClickHouseDecimal(decimal value) => new(value);

    /// <summary>Converts to <see cref="decimal"/>; throws <see cref="OverflowException"/> when it cannot hold the value exactly.</summary>
    public static explicit operator decimal(ClickHouseDecimal value)
        => DecimalConvert.TryToDecimal(value.Mantissa, value.Scale, out decimal result)
            ? result
            : throw new OverflowException($"{value} does not fit System.Decimal exactly.");

    /// <summary>The same value with <paramref name="scale"/> digits after the point; false when digits would be lost.</summary>
    public bool TryRescale(int scale, out ClickHouseDecimal result)
    {
        if (scale == Scale)
        {
            result = this;
            return true;
        }
        if (scale > Scale)
        {
            result = new ClickHouseDecimal(Mantissa * DecimalConvert.PowerOfTen(scale - Scale), scale);
            return true;
        }
        BigInteger quotient = BigInteger.DivRem(Mantissa, DecimalConvert.PowerOfTen(Scale - scale), out BigInteger remainder);
        result = new ClickHouseDecimal(quotient, scale);
        return remainder.IsZero;
    }

    public static ClickHouseDecimal Parse(string text) => Parse(text.AsSpan());

    /// <summary>Parses invariant decimal text such as <c>-123.456</c>; exponents are not accepted.</summary>
    public static ClickHouseDecimal Parse(ReadOnlySpan<char> text)
    {
        ReadOnlySpan<char> trimmed = text.Trim();
        int point = trimmed.IndexOf('.');
        int scale = point < 0 ? 0 : trimmed.Length - point - 1;
        string digits = point < 0 ? trimmed.ToString() : string.Concat(trimmed.Slice(0, point), trimmed.Slice(point + 1));
        if (digits.Length == 0 || digits is "-" or "+" || !BigInteger.TryParse(digits, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out BigInteger mantissa))
        {
            throw new FormatException($"'{text.ToString()}' is not a decimal number.");
        }
        return new ClickHouseDecimal(mantissa, scale);
    }

    public override string ToString() => ToString(null, CultureInfo.InvariantCulture);

    public string ToString(string? format, IFormatProvider? formatProvider)
    {
        string digits = BigInteger.Abs(Mantissa).ToString(CultureInfo.InvariantCulture);
        string sign = Mantissa.Sign < 0 ? "-" : "";
        if (Scale == 0)
        {
            return sign + digits;
        }
        digits = digits.PadLeft(Scale + 1, '0');
        return sign + digits.Substring(0, digits.Length - Scale) + "." + digits.Substring(digits.Length - Scale);
    }

    public int CompareTo(ClickHouseDecimal other)
    {
        int scale = Math.Max(Scale, other.Scale);
        return (Mantissa * BigInteger.Pow(10, scale - Scale)).CompareTo(other.Mantissa * BigInteger.Pow(10, scale - other.Scale));
    }

    public bool Equals(ClickHouseDecimal other) => CompareTo(other) == 0;

    public override bool Equals(object? obj) => obj is ClickHouseDecimal other && Equals(other);

    public override int GetHashCode()
    {
        BigInteger mantissa = Mantissa;
        int scale = Scale;
        while (scale > 0 && (mantissa % 10).IsZero)
        {
            mantissa /= 10;
            scale--;
        }
        return HashCode.Combine(mantissa, scale);
    }

    public static bool operator ==(ClickHouseDecimal left, ClickHouseDecimal right) => left.Equals(right);

    public static bool operator !=(ClickHouseDecimal left, ClickHouseDecimal right) => !left.Equals(right);

    public static bool operator <(ClickHouseDecimal left, ClickHouseDecimal right) => left.CompareTo(right) < 0;

    public static bool operator >(ClickHouseDecimal left, ClickHouseDecimal right) => left.CompareTo(right) > 0;

    public static bool operator <=(ClickHouseDecimal left, ClickHouseDecimal right) => left.CompareTo(right) <= 0;

    public static bool operator >=(ClickHouseDecimal left, ClickHouseDecimal right) => left.CompareTo(right) >= 0;
}
