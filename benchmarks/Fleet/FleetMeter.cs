using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Threading;

namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>
/// What the fleet's inserters report on the <c>ClickHouse.RowBinary</c> meter for one table: INSERT attempts (each an
/// HTTP INSERT, <c>db.client.operation.duration</c>), retries, those after code 252, and slow INSERTs (adaptive only).
/// </summary>
public sealed class FleetMeter : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly string _table;
    private long _attempts;
    private long _retries;
    private long _tooManyParts;
    private long _slowInserts;

    public FleetMeter(string table)
    {
        _table = table;
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == ClickHouseDiagnostics.MeterName
                && instrument.Name is "db.client.operation.duration" or "clickhouse.inserter.retries" or "clickhouse.inserter.pressure")
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<double>((instrument, _, tags, _) => Count(instrument.Name, tags));
        _listener.SetMeasurementEventCallback<long>((instrument, _, tags, _) => Count(instrument.Name, tags));
        _listener.Start();
    }

    public long Attempts => Interlocked.Read(ref _attempts);

    public long Retries => Interlocked.Read(ref _retries);

    public long RetriedAfterTooManyParts => Interlocked.Read(ref _tooManyParts);

    public long SlowInserts => Interlocked.Read(ref _slowInserts);

    public void Dispose() => _listener.Dispose();

    private void Count(string instrument, ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        bool ours = false, insert = false;
        string? signal = null, error = null;
        foreach (KeyValuePair<string, object?> tag in tags)
        {
            switch (tag.Key)
            {
                case "db.collection.name":
                    ours = Equals(tag.Value, _table);
                    break;
                case "db.operation.name":
                    insert = Equals(tag.Value, "INSERT");
                    break;
                case "clickhouse.pressure.signal":
                    signal = tag.Value as string;
                    break;
                case "error.type":
                    error = tag.Value as string;
                    break;
            }
        }
        if (!ours)
        {
            return;
        }
        switch (instrument)
        {
            case "db.client.operation.duration" when insert:
                Interlocked.Increment(ref _attempts);
                break;
            case "clickhouse.inserter.retries":
                Interlocked.Increment(ref _retries);
                if (error == "252")
                {
                    Interlocked.Increment(ref _tooManyParts);
                }
                break;
            case "clickhouse.inserter.pressure" when signal == "slow_insert":
                Interlocked.Increment(ref _slowInserts);
                break;
        }
    }
}
