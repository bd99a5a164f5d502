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

    [Theory]
    [InlineData(1_000_000, 900_000, 1_000_000 + NativeStreamReader<Blob>.ReadStep)] // a short column cut: a step more
    [InlineData(8_000_000, 0, 16_000_000)] // one column of 8 MB cut: as much again, so its walks add up to twice its size
    [InlineData(8_000_000, 6_000_000, 10_000_000)]
    public void A_cut_Native_block_is_scanned_again_once_a_step_or_the_cut_column_again_has_arrived(int held, int cutColumnStart, long preferred)
        => Assert.Equal(preferred, NativeStreamReader<Blob>.PreferredAfterCut(held, cutColumnStart));
}
