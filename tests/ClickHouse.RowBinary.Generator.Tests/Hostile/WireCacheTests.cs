using Xunit.Abstractions;

namespace ClickHouse.RowBinary.Generator.Tests.Hostile;

/// <summary>Runs alone: it measures the heap that stays live, which other tests running beside it would disturb.</summary>
[CollectionDefinition(nameof(HeapMeasuring), DisableParallelization = true)]
public sealed class HeapMeasuring;

/// <summary>
/// Every cache the wire feeds is bounded: a stream of Dynamic values each carrying a JSON type of its own leaves
/// nothing behind once the caches are full.
/// </summary>
[Collection(nameof(HeapMeasuring))]
public class WireCacheTests(ITestOutputHelper output)
{
    [Fact]
    public void Distinct_JSON_types_from_the_wire_do_not_stay_in_memory()
    {
        ReadDistinctJsonTypes(0, 10_000);   // fills every bounded cache
        long before = GC.GetTotalMemory(forceFullCollection: true);
        ReadDistinctJsonTypes(10_000, 40_000);
        long after = GC.GetTotalMemory(forceFullCollection: true);

        output.WriteLine($"30,000 more distinct JSON types left {after - before:N0} bytes live.");
        Assert.True(after - before < 2 * 1024 * 1024, $"30,000 distinct JSON types left {after - before:N0} bytes live");
    }

    /// <summary>One row per type: a Dynamic holding JSON(`p{i}` UInt8) with no paths set, so the read builds its layout.</summary>
    private static void ReadDistinctJsonTypes(int from, int to)
    {
        var bytes = new WireBytes();
        for (int i = from; i < to; i++)
        {
            bytes.Raw(0x30, 0x00).VarUInt(1024).Raw(32).VarUInt(1).String("p" + i).Raw(0x01).VarUInt(0).VarUInt(0).VarUInt(0);
        }
        List<HostileDynamicRow> rows = RowBinarySerializer.ReadList<HostileDynamicRow>(bytes.ToArray(), RowBinaryFormat.RowBinary);
        Assert.Equal(to - from, rows.Count);
        Assert.Equal("{}", rows[^1].V.Value);
    }
}
