using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// Collects the rows of a stream of unknown length into one <see cref="List{T}"/> without doubling its array all
/// the way: past <see cref="ChunkRows"/> rows, rows go into chunks of that many, which are never copied or dropped
/// until the end, and the list is built once, at its exact size. 100,000 rows then cost their list's 800 KB, 800 KB
/// of chunks and 128 KB of the first list's growth, where a list that doubles would allocate 2 MB; a million rows
/// cost one array of a million references plus the chunks, instead of twenty arrays that double, whose garbage
/// (on the large object heap) drove extra full collections while every row was still alive.
/// </summary>
internal sealed class RowListBuilder<T>
{
    /// <summary>Rows per chunk: 64 KiB of references, so that the last chunk's unused room stays small.</summary>
    public const int ChunkRows = 8 * 1024;

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
