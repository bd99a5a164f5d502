using System.Buffers;
using System.IO.Pipelines;
using Xunit.Abstractions;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

[ClickHouseRow]
public partial record ManyStrings([property: ClickHouseColumn("values")] string[] Values);

[ClickHouseRow]
public partial record Blob([property: ClickHouseColumn("id")] uint Id, [property: ClickHouseColumn("text")] string Text);

/// <summary>
/// A row cut by small reads is read again from its start; the stream readers must still cost about the row's
/// size, not its square. Memory is the bytes this thread allocates (the streams complete synchronously).
/// </summary>
public class LinearStreamingTests(ITestOutputHelper output)
{
    /// <summary>One valid 60 KB row: an Array(String) of 20,000 short strings.</summary>
    private static readonly string[] s_values = [.. Enumerable.Range(0, 20_000).Select(i => (i % 1000).ToString(System.Globalization.CultureInfo.InvariantCulture))];

    private static byte[] OneBigRow(RowBinaryFormat format)
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [new ManyStrings(s_values)], format);
        return buffer.WrittenSpan.ToArray();
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    public async Task ReadListAsync_BigRowInTinyReads_AllocatesAboutWhatASpanReadDoes(int chunk)
    {
        byte[] data = OneBigRow(RowBinaryFormat.RowBinaryWithNamesAndTypes);
        long spanRead = AllocatedBy(() => Task.FromResult(RowBinarySerializer.ReadList<ManyStrings>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes)));
        List<ManyStrings>? rows = null;

        long streamed = AllocatedBy(async () => rows = await RowBinarySerializer.ReadListAsync<ManyStrings>(
            new ChunkedReadStream(data, () => chunk), RowBinaryFormat.RowBinaryWithNamesAndTypes));

        output.WriteLine($"{data.Length:N0} bytes: span read allocated {spanRead:N0} bytes, {chunk}-byte reads {streamed:N0}.");
        Assert.Equal(s_values, Assert.Single(rows!).Values);
        // Before: 4.6 GiB with 7-byte reads, 18 GiB with 1-byte reads. A linear reader re-reads the row a few
        // times as it doubles (about twice the span read) plus the pipe's segments.
        Assert.True(streamed < (4 * spanRead) + (1024 * 1024), $"{chunk}-byte reads allocated {streamed:N0} bytes; a span read {spanRead:N0}.");
    }

    [Fact]
    public async Task ReadAsync_LargeValueInSmallReads_RetriesOnlyWhenTheValueCanBeWhole()
    {
        // A 4 MB string in 64 KB reads: the first attempt learns the length and waits for all of it.
        var blob = new Blob(7, new string('j', 4 * 1024 * 1024));
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [blob, blob with { Id = 8 }], RowBinaryFormat.RowBinary);
        byte[] data = buffer.WrittenSpan.ToArray();
        long spanRead = AllocatedBy(() => Task.FromResult(RowBinarySerializer.ReadList<Blob>(data, RowBinaryFormat.RowBinary)));
        var rows = new List<Blob>();

        long streamed = AllocatedBy(async () =>
        {
            await foreach (Blob row in RowBinarySerializer.ReadAsync<Blob>(new ChunkedReadStream(data, () => 64 * 1024), RowBinaryFormat.RowBinary))
            {
                rows.Add(row);
            }
        });

        output.WriteLine($"{data.Length:N0} bytes: span read allocated {spanRead:N0} bytes, 64 KB reads {streamed:N0}.");
        Assert.Equal([7u, 8u], rows.Select(r => r.Id));
        Assert.All(rows, r => Assert.Equal(blob.Text, r.Text));
        Assert.True(streamed < (2 * spanRead) + (1024 * 1024), $"64 KB reads allocated {streamed:N0} bytes; a span read {spanRead:N0}.");
    }

    [Fact]
    public async Task ReadAsync_StreamPausesAfterACutRow_YieldsTheRowWithoutWaitingForMore()
    {
        // The row arrives in two pieces and then the stream pauses (a slow query between two server blocks): the
        // reader must not hold the row back waiting for the bytes its doubling rule would prefer.
        var row = new Blob(1, new string('r', 300));
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [row], RowBinaryFormat.RowBinary);
        byte[] data = buffer.WrittenSpan.ToArray();
        var pipe = new Pipe();
        await using Stream stream = pipe.Reader.AsStream();
        await using IAsyncEnumerator<Blob> rows = RowBinarySerializer.ReadAsync<Blob>(stream, RowBinaryFormat.RowBinary).GetAsyncEnumerator();

        await pipe.Writer.WriteAsync(data.AsMemory(0, 200));
        ValueTask<bool> next = rows.MoveNextAsync();
        await Task.Delay(50);
        Assert.False(next.IsCompleted, "the row is not whole yet");
        await pipe.Writer.WriteAsync(data.AsMemory(200));
        Task<bool> first = next.AsTask();

        Assert.Same(first, await Task.WhenAny(first, Task.Delay(TimeSpan.FromSeconds(10))));
        Assert.True(await first);
        Assert.Equal(row, rows.Current);
        await pipe.Writer.CompleteAsync();
        Assert.False(await rows.MoveNextAsync());
    }

    private static long AllocatedBy(Func<Task> action)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        Task task = action();
        Assert.True(task.IsCompleted, "the streams complete synchronously, so the whole read ran on this thread");
        task.GetAwaiter().GetResult();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
