namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>A deterministic sequence of ticks for the large and streaming tests.</summary>
internal static class TickRows
{
    private static readonly DateTime Start = new(2025, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    /// <summary>Row <paramref name="index"/>: every 7th value NULL, every 3rd status Failed, the label empty.</summary>
    public static Tick Create(long index) => new(
        (ulong)index,
        Start.AddSeconds(index),
        index % 7 == 0 ? null : index * 0.5,
        index % 3 == 0 ? TickStatus.Failed : TickStatus.Ok,
        "");

    /// <summary>Rows 0..count produced lazily: enumerating them allocates nothing per row.</summary>
    public static IEnumerable<Tick> Sequence(long count)
    {
        for (long i = 0; i < count; i++)
        {
            yield return Create(i);
        }
    }

    public static async IAsyncEnumerable<Tick> AsyncSequence(long count, int yieldEvery = 0, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (long i = 0; i < count; i++)
        {
            if (yieldEvery > 0 && i % yieldEvery == 0)
            {
                await Task.Yield();
            }
            cancellationToken.ThrowIfCancellationRequested();
            yield return Create(i);
        }
    }
}
