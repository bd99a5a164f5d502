namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>The unit of an Interval held by a TimeSpan: one of those with a fixed length.</summary>
internal enum IntervalUnit
{
    None,
    Nanosecond,
    Microsecond,
    Millisecond,
    Second,
    Minute,
    Hour,
    Day,
    Week,
}
