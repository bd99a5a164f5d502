using System;
using System.Numerics;

namespace ClickHouse.RowBinary;

/// <summary>Exact conversions between .NET decimals and ClickHouse's scaled two's-complement integers.</summary>
internal static class DecimalConvert
{
    private static readonly UInt128[] s_powersOfTen = CreatePowersOfTen();

    /// <summary>10^0 to 10^76 and their negations: the bounds of every Decimal precision, made once (a large BigInteger allocates).</summary>
    private static readonly BigInteger[] s_bigPowersOfTen = CreateBigPowersOfTen(1);
    private static readonly BigInteger[] s_negativeBigPowersOfTen = CreateBigPowersOfTen(-1);

    /// <summary>10^<paramref name="exponent"/>, made once for the exponents of Decimal's precisions.</summary>
    public static BigInteger PowerOfTen(int exponent)
        => exponent < s_bigPowersOfTen.Length ? s_bigPowersOfTen[exponent] : BigInteger.Pow(10, exponent);

    private static BigInteger[] CreateBigPowersOfTen(int sign)
    {
        var powers = new BigInteger[77];
        for (int i = 0; i < powers.Length; i++)
        {
            powers[i] = sign * BigInteger.Pow(10, i);
        }
        return powers;
    }

    private static UInt128[] CreatePowersOfTen()
    {
        var powers = new UInt128[39];
        powers[0] = 1;
        for (int i = 1; i < powers.Length; i++)
        {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }

    public static int ByteSize(int precision) => precision switch
    {
        <= 9 => 4,
        <= 18 => 8,
        <= 38 => 16,
        _ => 32,
    };

    public static string TypeName(int precision, int scale) => $"Decimal({precision}, {scale})";

    public static long ToInt64(decimal value, int precision, int scale)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        int valueScale = (bits[3] >> 16) & 0xFF;
        if (bits[2] == 0 && valueScale == scale)
        {
            ulong magnitude = (uint)bits[0] | ((ulong)(uint)bits[1] << 32);
            if (magnitude < (ulong)s_powersOfTen[precision])
            {
                return bits[3] < 0 ? -(long)magnitude : (long)magnitude;
            }
        }
        return (long)ToInt128(value, precision, scale);
    }

    public static Int128 ToInt128(decimal value, int precision, int scale)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        UInt128 magnitude = new UInt128((uint)bits[2], (uint)bits[0] | ((ulong)(uint)bits[1] << 32));
        int valueScale = (bits[3] >> 16) & 0xFF;
        if (valueScale > scale)
        {
            UInt128 divisor = s_powersOfTen[valueScale - scale];
            if (magnitude % divisor != 0)
            {
                ThrowPrecisionLoss(value, precision, scale);
            }
            magnitude /= divisor;
        }
        else if (valueScale < scale)
        {
            UInt128 factor = s_powersOfTen[scale - valueScale];
            if (magnitude > UInt128.MaxValue / factor)
            {
                ThrowDoesNotFit(value, precision, scale);
            }
            magnitude *= factor;
        }
        if (magnitude >= s_powersOfTen[precision])
        {
            ThrowDoesNotFit(value, precision, scale);
        }
        return bits[3] < 0 ? -(Int128)magnitude : (Int128)magnitude;
    }

    public static BigInteger ToScaledMantissa(ClickHouseDecimal value, int precision, int scale)
    {
        if (!value.TryRescale(scale, out ClickHouseDecimal rescaled))
        {
            ThrowPrecisionLoss(value, precision, scale);
        }
        BigInteger mantissa = rescaled.Mantissa;
        if (mantissa >= s_bigPowersOfTen[precision] || mantissa <= s_negativeBigPowersOfTen[precision])
        {
            ThrowDoesNotFit(value, precision, scale);
        }
        return mantissa;
    }

    public static decimal FromInt64(long scaled, int scale)
    {
        ulong magnitude = scaled < 0 ? (ulong)-scaled : (ulong)scaled;
        return new decimal((int)(uint)magnitude, (int)(uint)(magnitude >> 32), 0, scaled < 0, (byte)scale);
    }

    /// <summary>Converts a scaled mantissa to decimal; false when decimal cannot hold it exactly.</summary>
    public static bool TryToDecimal(BigInteger mantissa, int scale, out decimal result)
    {
        while (scale > 28 && !mantissa.IsZero && (mantissa % 10).IsZero)
        {
            mantissa /= 10;
            scale--;
        }
        if (mantissa.IsZero)
        {
            result = 0m;
            return true;
        }
        BigInteger magnitude = BigInteger.Abs(mantissa);
        if (scale > 28 || magnitude.GetBitLength() > 96)
        {
            result = default;
            return false;
        }
        var low = (uint)(magnitude & uint.MaxValue);
        var mid = (uint)((magnitude >> 32) & uint.MaxValue);
        var high = (uint)(magnitude >> 64);
        result = new decimal((int)low, (int)mid, (int)high, mantissa.Sign < 0, (byte)scale);
        return true;
    }

    public static decimal FromInt128(Int128 scaled, int scale)
    {
        UInt128 magnitude = scaled < 0 ? (UInt128)(-scaled) : (UInt128)scaled;
        if (scale <= 28 && magnitude >> 96 == 0)
        {
            return new decimal((int)(uint)magnitude, (int)(uint)(magnitude >> 32), (int)(uint)(magnitude >> 64), scaled < 0, (byte)scale);
        }
        return TryToDecimal((BigInteger)scaled, scale, out decimal result)
            ? result
            : throw new RowBinaryException($"The value {new ClickHouseDecimal((BigInteger)scaled, scale)} does not fit System.Decimal exactly; map the column to ClickHouseDecimal.");
    }

    private static void ThrowPrecisionLoss(object value, int precision, int scale)
        => throw new RowBinaryException($"The value {value} has more than {scale} digits after the point and would lose digits in {TypeName(precision, scale)}.", clickHouseType: TypeName(precision, scale));

    private static void ThrowDoesNotFit(object value, int precision, int scale)
        => throw new RowBinaryException($"The value {value} does not fit {TypeName(precision, scale)}: at most {precision - scale} digits before the point.", clickHouseType: TypeName(precision, scale));
}
