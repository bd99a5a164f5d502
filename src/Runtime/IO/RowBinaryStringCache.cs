using System;
using System.Buffers;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Hands back the same <see cref="string"/> for a String value that repeats within a column, keyed by its UTF-8
/// bytes: analytics data repeats itself (that is why LowCardinality exists), and a repeated value then costs a
/// hash and a compare instead of a decode and an allocation that the garbage collector must later trace and move.
/// One table per column, created on first use and grown as distinct values arrive. Its slots and the UTF-8 keys
/// (kept side by side in one array of bytes) are rented from the shared pools and go back at <see cref="Release"/>:
/// a query whose values do not repeat, and a small one, pays for its strings and nothing else.
/// </summary>
/// <remarks>
/// Bounded: at most <see cref="MaxEntries"/> values of at most <see cref="MaxValueLength"/> bytes per column, and at
/// most <see cref="MaxProbes"/> compares per lookup. Every String column goes through it. A column whose values do
/// not repeat turns its table off after <see cref="Window"/> lookups and lets its values go (then a read costs a
/// branch). A column that says its values repeat (LowCardinality, or <see cref="ClickHouseColumnAttribute.CacheStrings"/>)
/// rests instead, for 1, 4, 16, 64... windows of values, and then tries again with an empty table: values that repeat
/// after a stretch that did not are cached again, and values that never repeat cost a few windows of lookups in all.
/// Through a client, a plain column whose cache did not pay in its last reads of the same row type starts the next off
/// (<see cref="StringCacheMemory"/>).
/// The hash samples at most 40 bytes of a value and is seeded per process: values that collide only cost probes,
/// never more than <see cref="MaxProbes"/>, and bytes from the wire cannot aim at one slot.
/// </remarks>
internal sealed class RowBinaryStringCache
{
    /// <summary>The most values kept per column.</summary>
    public const int MaxEntries = 4096;

    /// <summary>Longer values are decoded every time: long text rarely repeats, and it would make the cache large.</summary>
    public const int MaxValueLength = 256;

    /// <summary>Compares per lookup at most.</summary>
    public const int MaxProbes = 8;

    /// <summary>Lookups between checks of the hit rate.</summary>
    public const int Window = 8192;

    /// <summary>An early check, for values that barely repeat at all: a table that has seen this many lookups and
    /// found fewer than one hit in sixteen stops paying for itself at once.</summary>
    public const int FirstLook = 2048;

    private const int InitialSlots = 64;
    private const int MaxSlots = MaxEntries * 2;

    private static readonly ulong s_seed = (ulong)Random.Shared.NextInt64() | 1;

    private readonly StringCacheMemory? _memory;
    private ColumnTable?[] _columns = [];

    /// <param name="memory">What earlier reads of the same row type found (a client's), told what this one finds at <see cref="Release"/>; none for a read on its own.</param>
    public RowBinaryStringCache(StringCacheMemory? memory = null) => _memory = memory;

    /// <summary>
    /// The cached string for <paramref name="utf8"/> in <paramref name="column"/>, or null: then, when
    /// <paramref name="hash"/> is not negative, <see cref="Add"/> the decoded value with the same hash. <paramref name="repeats"/> says the column's values are
    /// known to repeat (LowCardinality, CacheStrings): its table never turns itself off.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string? TryGet(int column, ReadOnlySpan<byte> utf8, bool repeats, out int hash)
    {
        ColumnTable? table = (uint)column < (uint)_columns.Length ? _columns[column] : null;
        table ??= Create(column, repeats);
        if (utf8.Length > MaxValueLength || table.IsResting())
        {
            hash = -1;
            return null;
        }
        hash = Hash(utf8);
        return table.TryGet(utf8, hash, repeats);
    }

    /// <summary>Keeps <paramref name="value"/> after a <see cref="TryGet"/> that found nothing and gave a hash.</summary>
    public void Add(int column, ReadOnlySpan<byte> utf8, int hash, string value)
        => _columns[Math.Max(column, 0)]!.Add(utf8, hash, value);

