using System;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryWriter
{
    /// <summary>Writes a Date: UInt16 days since 1970-01-01 (1970-01-01 to 2149-06-06).</summary>
    public void WriteDate(DateOnly value) => WriteUInt16(RowBinaryPrimitives.ToDateDays(value));

    /// <summary>Writes a Date from the date part of a DateTime.</summary>
    public void WriteDate(DateTime value) => WriteDate(DateOnly.FromDateTime(value));

    /// <summary>Writes a Date32: Int32 days since 1970-01-01 (1900-01-01 to 2299-12-31).</summary>
    public void WriteDate32(DateOnly value) => WriteInt32(RowBinaryPrimitives.ToDate32Days(value));

    /// <summary>Writes a Date32 from the date part of a DateTime.</summary>
    public void WriteDate32(DateTime value) => WriteDate32(DateOnly.FromDateTime(value));

    /// <summary>
    /// Writes a DateTime: UInt32 seconds since the Unix epoch. Local times are converted to UTC; unspecified
    /// times are taken as UTC. Fractions of a second are dropped, as ClickHouse does.
    /// </summary>
    public void WriteDateTime(DateTime value) => WriteUInt32(RowBinaryPrimitives.ToDateTimeSeconds(value));

    /// <summary>Writes a DateTime from the instant a DateTimeOffset names.</summary>
    public void WriteDateTime(DateTimeOffset value) => WriteDateTime(value.UtcDateTime);

    /// <summary>
    /// Writes a DateTime64(precision): Int64 ticks of 10^-precision seconds since the Unix epoch. Local times are
    /// converted to UTC; unspecified times are taken as UTC. Digits finer than the precision are dropped.
    /// </summary>
    public void WriteDateTime64(DateTime value, int precision)
    {
        WriteInt64(ClickHouseTime.ToDateTime64Ticks(value, precision));
    }

    /// <summary>Writes a DateTime64(precision) from the instant a DateTimeOffset names.</summary>
    public void WriteDateTime64(DateTimeOffset value, int precision) => WriteDateTime64(value.UtcDateTime, precision);

    /// <summary>Writes a Time: Int32 seconds, -999:59:59 to 999:59:59. Fractions of a second are dropped.</summary>
    public void WriteTime(TimeSpan value)
    {
        long seconds = ClickHouseTime.FloorDiv(value.Ticks, TimeSpan.TicksPerSecond);
        if (seconds < -ClickHouseTime.TimeMaxSeconds || seconds > ClickHouseTime.TimeMaxSeconds)
        {
            ThrowHelper.ThrowOutOfRange("Time", value, "-999:59:59 to 999:59:59");
        }
        WriteInt32((int)seconds);
    }

    /// <summary>Writes a Time64(precision): Int64 ticks of 10^-precision seconds. Digits finer than the precision are dropped.</summary>
    public void WriteTime64(TimeSpan value, int precision)
    {
        if (value.Ticks < -ClickHouseTime.Time64MaxTicks || value.Ticks > ClickHouseTime.Time64MaxTicks)
        {
            ThrowHelper.ThrowOutOfRange($"Time64({precision})", value, "-999:59:59.999999999 to 999:59:59.999999999");
        }
        WriteInt64(ClickHouseTime.ScaleTicks(value.Ticks, precision, "Time64"));
    }
}
