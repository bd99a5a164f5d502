namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// The bytes a stream reader has not consumed move to the front of its array on request (a Native reader, after each
/// block), and the reads after it append in order.
/// </summary>
public class StreamBufferMoveTests
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
}
