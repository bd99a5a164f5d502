using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Collects the rows of a stream of unknown length into one <see cref="List{T}"/> without doubling its array all
/// the way: past <see cref="ChunkRows"/> rows, rows go into chunks of that many (each array on the large object heap,
/// where the collector neither copies nor promotes it), and the list is built once, at its exact size, at the end.
/// A million rows then cost one array of a million references plus the chunks, instead of twenty arrays that double,
/// whose garbage drove extra full collections while every row was still alive.
/// </summary>
internal sealed class RowListBuilder<T>
{
    /// <summary>Rows per chunk: 512 KiB of references, far above the large-object threshold.</summary>
    public const int ChunkRows = 64 * 1024;

    private List<List<T>>? _full;

    private List<T> _current = [];

    /// <summary>The list the next rows go into, and how many more it takes (<paramref name="room"/>, at least 1).</summary>
    public List<T> Destination(out int room)
    {
        if (_current.Count >= ChunkRows)
        {
            (_full ??= []).Add(_current);
            _current = new List<T>(ChunkRows);
        }
        room = ChunkRows - _current.Count;
        return _current;
    }

    /// <summary>Every row collected, in order, in one list of exactly that many.</summary>
    public List<T> ToList()
    {
        if (_full is null)
        {
            return _current;
        }
        var rows = new List<T>((_full.Count * ChunkRows) + _current.Count);
        foreach (List<T> chunk in _full)
        {
            rows.AddRange(chunk);
        }
        rows.AddRange(_current);
        _full = null;
        _current = [];
        return rows;
    }
}
