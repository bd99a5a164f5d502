namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// A block buffer grown past 1 MiB and given back on one thread is found by the next read on another (a read's
/// continuations move between threads); the shared pool kept such an array in the returning thread's own slot, so
/// Native reads of wide blocks allocated their large buffers again from one read to the next.
/// </summary>
public class StreamBufferPoolTests
{
    private const int Large = (3 * 1024 * 1024) + 17;
    private const int TooLargeToKeep = (24 * 1024 * 1024) + 17;

    [Fact]
    public async Task A_large_array_given_back_on_one_thread_is_rented_again_on_another()
    {
        // Another test's read may take the pooled array in between: three tries. With the shared pool no try can
        // succeed (the array stays in the slot of a thread that has ended).
        bool found = false;
        for (int attempt = 0; attempt < 3 && !found; attempt++)
        {
            byte[] first = await OnNewThread(() => StreamBufferPool.Rent(Large));
            await OnNewThread(() =>
            {
                StreamBufferPool.Return(first);
                return 0;
            });

            byte[] again = await OnNewThread(() => StreamBufferPool.Rent(Large));

            found = ReferenceEquals(first, again);
            StreamBufferPool.Return(again);
        }
        Assert.True(found, "an array given back on one thread was never found by a rent on another");
    }

    [Fact]
    public void Arrays_past_16_MiB_are_not_kept()
    {
        byte[] first = StreamBufferPool.Rent(TooLargeToKeep);
        StreamBufferPool.Return(first);

        byte[] second = StreamBufferPool.Rent(TooLargeToKeep);

        Assert.NotSame(first, second);
        Assert.True(second.Length >= TooLargeToKeep);
    }

    /// <summary>Runs <paramref name="work"/> on a thread of its own, which ends with it (its thread-local slots with it).</summary>
    private static Task<T> OnNewThread<T>(Func<T> work)
    {
        var done = new TaskCompletionSource<T>(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            try
            {
                done.SetResult(work());
            }
            catch (Exception e)
            {
                done.SetException(e);
            }
        });
        thread.Start();
        return done.Task;
    }
}
