using System;
using ClickHouse.RowBinary;

namespace Samples.Temporal;

/// <summary>Dates, times, instants and intervals.</summary>
[ClickHouseRow]
public partial struct Timings
{
    public DateOnly Date { get; set; }

    [ClickHouseColumn(Type = "Date32")]
    public DateOnly Date32 { get; set; }

    [ClickHouseColumn(Type = "Date")]
    public DateTime DateAsDateTime { get; set; }

    [ClickHouseColumn(Type = "DateTime")]
    public DateTime DateTime { get; set; }

    [ClickHouseColumn(Type = "DateTime('Asia/Tokyo')")]
    public DateTimeOffset DateTimeOffset { get; set; }

    public DateTime DefaultDateTime64 { get; set; }

    public DateTimeOffset DefaultOffset { get; set; }

    [ClickHouseColumn(Type = "DateTime64(9, 'UTC')")]
    public long RawNanoseconds { get; set; }

    [ClickHouseColumn(Type = "Time")]
    public TimeSpan Time { get; set; }

    [ClickHouseColumn(Type = "Time64(3)")]
    public TimeSpan Time64 { get; set; }

    public TimeSpan DefaultTimeSpan { get; set; }

    [ClickHouseColumn(Type = "IntervalDay")]
    public long Days { get; set; }

    [ClickHouseColumn(Type = "IntervalSecond")]
    public TimeSpan Timeout { get; set; }

    [ClickHouseColumn(Type = "IntervalNanosecond")]
    public TimeSpan Precise { get; set; }
}
