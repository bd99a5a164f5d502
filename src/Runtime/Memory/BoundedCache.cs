using System;
using System.Collections.Concurrent;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// A process-wide cache whose keys may come from the wire (types decoded from Dynamic and JSON values): it keeps
/// at most <c>capacity</c> entries, the first ones met, and beyond that computes values without keeping them, so
/// that a stream of distinct types costs time, never memory that stays.
/// </summary>
internal sealed class BoundedCache<TKey, TValue>(int capacity, IEqualityComparer<TKey>? comparer = null)
    where TKey : notnull
{
    private readonly ConcurrentDictionary<TKey, TValue> _entries = new(comparer);

    public int Count => _entries.Count;

    public bool TryGetValue(TKey key, out TValue value) => _entries.TryGetValue(key, out value!);

    public void TryAdd(TKey key, TValue value)
    {
        if (_entries.Count < capacity)
        {
            _entries.TryAdd(key, value);
        }
    }

    public TValue GetOrAdd(TKey key, Func<TKey, TValue> create)
    {
        if (_entries.TryGetValue(key, out TValue? value))
        {
            return value;
        }
        value = create(key);
        TryAdd(key, value);
        return value;
    }
}
