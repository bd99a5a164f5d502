using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace ClickHouse.RowBinary;

/// <summary>
/// Records measurements so that a listener never breaks the code that measures: a <see cref="MeterListener"/>'s
/// callback runs inside <c>Add</c> and <c>Record</c>, and one that throws would otherwise fail an insert that succeeded,
/// or leave a batch's callers waiting. The measurement is dropped and the failure reported on
/// <see cref="ClickHouseEventSource"/>.
/// </summary>
internal static class SafeMeasurements
{
    public static void SafeAdd(this Counter<long> counter, long value, in TagList tags)
    {
        try
        {
            counter.Add(value, tags);
        }
        catch (Exception e)
        {
            ClickHouseEventSource.Log.InstrumentListenerFailed(counter.Name, e.ToString());
        }
    }

    public static void SafeAdd(this UpDownCounter<long> counter, long value, in TagList tags)
    {
        try
        {
            counter.Add(value, tags);
        }
        catch (Exception e)
        {
            ClickHouseEventSource.Log.InstrumentListenerFailed(counter.Name, e.ToString());
        }
    }

    public static void SafeRecord(this Histogram<long> histogram, long value, in TagList tags)
    {
        try
        {
            histogram.Record(value, tags);
        }
        catch (Exception e)
        {
            ClickHouseEventSource.Log.InstrumentListenerFailed(histogram.Name, e.ToString());
        }
    }

    public static void SafeRecord(this Histogram<double> histogram, double value, in TagList tags)
    {
        try
        {
            histogram.Record(value, tags);
        }
        catch (Exception e)
        {
            ClickHouseEventSource.Log.InstrumentListenerFailed(histogram.Name, e.ToString());
        }
    }

    /// <summary>
    /// Starts a span; an <see cref="ActivityListener"/> that throws when one starts (sampling it, or told it started) is
    /// reported, not passed on: the request goes on without its span, and <see cref="Activity.Current"/> is what it was.
    /// </summary>
    public static Activity? SafeStartActivity(this ActivitySource source, string name, ActivityKind kind, IEnumerable<ActivityLink>? links)
    {
        Activity? current = Activity.Current;
        try
        {
            return source.StartActivity(name, kind, parentContext: default, tags: null, links: links);
        }
        catch (Exception e)
        {
            Activity.Current = current;
            ClickHouseEventSource.Log.InstrumentListenerFailed(name, e.ToString());
            return null;
        }
    }

    /// <summary>Ends a span; an <see cref="ActivityListener"/> that throws when it stops is reported, not passed on.</summary>
    public static void SafeStop(this Activity activity)
    {
        try
        {
            activity.Dispose();
        }
        catch (Exception e)
        {
            ClickHouseEventSource.Log.InstrumentListenerFailed(activity.OperationName, e.ToString());
        }
    }
}
