using System;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Hands back the same <see cref="string"/> for a String value that repeats within a column, keyed by its UTF-8
/// bytes: analytics data repeats itself (that is why LowCardinality exists), and a repeated value then costs a
/// hash and a compare instead of a decode and an allocation. One table per column, created on first use.
/// Bounded: at most <see cref="MaxEntries"/> values of at most <see cref="MaxValueLength"/> bytes per column; a
/// column whose values do not repeat turns its table off after a while, so that it costs next to nothing.
/// Hashes are randomized per process (<see cref="HashCode"/>): bytes from the wire cannot aim at one slot.
/// </summary>
internal sealed class RowBinaryStringCache
{
    /// <summary>The most values kept per column.</summary>
    public const int MaxEntries = 4096;

    /// <summary>Longer values are decoded every time: long text rarely repeats, and it would make the cache large.</summary>
    public const int MaxValueLength = 256;

    private const int Slots = MaxEntries * 2;
    private const int MaxProbes = 8;

    /// <summary>Lookups between checks of the hit rate.</summary>
    private const int Window = 8192;

    private ColumnTable?[] _columns = [];

    /// <summary>The cached string for <paramref name="utf8"/> in <paramref name="column"/>, or null (then
    /// <see cref="Add"/> the decoded value with the same <paramref name="hash"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string? TryGet(int column, ReadOnlySpan<byte> utf8, out int hash)
    {
        column = Math.Max(column, 0);
        ColumnTable? table = (uint)column < (uint)_columns.Length ? _columns[column] : null;
        if (table is null)
        {
            table = Create(column);
        }
        if (table.Disabled || utf8.Length > MaxValueLength)
        {
            hash = 0;
            return null;
        }
        return table.TryGet(utf8, out hash);
    }

    public void Add(int column, ReadOnlySpan<byte> utf8, int hash, string value)
    {
        ColumnTable table = _columns[Math.Max(column, 0)]!;
        if (!table.Disabled && utf8.Length <= MaxValueLength)
        {
            table.Add(utf8, hash, value);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ColumnTable Create(int column)
    {
        if (column >= _columns.Length)
        {
            Array.Resize(ref _columns, Math.Max(column + 1, _columns.Length * 2));
        }
        return _columns[column] ??= new ColumnTable();
    }

    private sealed class ColumnTable
    {
        private readonly Entry[] _entries = new Entry[Slots];
        private int _count;
        private int _lookups;
        private int _hits;

        public bool Disabled { get; private set; }

        public string? TryGet(ReadOnlySpan<byte> utf8, out int hash)
        {
            var hasher = new HashCode();
            hasher.AddBytes(utf8);
            hash = hasher.ToHashCode();
            int slot = hash & (Slots - 1);
            for (int probe = 0; probe < MaxProbes; probe++)
            {
                ref Entry entry = ref _entries[(slot + probe) & (Slots - 1)];
                if (entry.Utf8 is null)
                {
                    break;
                }
                if (entry.Hash == hash && utf8.SequenceEqual(entry.Utf8))
                {
                    Count(hit: true);
                    return entry.Value;
                }
            }
            Count(hit: false);
            return null;
        }

        public void Add(ReadOnlySpan<byte> utf8, int hash, string value)
        {
            if (_count >= MaxEntries)
            {
                return;
            }
            int slot = hash & (Slots - 1);
            for (int probe = 0; probe < MaxProbes; probe++)
            {
                ref Entry entry = ref _entries[(slot + probe) & (Slots - 1)];
                if (entry.Utf8 is null)
                {
                    entry = new Entry(hash, utf8.ToArray(), value);
                    _count++;
                    return;
                }
            }
        }

        /// <summary>Once the table is half full, a window of lookups with fewer than one hit in four turns it off.</summary>
        private void Count(bool hit)
        {
            _lookups++;
            _hits += hit ? 1 : 0;
            if (_lookups == Window)
            {
                Disabled = _count >= MaxEntries / 2 && _hits < Window / 4;
                _lookups = 0;
                _hits = 0;
            }
        }
    }

    private readonly record struct Entry(int Hash, byte[]? Utf8, string? Value);
}
