using System.Buffers;
using System.Net;
using ClickHouse.RowBinary.Tests.Serialization.Rows;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// Writing allocates nothing per value, for the values whose conversion once did: DateTime64 and Time64 (the type's
/// name was built for an error they might throw), decimals (10^precision was computed, and a ClickHouseDecimal rescaled
/// to its own scale), and IPv4 addresses in an IPv6 column.
/// </summary>
public class WriteAllocationTests
{
    private const int Values = 1000;

    [Fact]
    public void Rows_with_DateTime64_and_Decimal_columns_allocate_nothing_per_row()
    {
        List<Event> samples = ExpectedRows.Events();
        Event[] events = [.. Enumerable.Range(0, 8192).Select(i => samples[i % samples.Count])];
        var buffer = new ArrayBufferWriter<byte>(1 << 22);

        long fewer = Allocated(() => RowBinarySerializer.Write(buffer, events.AsSpan(0, 4096)), buffer);
        long more = Allocated(() => RowBinarySerializer.Write(buffer, events.AsSpan()), buffer);

        Assert.True(more - fewer < 4096, $"4,096 rows allocated {fewer} bytes and 8,192 rows {more}.");
    }

    [Theory]
    [InlineData("DateTime64")]
    [InlineData("Time64")]
    [InlineData("ClickHouseDecimal")]
    [InlineData("IPv6 of an IPv4 address")]
    public void Writing_the_value_allocates_nothing(string kind)
    {
        var buffer = new ArrayBufferWriter<byte>(1 << 16);
        var instant = new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc);
        ClickHouseDecimal exact = ClickHouseDecimal.Parse("123456789012.3456789");
        IPAddress address = IPAddress.Parse("10.1.2.3");

        long allocated = Allocated(() =>
        {
            var writer = new RowBinaryWriter(buffer);
            for (int i = 0; i < Values; i++)
            {
                switch (kind)
                {
                    case "DateTime64": writer.WriteDateTime64(instant, 9); break;
                    case "Time64": writer.WriteTime64(TimeSpan.FromSeconds(i), 9); break;
                    case "ClickHouseDecimal": writer.WriteDecimal(exact, 38, 7); break;
                    default: writer.WriteIPv6(address); break;
                }
            }
            writer.Flush();
        }, buffer);

        Assert.True(allocated < Values, $"{Values:N0} values of {kind} allocated {allocated} bytes.");
    }

    /// <summary>
    /// The least any of four runs after a first allocated (the first compiles and fills caches): what a write allocates
    /// per row it allocates in every run, while a test running beside this one can only add to a run (a CI run once
    /// counted 8,072 bytes in the last of three runs of 8,192 rows, none in the runs before).
    /// </summary>
    private static long Allocated(Action write, ArrayBufferWriter<byte> buffer)
    {
        long least = long.MaxValue;
        for (int round = 0; round < 5; round++)
        {
            buffer.ResetWrittenCount();
            long before = GC.GetAllocatedBytesForCurrentThread();
            write();
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            if (round > 0)
            {
                least = Math.Min(least, allocated);
            }
        }
        return least;
    }
}
