using System.Buffers;
using ClickHouse.RowBinary.Tests.IO;
using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>Rows written then read back, synchronously and through streams, from every kind of source.</summary>
public class RoundTripTests
{
    private const int FlushThreshold = 128 * 1024;

    /// <summary>Enough rows (about 1 MB) to take several flushes; labels of every length up to 100.</summary>
    private static Tick[] ManyTicks() => [.. Enumerable.Range(0, 50_000).Select(i => TickRows.Create(i) with { Label = new string((char)('a' + (i % 26)), i % 101) })];

    public static TheoryData<RowBinaryFormat> Formats => [RowBinaryFormat.RowBinary, RowBinaryFormat.RowBinaryWithNamesAndTypes];

    [Theory]
    [MemberData(nameof(Formats))]
    public void Write_ThenReadList_GivesTheRowsBack(RowBinaryFormat format)
    {
        Tick[] ticks = ManyTicks();
        var output = new ArrayBufferWriter<byte>();

        RowBinarySerializer.Write(output, ticks, format);
        List<Tick> fromSpan = RowBinarySerializer.ReadList<Tick>(output.WrittenSpan, format);
        List<Tick> fromSegments = RowBinarySerializer.ReadList<Tick>(SegmentedSequence.Split(output.WrittenSpan.ToArray(), 1, 7, 1000, 65536), format);

        Assert.Equal(ticks, fromSpan);
        Assert.Equal(ticks, fromSegments);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task WriteAsync_ThenReadListAsync_GivesTheRowsBackFromEverySource(RowBinaryFormat format)
    {
        Tick[] ticks = ManyTicks();
        var synchronous = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(synchronous, ticks, format);

        foreach (Func<Stream, Task> write in new Func<Stream, Task>[]
        {
            stream => RowBinarySerializer.WriteAsync(stream, ticks, format),
            stream => RowBinarySerializer.WriteAsync(stream, ticks.ToList(), format),
            stream => RowBinarySerializer.WriteAsync(stream, ticks.Where(_ => true), format),
            stream => RowBinarySerializer.WriteAsync(stream, ticks.ToAsyncEnumerable(), format),
        })
        {
            using var stream = new MemoryStream();
            await write(stream);

            Assert.Equal(synchronous.WrittenSpan.ToArray(), stream.ToArray());
            stream.Position = 0;
            Assert.Equal(ticks, await RowBinarySerializer.ReadListAsync<Tick>(stream, format));
        }
    }

    [Fact]
    public async Task WriteAsync_LargeInput_IsSentInChunksCutAtRowBoundaries()
    {
        Tick[] ticks = ManyTicks();
        var output = new ChunkRecordingStream();

        await RowBinarySerializer.WriteAsync(output, ticks);

        Assert.True(output.Chunks.Count > 5, $"{output.Chunks.Count} writes");
        Assert.All(output.Chunks.SkipLast(1), chunk => Assert.InRange(chunk.Length, FlushThreshold, FlushThreshold + 200));
        // Every chunk holds whole rows: each one reads on its own.
        Assert.Equal(ticks, output.Chunks.SelectMany(chunk => RowBinarySerializer.ReadList<Tick>(chunk, RowBinaryFormat.RowBinary)));
        Assert.Equal(1, output.Flushes);
    }

    [Fact]
    public async Task WriteAsync_AsyncSourceThatYields_GivesTheSameBytes()
    {
        using var stream = new MemoryStream();

        await RowBinarySerializer.WriteAsync(stream, TickRows.AsyncSequence(30_000, yieldEvery: 1000));

        var expected = new GeneratedTickStream(30_000);
        var expectedBytes = new MemoryStream();
        await expected.CopyToAsync(expectedBytes);
        Assert.Equal(expectedBytes.ToArray(), stream.ToArray());
    }

    [Fact]
    public void WriteWithDefaults_PutsAMarkerBeforeEachColumnAndLetsTheServerFillNullLabels()
    {
        Tick tick = TickRows.Create(0);
        var output = new ArrayBufferWriter<byte>();

        RowBinarySerializer.Write(output, [tick with { Label = null }, tick with { Label = "z" }], RowBinaryFormat.RowBinaryWithDefaults);

        // id, at, value (NULL), status, then label: 1 = server default, nothing follows; or 0 and the string.
        byte[] first = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x85, 0x74, 0x67, 0, 1, 0, 2, 1];
        byte[] second = [.. first[..^1], 0, 1, (byte)'z'];
        Assert.Equal(Convert.ToHexString([.. first, .. second]), Convert.ToHexString(output.WrittenSpan));
    }

    [Fact]
    public async Task ReadAsync_CanBeEnumeratedTwiceIndependently()
    {
        // One sequence, enumerated twice over the same stream (rewound between): the second enumeration starts
        // afresh (its own buffer and reader state), whatever the first one left behind when it stopped early.
        using var stream = new MemoryStream(HeaderBytes.With(HeaderBytes.ColumnsOf(ClickHouseRowSchema.Of<WebVisit>()), TableVectors.RowBinary("web_visits")));
        IAsyncEnumerable<WebVisit> visits = RowBinarySerializer.ReadAsync<WebVisit>(stream, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        var first = new List<WebVisit>();
        await foreach (WebVisit visit in visits)
        {
            first.Add(visit);
            if (first.Count == 2)
            {
                break;
            }
        }

        stream.Position = 0;
        var second = new List<WebVisit>();
        await foreach (WebVisit visit in visits)
        {
            second.Add(visit);
        }

        Assert.Equal(ExpectedRows.WebVisits().Take(2), first);
        Assert.Equal(ExpectedRows.WebVisits(), second);
    }

    /// <summary>Keeps every write as a separate chunk.</summary>
    private sealed class ChunkRecordingStream : MemoryStream
    {
        public List<byte[]> Chunks { get; } = [];

        public int Flushes { get; private set; }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Chunks.Add(buffer.ToArray());
            return base.WriteAsync(buffer, cancellationToken);
        }

        public override Task FlushAsync(CancellationToken cancellationToken)
        {
            Flushes++;
            return base.FlushAsync(cancellationToken);
        }
    }
}
