using System;
using System.Threading;

namespace ClickHouse.RowBinary;

/// <summary>
/// What the string caches of earlier reads of one row type through one client found, column by column. A plain String
/// column whose cache found almost no repeats in <see cref="UnpaidReads"/> reads in a row starts the next read off (its
/// values decoded as if there were no cache), except every <see cref="Retry"/>th such read, which looks again. So a
/// small answer of values that do not repeat costs its strings and nothing more, where the cache's own first look
/// (<see cref="RowBinaryStringCache.FirstLook"/> values) is longer than the answer. Columns that say their values repeat
/// (LowCardinality, CacheStrings) are never started off.
/// </summary>
/// <remarks>
/// A hint, updated without locks: a lost update costs one read its cache, or one read a cache it did not need. Bounded
/// by <see cref="MaxColumns"/>, and fed by the row type's column positions, not by anything from the wire.
/// </remarks>
internal sealed class StringCacheMemory
{
    /// <summary>Reads in a row whose cache did not pay before a column starts off.</summary>
    public const int UnpaidReads = 2;

    /// <summary>Every this many reads of a column started off, one looks again.</summary>
    public const int Retry = 64;

    /// <summary>Columns past this position are not remembered.</summary>
    public const int MaxColumns = 1024;

    /// <summary>Per column: at 2c, the reads in a row whose cache did not pay; at 2c + 1, the reads started off since the last look.</summary>
    private int[] _state = [];

    /// <summary>Whether a read's table for <paramref name="column"/> starts off (and counts one more such read).</summary>
    public bool StartsOff(int column)
    {
        int[] state = Volatile.Read(ref _state);
        if (column < 0 || 2 * column + 1 >= state.Length || Volatile.Read(ref state[2 * column]) < UnpaidReads)
        {
            return false;
        }
        return Interlocked.Increment(ref state[2 * column + 1]) % Retry != 0;
    }

    /// <summary>What a read's table for <paramref name="column"/> found: whether caching paid for itself.</summary>
    public void Record(int column, bool paid)
    {
        if (column < 0 || column >= MaxColumns)
        {
            return;
        }
        int[] state = Room(column);
        if (paid)
        {
            Volatile.Write(ref state[2 * column], 0);
        }
        else if (Volatile.Read(ref state[2 * column]) < UnpaidReads)
        {
            Interlocked.Increment(ref state[2 * column]);
        }
    }

    private int[] Room(int column)
    {
        while (true)
        {
            int[] state = Volatile.Read(ref _state);
            if (2 * column + 1 < state.Length)
            {
                return state;
            }
            int[] larger = new int[2 * Math.Min(MaxColumns, Math.Max(column + 1, state.Length))];
            state.CopyTo(larger, 0);
            if (Interlocked.CompareExchange(ref _state, larger, state) == state)
            {
                return larger;
            }
        }
    }
}
