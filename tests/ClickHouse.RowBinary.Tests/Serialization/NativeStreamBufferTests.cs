namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// How a Native stream reader keeps its bytes: what it has not consumed moves to the front of the array after each block
/// (the reads after it append in order), and a block cut by the end of the bytes is scanned again once a step more, or
/// as much again as its cut column, has arrived (a column of many MB is not walked once per step).
/// </summary>
public class NativeStreamBufferTests
{
    [Fact]
    public async Task Bytes_not_consumed_move_to_the_front_and_later_reads_follow_them()
    {
        byte[] data = Enumerable.Range(0, 300_000).Select(i => (byte)(i * 7)).ToArray();
        using var buffer = new RowBinaryStreamBuffer(new Streams.ChunkedReadStream(data, () => 50_000));

        await buffer.FillAsync(100_000, 100_000, CancellationToken.None);
        long held = buffer.Data.Length;
        buffer.Consume(90_000);
        buffer.MoveToFront();
        Assert.Equal(data.AsSpan(90_000, (int)held - 90_000).ToArray(), System.Buffers.BuffersExtensions.ToArray(buffer.Data));

        while (!buffer.IsCompleted)
        {
            await buffer.FillAsync(0, 0, CancellationToken.None);
        }
        Assert.Equal(data.AsSpan(90_000).ToArray(), System.Buffers.BuffersExtensions.ToArray(buffer.Data));
    }

    [Fact]
    public async Task A_fill_told_to_stop_at_the_preferred_bytes_reads_no_further_from_a_stream_that_fills_every_read()
    {
        // What a Native reader reads past a block moves to the front of the array once the block is read: reads that
        // filled all their room moved two thirds of a `hits` answer so.
        byte[] data = new byte[4_000_000];
        using var capped = new RowBinaryStreamBuffer(new Streams.ChunkedReadStream(data, () => data.Length));
        using var filling = new RowBinaryStreamBuffer(new Streams.ChunkedReadStream(data, () => data.Length));
        long preferred = 0;
        for (int step = 0; step < 12; step++)
        {
            preferred += NativeStreamReader<Blob>.ReadStep;
            await capped.FillAsync(preferred, preferred, CancellationToken.None, stopAtPreferred: true);
            await filling.FillAsync(preferred, preferred, CancellationToken.None);
            Assert.Equal(preferred, capped.Data.Length);
        }
        Assert.True(filling.Data.Length > preferred, $"the uncapped buffer holds {filling.Data.Length} bytes, no more than the {preferred} asked");
    }

    [Theory]
    [InlineData(1_000_000, 900_000, 1_000_000 + NativeStreamReader<Blob>.ReadStep)] // a short column cut: a step more
    [InlineData(8_000_000, 0, 16_000_000)] // one column of 8 MB cut: as much again, so its walks add up to twice its size
    [InlineData(8_000_000, 6_000_000, 10_000_000)]
    public void A_cut_Native_block_is_scanned_again_once_a_step_or_the_cut_column_again_has_arrived(int held, int cutColumnStart, long preferred)
        => Assert.Equal(preferred, NativeStreamReader<Blob>.PreferredAfterCut(held, cutColumnStart));
}
