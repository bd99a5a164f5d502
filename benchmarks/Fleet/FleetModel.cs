using System;

namespace ClickHouse.RowBinary.Benchmarks.Fleet;

/// <summary>
/// docs/scaling.md's model of the INSERTs a fleet of batch inserters sends: each instance seals a batch when it holds
/// <c>MaxRows</c> rows or when its first row has waited <c>MaxDelay</c>; the next row then opens the next batch, on
/// average 1/r later for r rows a second.
/// </summary>
public static class FleetModel
{
    /// <summary>INSERTs a second one instance sends, receiving <paramref name="rowsPerSecond"/> rows a second.</summary>
    public static double InsertsPerSecond(double rowsPerSecond, TimeSpan maxDelay, int maxRows)
    {
        if (rowsPerSecond <= 0)
        {
            return 0;
        }
        double filledIn = maxRows / rowsPerSecond;
        return filledIn <= maxDelay.TotalSeconds ? rowsPerSecond / maxRows : 1 / (maxDelay.TotalSeconds + 1 / rowsPerSecond);
    }

    /// <summary>INSERTs a second into one table of a fleet of <paramref name="instances"/>.</summary>
    public static double FleetInsertsPerSecond(int instances, double rowsPerSecond, TimeSpan maxDelay, int maxRows)
        => instances * InsertsPerSecond(rowsPerSecond, maxDelay, maxRows);

    /// <summary>
    /// INSERTs (new parts) a second on each shard: an INSERT into a shard's local table, the endpoints taken in turn, makes
    /// one part on one shard; an INSERT into a Distributed table whose rows span every shard makes one on each.
    /// </summary>
    public static double PartsPerSecondPerShard(double fleetInsertsPerSecond, int shards, bool throughDistributed)
        => throughDistributed ? fleetInsertsPerSecond : fleetInsertsPerSecond / shards;
}
