using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The table schemas a client has probed, one probe per server, database and table however many callers ask at
/// once. A failed probe is not kept: the next caller asks again. Keys are the tables a program writes to; should a
/// program write to more than <see cref="Capacity"/> of them, the cache starts over rather than grow.
/// </summary>
internal sealed class TableSchemaCache
{
    public const int Capacity = 4096;

    private readonly ConcurrentDictionary<TableSchemaKey, Lazy<Task<TableSchema>>> _entries = new();

    public Task<TableSchema> GetAsync(TableSchemaKey key, Func<TableSchemaKey, Task<TableSchema>> probe)
    {
        if (_entries.TryGetValue(key, out Lazy<Task<TableSchema>>? known))
        {
            return known.Value;
        }
        if (_entries.Count >= Capacity)
        {
            _entries.Clear();
        }
        Lazy<Task<TableSchema>>? entry = null;
        entry = new Lazy<Task<TableSchema>>(() => ProbeAsync(key, probe, entry!));
        return _entries.GetOrAdd(key, entry).Value;
    }

    /// <summary>Replaces what is known of a table with a schema just probed.</summary>
    public void Put(TableSchema schema) => _entries[schema.Key] = new Lazy<Task<TableSchema>>(Task.FromResult(schema));

    public void Forget(TableSchemaKey key) => _entries.TryRemove(key, out _);

    public void Clear() => _entries.Clear();

    private async Task<TableSchema> ProbeAsync(TableSchemaKey key, Func<TableSchemaKey, Task<TableSchema>> probe, Lazy<Task<TableSchema>> entry)
    {
        try
        {
            return await probe(key).ConfigureAwait(false);
        }
        catch
        {
            _entries.TryRemove(KeyValuePair.Create(key, entry));
            throw;
        }
    }
}
