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
}
