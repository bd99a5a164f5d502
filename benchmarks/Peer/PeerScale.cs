using System;
using System.Collections.Generic;
using System.Linq;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// Rows per data set: the 1,000,000 <c>web_visits</c> rows; the wide rows are about 4x larger, so 250,000;
/// ClickBench's <c>hits</c> rows about 10x larger again (about 500 bytes), so 100,000.
/// </summary>
public static class PeerScale
{
    public static int Rows(PeerDataSet dataSet)
        => BenchmarkScale.Rows(dataSet switch
        {
            PeerDataSet.Wide => 250_000,
            PeerDataSet.Hits or PeerDataSet.HitsDistinctStrings => 100_000,
            _ => 1_000_000,
        });

    /// <summary>Names the data sets the peer read and insert suites run (comma-separated), for a run of a few: all when unset.</summary>
    public const string DataSetsVariable = "ROWBINARY_PEER_DATA_SETS";

    /// <summary>The data sets of <see cref="DataSetsVariable"/>, or all; benchmark processes inherit the variable, so they see the same list.</summary>
    public static IEnumerable<PeerDataSet> DataSets()
        => Environment.GetEnvironmentVariable(DataSetsVariable) is { Length: > 0 } names
            ? names.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(Enum.Parse<PeerDataSet>).ToArray()
            : Enum.GetValues<PeerDataSet>();
}
