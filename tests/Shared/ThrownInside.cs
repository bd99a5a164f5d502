namespace ClickHouse.RowBinary.TestSupport;

/// <summary>
/// Counts the exceptions thrown, caught or not, inside one piece of work and what it awaits, and nowhere else (other tests
/// throw in parallel): what the runtime's exception counters, which applications watch, count for it.
/// </summary>
internal static class ThrownInside
{
    private static readonly AsyncLocal<Counter?> s_current = new();

    static ThrownInside() => AppDomain.CurrentDomain.FirstChanceException += (_, e) => s_current.Value?.Note(e.Exception);

    /// <summary>How many exceptions <paramref name="work"/> threw that <paramref name="counts"/> accepts (every one without it).</summary>
    public static async Task<int> CountAsync(Func<Task> work, Func<Exception, bool>? counts = null)
    {
        var counter = new Counter(counts);
        // Set inside this method: the work and what it awaits see it; the caller does not once this returns.
        s_current.Value = counter;
        await work();
        return counter.Count;
    }

    private sealed class Counter(Func<Exception, bool>? counts)
    {
        private int _count;

        public int Count => Volatile.Read(ref _count);

        public void Note(Exception exception)
        {
            if (counts is null || counts(exception))
            {
                Interlocked.Increment(ref _count);
            }
        }
    }
}
