using System;
using System.Collections.Concurrent;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>Per row type, what its reads through this client found in its String columns (<see cref="StringCacheMemory"/>).</summary>
    private readonly ConcurrentDictionary<Type, StringCacheMemory> _stringCaches = new();

    /// <summary>The memory of <typeparamref name="T"/>'s reads: one per row type the application reads, which its code names.</summary>
    private StringCacheMemory StringCachesOf<T>() => _stringCaches.GetOrAdd(typeof(T), static _ => new StringCacheMemory());
}
