using System.Text;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// A client remembers, per row type and column, whether its reads' string caches paid: a plain column whose values did
/// not repeat in two reads in a row starts the next reads off, and every sixteenth such read looks again.
/// </summary>
public class StringCacheMemoryTests
{
    private static readonly string[] s_distinct = [.. Enumerable.Range(0, 300).Select(i => $"https://example.com/page/{i}")];
    private static readonly string[] s_repeating = [.. Enumerable.Range(0, 300).Select(i => $"https://example.com/page/{i % 10}")];

    /// <summary>One read of <paramref name="values"/> in column 0: how many values the cache looked up, and how many it found.</summary>
    private static (int Looked, int Found) Read(StringCacheMemory? memory, string[] values, bool repeats = false)
    {
        var cache = new RowBinaryStringCache(memory);
        int looked = 0, found = 0;
        foreach (string value in values)
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(value);
            string? cached = cache.TryGet(0, utf8, repeats, out int hash);
            if (cached is not null)
            {
                Assert.Equal(value, cached);
                looked++;
                found++;
            }
            else if (hash >= 0)
            {
                looked++;
                cache.Add(0, utf8, hash, value);
            }
        }
        cache.Release();
        return (looked, found);
    }

    [Fact]
    public void A_plain_column_that_did_not_repeat_in_two_reads_starts_off_and_every_sixteenth_read_looks_again()
    {
        var memory = new StringCacheMemory();
        Assert.Equal((300, 0), Read(memory, s_distinct));
        Assert.Equal((300, 0), Read(memory, s_distinct));

        // Off from the start: not even values that repeat are looked up.
        for (int read = 1; read < StringCacheMemory.Retry; read++)
        {
            Assert.Equal((0, 0), Read(memory, s_repeating));
        }
        // The sixteenth looks again, finds repeats, and the column caches from then on.
        Assert.Equal((300, 290), Read(memory, s_repeating));
        Assert.Equal((300, 290), Read(memory, s_repeating));
    }

    [Fact]
    public void One_read_that_paid_between_two_that_did_not_keeps_the_column_on()
    {
        var memory = new StringCacheMemory();
        Read(memory, s_distinct);
        Read(memory, s_repeating);
        Read(memory, s_distinct);

        Assert.Equal((300, 290), Read(memory, s_repeating));
    }

    [Fact]
    public void A_column_said_to_repeat_is_never_started_off()
    {
        var memory = new StringCacheMemory();
        Read(memory, s_distinct, repeats: true);
        Read(memory, s_distinct, repeats: true);

        Assert.Equal((300, 290), Read(memory, s_repeating, repeats: true));
    }

    [Fact]
    public void Reads_of_too_few_values_to_tell_are_not_remembered()
    {
        var memory = new StringCacheMemory();
        Read(memory, s_distinct[..100]);
        Read(memory, s_distinct[..100]);
        Read(memory, s_distinct[..100]);

        Assert.Equal((300, 290), Read(memory, s_repeating));
    }

    [Fact]
    public void Without_a_memory_every_read_looks()
    {
        Read(null, s_distinct);
        Read(null, s_distinct);

        Assert.Equal((300, 290), Read(null, s_repeating));
    }

    [Fact]
    public void Columns_are_remembered_apart_and_positions_past_the_bound_are_not()
    {
        var memory = new StringCacheMemory();
        memory.Record(3, paid: false);
        memory.Record(3, paid: false);
        memory.Record(StringCacheMemory.MaxColumns, paid: false);
        memory.Record(StringCacheMemory.MaxColumns, paid: false);

        Assert.True(memory.StartsOff(3));
        Assert.False(memory.StartsOff(2));
        Assert.False(memory.StartsOff(4));
        Assert.False(memory.StartsOff(StringCacheMemory.MaxColumns));
        Assert.False(memory.StartsOff(-1));
    }
}
