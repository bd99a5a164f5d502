using System;

namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>One fleet size under one set of options: what the clients and the servers saw.</summary>
public sealed record FleetMeasurement(
    FleetSettings Settings,
    int Instances,
    double Seconds,
    long RowsAcknowledged,
    long RowsFailed,
    long Attempts,
    long Retries,
    long RetriedAfterTooManyParts,
    long SlowInsertSignals,
    long NewParts,
    long Merges,
    long PeakActiveParts,
    long DelayedInserts,
    long RejectedInserts,
    double P50Milliseconds,
    double P99Milliseconds,
    TimeSpan WidestDelay,
    double PredictedInsertsPerSecond,
    int Shards,
    long StoredRows,
    long StoredDistinct)
{
    public double RowsPerSecond => RowsAcknowledged / Seconds;

    public double InsertsPerSecond => Attempts / Seconds;

    public double PartsPerSecond => NewParts / Seconds;

    public double MergesPerSecond => Merges / Seconds;

    /// <summary>New parts a second on each shard, measured (the INSERTs go to the shards' local tables).</summary>
    public double PartsPerSecondPerShard => PartsPerSecond / Shards;

    /// <summary>New parts a second on each shard, as the model predicts from <see cref="PredictedInsertsPerSecond"/>.</summary>
    public double PredictedPartsPerSecondPerShard => FleetModel.PartsPerSecondPerShard(PredictedInsertsPerSecond, Shards, throughDistributed: false);

    /// <summary>The servers delayed or refused an INSERT of this run.</summary>
    public bool Pressured => DelayedInserts > 0 || RejectedInserts > 0;

    /// <summary>Every acknowledged row is in the table, once; none that failed is.</summary>
    public bool ExactlyOnce => StoredRows == RowsAcknowledged && StoredDistinct == StoredRows;

    /// <summary>Every row landed exactly once and none failed: what the suite's exit status stands for.</summary>
    public bool Succeeded => ExactlyOnce && RowsFailed == 0;
}
