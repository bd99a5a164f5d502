using System;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryReader
{
    public DateOnly ReadDate() => ClickHouseTime.FromDateDays(ReadUInt16());

    public DateOnly ReadDate32()
    {
        long offset = Offset;
        int days = ReadInt32();
        if (days < ClickHouseTime.Date32MinDays || days > ClickHouseTime.Date32MaxDays)
        {
            ThrowHelper.ThrowInvalid(offset, "Date32", $"{days} days is outside 1900-01-01 to 2299-12-31.");
        }
        return DateOnly.FromDayNumber(ClickHouseTime.UnixEpochDayNumber + days);
    }

    /// <summary>Reads a DateTime as a UTC <see cref="DateTime"/>.</summary>
    public DateTime ReadDateTime() => ClickHouseTime.FromDateTimeSeconds(ReadUInt32());

    /// <summary>Reads a DateTime64(precision) as a UTC <see cref="DateTime"/>; digits finer than 100 ns are dropped.</summary>
    public DateTime ReadDateTime64(int precision)
    {
        long offset = Offset;
        long raw = ReadInt64();
        if (!ClickHouseTime.TryUnscaleTicks(raw, precision, out long ticks)
            || (ulong)(ticks += DateTime.UnixEpoch.Ticks) > (ulong)DateTime.MaxValue.Ticks)
        {
            ThrowHelper.ThrowInvalid(offset, $"DateTime64({precision})", $"{raw} is outside the range of System.DateTime (0001-01-01 to 9999-12-31); read the column as long to get the raw ticks.");
        }
        return new DateTime(ticks, DateTimeKind.Utc);
    }

    /// <summary>Reads a Time (Int32 seconds).</summary>
    public TimeSpan ReadTime() => TimeSpan.FromTicks(ReadInt32() * TimeSpan.TicksPerSecond);

    /// <summary>Reads a Time64(precision); digits finer than 100 ns are dropped.</summary>
    public TimeSpan ReadTime64(int precision)
    {
        long offset = Offset;
        long raw = ReadInt64();
        if (!ClickHouseTime.TryUnscaleTicks(raw, precision, out long ticks))
        {
            ThrowHelper.ThrowInvalid(offset, $"Time64({precision})", $"{raw} is outside the range of System.TimeSpan.");
        }
        return TimeSpan.FromTicks(ticks);
    }
}
