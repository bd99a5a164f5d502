namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>The result sets the peer suites replay, each recorded from ClickHouse 26.9 (see <see cref="PeerRecordings"/>).</summary>
public enum PeerDataSet
{
    /// <summary><c>web_visits</c> rows whose URLs repeat: 1,000 distinct ones, as analytics data repeats itself.</summary>
    WebVisits,

    /// <summary>The same columns with every URL distinct.</summary>
    UniqueUrls,

    /// <summary>23 columns: Nullable, LowCardinality, Array, Map, DateTime64, Decimal, UUID, IPv4 and more.</summary>
    Wide,

    /// <summary>ClickBench's <c>hits</c> row (105 columns) with the real data's mix of strings: ten String columns of many values, the rest of few (<see cref="PeerHits"/>).</summary>
    Hits,

    /// <summary>The <c>hits</c> row with every String column of many values.</summary>
    HitsDistinctStrings,
}
