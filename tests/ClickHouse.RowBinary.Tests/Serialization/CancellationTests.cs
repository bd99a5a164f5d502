using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>Endless sources and streams: cancellation must stop them promptly with OperationCanceledException.</summary>
public class CancellationTests
{
    private const int FlushThreshold = 128 * 1024;

    [Fact]
    public async Task ReadAsync_CanceledByTheConsumer_StopsAtTheNextRow()
    {
        var endless = new GeneratedTickStream(long.MaxValue);
        using var cancellation = new CancellationTokenSource();
        long consumed = 0;

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (Tick tick in RowBinarySerializer.ReadAsync<Tick>(endless, RowBinaryFormat.RowBinary, cancellation.Token))
            {
                if (++consumed == 1000)
                {
                    cancellation.Cancel();
                }
            }
        });

        Assert.Equal(1000, consumed);
        Assert.True(endless.BytesRead < 1024 * 1024, $"The reader pulled {endless.BytesRead} bytes from an endless stream before stopping.");
    }

    [Fact]
    public async Task ReadListAsync_CanceledWhileReading_StopsBeforeTheNextRead()
    {
        byte[] data = new byte[10_000_000];
        using var cancellation = new CancellationTokenSource();
        int reads = 0;
        var stream = new ChunkedReadStream(data, () =>
        {
            if (++reads == 10)
            {
                cancellation.Cancel();
            }
            return 1000;
        });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => RowBinarySerializer.ReadListAsync<WebVisit>(stream, RowBinaryFormat.RowBinary, cancellation.Token));

        Assert.Equal(10, stream.Reads);
    }

    [Fact]
    public async Task WriteAsync_EndlessRowsCanceledMidStream_StopsAtTheNextFlush()
    {
        using var cancellation = new CancellationTokenSource();
        var output = new VerifyingNullStream(new GeneratedTickStream(long.MaxValue))
        {
            AfterWrite = written =>
            {
                if (written > 1024 * 1024)
                {
                    cancellation.Cancel();
                }
            },
        };

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => RowBinarySerializer.WriteAsync(output, TickRows.Sequence(long.MaxValue), cancellation.Token));

        Assert.InRange(output.BytesWritten, 1024 * 1024, (1024 * 1024) + FlushThreshold + 23);
        Assert.Equal(0, output.Flushes);
    }

    [Fact]
    public async Task WriteAsync_EndlessAsyncSourceCanceled_Stops()
    {
        using var cancellation = new CancellationTokenSource();
        var output = new VerifyingNullStream(new GeneratedTickStream(long.MaxValue))
        {
            AfterWrite = written => cancellation.Cancel(),
        };

        // The source yields to the thread pool now and then: a truly asynchronous source.
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => RowBinarySerializer.WriteAsync(output, TickRows.AsyncSequence(long.MaxValue, yieldEvery: 5000), cancellation.Token));

        Assert.Equal(1, output.Writes);
    }

    [Fact]
    public async Task WriteAsync_AlreadyCanceled_WritesNothing()
    {
        var output = new VerifyingNullStream();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => RowBinarySerializer.WriteAsync(output, ExpectedRows.WebVisits(), new CancellationToken(canceled: true)));

        Assert.Equal(0, output.BytesWritten);
    }
}
