namespace ClickHouse.RowBinary.Tests.Serialization;

public class PooledBufferWriterTests
{
    [Fact]
    public void Writes_AreKeptInOrderAcrossGrowth()
    {
        using var buffer = new PooledBufferWriter(16);
        int initialCapacity = buffer.Capacity;
        var expected = new List<byte>();

        for (int i = 0; i < 100; i++)
        {
            Span<byte> span = buffer.GetSpan(i + 1);
            Assert.True(span.Length >= i + 1);
            for (int j = 0; j <= i; j++)
            {
                span[j] = (byte)(i + j);
                expected.Add((byte)(i + j));
            }
            buffer.Advance(i + 1);
        }

        Assert.Equal(expected, buffer.WrittenSpan.ToArray());
        Assert.Equal(expected.Count, buffer.WrittenCount);
        Assert.True(buffer.Capacity > initialCapacity);
    }

    [Fact]
    public void Clear_KeepsTheArray()
    {
        using var buffer = new PooledBufferWriter(1024);
        buffer.GetSpan(1000);
        buffer.Advance(1000);
        int capacity = buffer.Capacity;

        buffer.Clear();

        Assert.Equal(0, buffer.WrittenCount);
        Assert.Equal(capacity, buffer.Capacity);
        Assert.True(buffer.GetMemory().Length >= 1000);
    }

    [Fact]
    public void Advance_PastTheEnd_IsRefused()
    {
        using var buffer = new PooledBufferWriter(8);
        int free = buffer.GetSpan().Length;

        var exception = Assert.Throws<ArgumentOutOfRangeException>(() => buffer.Advance(free + 1));

        Assert.Contains($"{free} bytes are free", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Dispose_ReturnsTheArrayAndForbidsFurtherUse()
    {
        var buffer = new PooledBufferWriter();
        buffer.Dispose();
        buffer.Dispose();

        Assert.Throws<ObjectDisposedException>(() => buffer.GetSpan());
    }
}
