using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>Rows per data set: the 1,000,000 <c>web_visits</c> rows; the wide rows are about 4x larger, so 250,000.</summary>
public static class PeerScale
{
    public static int Rows(PeerDataSet dataSet)
        => BenchmarkScale.Rows(dataSet == PeerDataSet.Wide ? 250_000 : 1_000_000);
}
