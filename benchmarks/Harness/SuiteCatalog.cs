using System;
using System.Linq;
using ClickHouse.RowBinary.Benchmarks.Suites;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>The suites, in the order.</summary>
public static class SuiteCatalog
{
    public static readonly Type[] InMemory =
    [
        typeof(WebVisitWriteBenchmarks),
        typeof(WebVisitReadBenchmarks),
        typeof(FixedWidthWriteBenchmarks),
        typeof(FixedWidthReadBenchmarks),
        typeof(CollectionRowBenchmarks),
        typeof(StringWriteBenchmarks),
        typeof(StringReadBenchmarks),
        typeof(LargeRowStreamingBenchmarks),
        typeof(InsertFramingBenchmarks),
        typeof(FormatBenchmarks),
    ];

    /// <summary>Our client against ClickHouse.Driver over the in-process replay server: no live server needed.</summary>
    public static readonly Type[] Peer =
    [
        typeof(PeerInsertBenchmarks),
        typeof(PeerReadBenchmarks),
        typeof(PeerScalarBenchmarks),
        typeof(PeerDataReaderBenchmarks),
        typeof(PeerSmallQueryBenchmarks),
    ];

    public static readonly Type[] EndToEnd =
    [
        typeof(EndToEndInsertBenchmarks),
        typeof(EndToEndReadBenchmarks),
        typeof(EndToEndFormatBenchmarks),
        typeof(Batching.BatchedInsertBenchmarks),
        typeof(Batching.UnbatchedInsertBenchmarks),
        typeof(IdFilterBenchmarks),
    ];

    public static Type[] Select(bool withServer) => withServer ? InMemory.Concat(Peer).Concat(EndToEnd).ToArray() : InMemory.Concat(Peer).ToArray();
}