    /// <summary>
    /// Gives the tables' arrays back to the pools, emptied: the reader that owned this cache is done. Tells the memory,
    /// if any, which plain columns' caches paid for themselves.
    /// </summary>
    public void Release()
    {
        for (int column = 0; column < _columns.Length; column++)
        {
            if (_columns[column] is not { } table)
            {
                continue;
            }
            if (_memory is not null && table.Paid() is bool paid)
            {
                _memory.Record(column, paid);
            }
            table.Release();
        }
        _columns = [];
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ColumnTable Create(int column, bool repeats)
    {
        column = Math.Max(column, 0);
        if (column >= _columns.Length)
        {
            Array.Resize(ref _columns, Math.Max(column + 1, _columns.Length * 2));
        }
        return _columns[column] ??= new ColumnTable(startsOff: !repeats && _memory is not null && _memory.StartsOff(column));
    }

    /// <summary>
    /// Mixes the length, the first and last 16 bytes and 8 from the middle: enough to tell apart values that share a
    /// prefix (URLs) or a suffix, at a cost that does not grow with the value. Values that differ only elsewhere share
    /// a slot chain, which <see cref="MaxProbes"/> bounds.
    /// </summary>
    private static int Hash(ReadOnlySpan<byte> utf8)
    {
        int length = utf8.Length;
        ref byte start = ref MemoryMarshal.GetReference(utf8);
        ulong hash = s_seed ^ ((ulong)length * 0x9E3779B97F4A7C15UL);
        if (length >= 8)
        {
            hash = Mix(hash, Unsafe.ReadUnaligned<ulong>(ref start));
            hash = Mix(hash, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, length - 8)));
            if (length > 16)
            {
                hash = Mix(hash, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, 8)));
                hash = Mix(hash, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, length - 16)));
                hash = Mix(hash, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, (length / 2) - 4)));
            }
        }
        else if (length >= 4)
        {
            hash = Mix(hash, ((ulong)Unsafe.ReadUnaligned<uint>(ref start) << 32) | Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref start, length - 4)));
        }
        else if (length > 0)
        {
            hash = Mix(hash, start | ((ulong)Unsafe.Add(ref start, length / 2) << 8) | ((ulong)Unsafe.Add(ref start, length - 1) << 16));
        }
        hash ^= hash >> 29;
        return ((int)hash ^ (int)(hash >> 32)) & int.MaxValue;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Mix(ulong hash, ulong value)
        => BitOperations.RotateLeft((hash ^ value) * 0xBF58476D1CE4E5B9UL, 31) * 0x94D049BB133111EBUL;

    private sealed class ColumnTable
    {
        /// <summary>Lookups a table must have seen for its read to say whether caching paid.</summary>
        private const int Evidence = 256;

        private readonly bool _startedOff;
        private Entry[] _entries;

        /// <summary>The UTF-8 bytes of every kept value, one after another; <see cref="Entry.KeyStart"/> says where each starts.</summary>
        private byte[] _keys = [];
        private int _keysUsed;
        private int _count;
        private int _lookups;
        private int _hits;
        private int _overflows;
        private bool _repeats;

        /// <summary>Values left before a resting table tries again; 0 while it caches.</summary>
        private int _restLeft;
        private int _rests;

        /// <summary>Lookups and hits over the whole read.</summary>
        private long _seen;
        private long _found;

        /// <param name="startsOff">Earlier reads found that this plain column's values do not repeat: off from the start, as if given up.</param>
        public ColumnTable(bool startsOff)
        {
            _startedOff = startsOff;
            _entries = startsOff ? [] : ArrayPool<Entry>.Shared.Rent(InitialSlots);
            _restLeft = startsOff ? int.MaxValue : 0;
        }

        /// <summary>
        /// Whether caching paid for itself in this read (at least one hit in sixteen lookups, and not given up), or null
        /// when the read says nothing: a table started off, a column whose values are said to repeat, too few lookups.
        /// </summary>
        public bool? Paid()
        {
            if (_startedOff || _repeats)
            {
                return null;
            }
            if (_restLeft == int.MaxValue)
            {
                // A plain column's table turned itself off for good.
                return false;
            }
            return _seen < Evidence ? null : _found * 16 >= _seen;
        }

        /// <summary>True while the table rests: the value is decoded as if there were no cache.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool IsResting()
        {
            if (_restLeft == 0)
            {
                return false;
            }
            // int.MaxValue: a plain column's table, off for good.
            return _restLeft == int.MaxValue || --_restLeft > 0;
        }

        public string? TryGet(ReadOnlySpan<byte> utf8, int hash, bool repeats)
        {
            _repeats |= repeats;
            Entry[] entries = _entries;
            int mask = entries.Length - 1;
            int slot = hash & mask;
            for (int probe = 0; probe < MaxProbes; probe++)
            {
                ref Entry entry = ref entries[(slot + probe) & mask];
                if (entry.Value is null)
                {
                    break;
                }
                if (entry.Hash == hash && utf8.SequenceEqual(_keys.AsSpan(entry.KeyStart, entry.KeyLength)))
                {
                    CountLookup(hit: true);
                    return entry.Value;
                }
            }
            CountLookup(hit: false);
            return null;
        }

        public void Add(ReadOnlySpan<byte> utf8, int hash, string value)
        {
            if (_restLeft > 0)
            {
                return;
            }
            if (_count >= MaxEntries)
            {
                _overflows++;
                return;
            }
            if (_count * 2 >= _entries.Length && _entries.Length < MaxSlots)
            {
                Grow();
            }
            if (_keys.Length - _keysUsed < utf8.Length)
            {
                GrowKeys(utf8.Length);
            }
            if (Insert(_entries, new Entry(hash, _keysUsed, utf8.Length, value)))
            {
                utf8.CopyTo(_keys.AsSpan(_keysUsed));
                _keysUsed += utf8.Length;
                _count++;
            }
        }

        private void Grow()
        {
            // The shared pool hands out powers of two: the length is the mask's base.
            Entry[] larger = ArrayPool<Entry>.Shared.Rent(_entries.Length * 2);
            foreach (Entry entry in _entries)
            {
                if (entry.Value is not null && !Insert(larger, entry))
                {
                    _count--;
                }
            }
            ArrayPool<Entry>.Shared.Return(_entries, clearArray: true);
            _entries = larger;
        }

        /// <summary>Room for <paramref name="more"/> bytes of keys: at most <see cref="MaxEntries"/> x <see cref="MaxValueLength"/> in all.</summary>
        private void GrowKeys(int more)
        {
            byte[] larger = ArrayPool<byte>.Shared.Rent(Math.Max(_keysUsed + more, Math.Max(_keys.Length * 2, 4096)));
            _keys.AsSpan(0, _keysUsed).CopyTo(larger);
            ReturnKeys();
            _keys = larger;
        }

        private void ReturnKeys()
        {
            if (_keys.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(_keys);
            }
            _keys = [];
        }

        /// <summary>Gives both arrays back, emptied; the table starts over if it is used again.</summary>
        public void Release()
        {
            if (_entries.Length > 0)
            {
                ArrayPool<Entry>.Shared.Return(_entries, clearArray: true);
            }
            _entries = [];
            ReturnKeys();
            _keysUsed = 0;
            _count = 0;
        }

        private static bool Insert(Entry[] entries, Entry entry)
        {
            int mask = entries.Length - 1;
            for (int probe = 0; probe < MaxProbes; probe++)
            {
                ref Entry slot = ref entries[(entry.Hash + probe) & mask];
                if (slot.Value is null)
                {
                    slot = entry;
                    return true;
                }
            }
            return false;
        }

        /// <summary>
        /// After the first <see cref="FirstLook"/> lookups, a table that found almost no repeats, and at the end of each
        /// window of lookups, a table at least half full that found fewer than one hit in four (or,
        /// in a column whose values repeat, turned away a quarter of its values for want of room) stops paying for
        /// itself. A plain column's table then turns off for good; a repeating column's rests for 1, 4, 16, 64...
        /// windows. Either way it lets go of its values.
        /// </summary>
        private void CountLookup(bool hit)
        {
            _lookups++;
            _hits += hit ? 1 : 0;
            _seen++;
            _found += hit ? 1 : 0;
            if (_lookups == FirstLook && _hits < FirstLook / 16 && _count >= FirstLook / 2)
            {
                Rest();
                return;
            }
            if (_lookups < Window)
            {
                return;
            }
            bool unpaid = _count >= MaxEntries / 2 && (_hits < Window / 4 || (_repeats && _overflows >= Window / 4));
            _lookups = 0;
            _hits = 0;
            _overflows = 0;
            if (unpaid)
            {
                Rest();
            }
        }

        private void Rest()
        {
            // A table that will try again keeps its array, emptied: allocating it anew (past 3,500 slots, on the large
            // object heap) at every try brought full collections.
            _restLeft = _repeats ? Window << Math.Min(2 * _rests++, 16) : int.MaxValue;
            if (_repeats)
            {
                Array.Clear(_entries);
                _keysUsed = 0;
                _count = 0;
            }
            else
            {
                Release();
            }
            _lookups = 0;
            _hits = 0;
            _overflows = 0;
        }
    }

    /// <summary>A kept value: its hash, where its UTF-8 bytes lie among the keys, and the string (null in an empty slot).</summary>
    private readonly record struct Entry(int Hash, int KeyStart, int KeyLength, string? Value);
}
