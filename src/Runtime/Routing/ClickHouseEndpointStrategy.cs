namespace ClickHouse.RowBinary;

/// <summary>How a <see cref="ClickHouseClient"/> with several endpoints picks the one for each request, among those not down.</summary>
public enum ClickHouseEndpointStrategy
{
    /// <summary>Each request goes to the next endpoint in turn: load spread evenly over replicas (the default).</summary>
    RoundRobin,

    /// <summary>Each request goes to the first endpoint of the list that is not down: a primary with fallbacks.</summary>
    InOrder,

    /// <summary>Each request goes to an endpoint picked at random: load spread by many clients without coordination.</summary>
    Random,
}
