namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>The one-row answer of <c>SELECT count() FROM web_visits</c> as a row type: the typed one-row query a scalar is measured against.</summary>
[ClickHouseRow]
public sealed partial class PeerCount
{
    [ClickHouseColumn("count()")]
    public ulong Count { get; set; }
}
