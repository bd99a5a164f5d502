using System;

namespace ClickHouse.RowBinary;

/// <summary>Conversions between .NET time values and ClickHouse's day and tick counts.</summary>
internal static class ClickHouseTime
{
    public const int UnixEpochDayNumber = 719162; // new DateOnly(1970, 1, 1).DayNumber
    public const int Date32MinDays = -25567;       // 1900-01-01
    public const int Date32MaxDays = 120529;       // 2299-12-31
    public const long TimeMaxSeconds = 999 * 3600 + 59 * 60 + 59;
    public const long Time64MaxTicks = (TimeMaxSeconds + 1) * TimeSpan.TicksPerSecond - 1;

    private static readonly long[] s_powersOfTen =
    [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    ];

    /// <summary>A Date: UInt16 days since 1970-01-01 (any UInt16 is a valid date).</summary>
    public static DateOnly FromDateDays(ushort days) => DateOnly.FromDayNumber(UnixEpochDayNumber + days);

    /// <summary>A DateTime: UInt32 seconds since the Unix epoch, as UTC (any UInt32 is a valid instant).</summary>
    public static DateTime FromDateTimeSeconds(uint seconds)
        => new(DateTime.UnixEpoch.Ticks + seconds * TimeSpan.TicksPerSecond, DateTimeKind.Utc);

    public static long UnixTicks(DateTime value)
    {
        if (value.Kind == DateTimeKind.Local)
        {
            value = value.ToUniversalTime();
        }
        return value.Ticks - DateTime.UnixEpoch.Ticks;
    }

    public static long FloorDiv(long value, long divisor)
    {
        long quotient = Math.DivRem(value, divisor, out long remainder);
        return remainder < 0 ? quotient - 1 : quotient;
    }

    public static long ToDateTime64Ticks(DateTime value, int precision)
        => ScaleTicks(UnixTicks(value), precision, "DateTime64");

    /// <summary>
    /// Converts .NET ticks (10^-7 s) to ticks of 10^-precision s, flooring finer digits. <paramref name="family"/>
    /// ("DateTime64", "Time64") names the type in the error; the full name is built only then, so that a write
    /// allocates nothing.
    /// </summary>
    public static long ScaleTicks(long ticks, int precision, string family)
    {
        if ((uint)precision > 9)
        {
            throw new ArgumentOutOfRangeException(nameof(precision), precision, "The precision must be between 0 and 9.");
        }
        if (precision <= 7)
        {
            return FloorDiv(ticks, s_powersOfTen[7 - precision]);
        }
        long factor = s_powersOfTen[precision - 7];
        long scaled;
        try
        {
            scaled = checked(ticks * factor);
        }
        catch (OverflowException)
        {
            ThrowHelper.ThrowOutOfRange($"{family}({precision})", new DateTime(Math.Clamp(ticks + DateTime.UnixEpoch.Ticks, 0, DateTime.MaxValue.Ticks), DateTimeKind.Utc).ToString("O", null), "1677-09-21 00:12:43.145224192 to 2262-04-11 23:47:16.854775807 UTC at precision 9");
            throw;
        }
        return scaled;
    }

    /// <summary>Converts ticks of 10^-precision s to .NET ticks, flooring digits finer than 100 ns; false on overflow.</summary>
    public static bool TryUnscaleTicks(long ticks, int precision, out long result)
    {
        if ((uint)precision > 9)
        {
            throw new ArgumentOutOfRangeException(nameof(precision), precision, "The precision must be between 0 and 9.");
        }
        if (precision > 7)
        {
            result = FloorDiv(ticks, s_powersOfTen[precision - 7]);
            return true;
        }
        long factor = s_powersOfTen[7 - precision];
        result = ticks * factor;
        return ticks == 0 || (result / factor == ticks && Math.Sign(result) == Math.Sign(ticks));
    }
}
