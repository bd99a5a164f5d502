using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// A list read with no reader: the objects a read into <see cref="List{T}"/> ends up holding (each row, and each string
/// the read allocated, with its characters) made again by copying, and kept alive together as the list keeps them.
/// Nothing is read, parsed or decoded. Whatever a client does, its list of these rows costs at least this under the
/// process's garbage collector, so a peer's time over this is the most any client could be faster than that peer.
/// </summary>
/// <remarks>
/// The strings copied are those of the sample read: a string object shared by several rows (our string cache hands
/// back the same object for a repeated value) is copied once and shared again, so the copy allocates what the sample
/// read allocated for its rows, and the same objects survive.
/// </remarks>
public sealed class ListAllocationFloor<T>
    where T : class
{
    private static readonly Func<object, object> s_clone = (Func<object, object>)Delegate.CreateDelegate(
        typeof(Func<object, object>),
        typeof(object).GetMethod("MemberwiseClone", BindingFlags.NonPublic | BindingFlags.Instance)!);

    private readonly T[] _rows;

    /// <summary>Per row, the string members whose string object first appeared in that row: copied there.</summary>
    private readonly int[][] _firstSeen;

    /// <summary>Per row, the string members whose object appeared in an earlier row: given the earlier copy.</summary>
    private readonly (int Member, int Row, int FromMember)[][] _shared;

    private readonly Func<T, string?>[] _getters;
    private readonly Action<T, string?>[] _setters;

    public ListAllocationFloor(IReadOnlyList<T> sample)
    {
        PropertyInfo[] members = typeof(T).GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.PropertyType == typeof(string) && p.CanRead && p.CanWrite)
            .ToArray();
        _getters = members.Select(p => p.GetGetMethod()!.CreateDelegate<Func<T, string?>>()).ToArray();
        _setters = members.Select(p => p.GetSetMethod()!.CreateDelegate<Action<T, string?>>()).ToArray();
        _rows = sample.ToArray();
        _firstSeen = new int[_rows.Length][];
        _shared = new (int, int, int)[_rows.Length][];
        var firstPlace = new Dictionary<string, (int Row, int Member)>(ReferenceEqualityComparer.Instance);
        var first = new List<int>();
        var shared = new List<(int, int, int)>();
        for (int row = 0; row < _rows.Length; row++)
        {
            first.Clear();
            shared.Clear();
            for (int member = 0; member < _getters.Length; member++)
            {
                string? value = _getters[member](_rows[row]);
                if (string.IsNullOrEmpty(value))
                {
                    // null, or string.Empty: a reader hands either out without allocating.
                    continue;
                }
                if (firstPlace.TryGetValue(value, out (int Row, int Member) place))
                {
                    shared.Add((member, place.Row, place.Member));
                }
                else
                {
                    firstPlace.Add(value, (row, member));
                    first.Add(member);
                }
            }
            _firstSeen[row] = first.ToArray();
            _shared[row] = shared.ToArray();
        }
    }

    /// <summary>The rows and their strings made again and kept in a list, as a read into a list keeps them.</summary>
    public List<T> Build()
    {
        var list = new List<T>(_rows.Length);
        for (int row = 0; row < _rows.Length; row++)
        {
            T source = _rows[row];
            var copy = (T)s_clone(source);
            foreach (int member in _firstSeen[row])
            {
                _setters[member](copy, new string(_getters[member](source)!.AsSpan()));
            }
            foreach ((int member, int earlierRow, int fromMember) in _shared[row])
            {
                _setters[member](copy, _getters[fromMember](list[earlierRow]));
            }
            list.Add(copy);
        }
        return list;
    }
}
