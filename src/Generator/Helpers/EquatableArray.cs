using System;
using System.Collections;
using System.Collections.Generic;

namespace ClickHouse.RowBinary.Generator.Helpers;

/// <summary>
/// An immutable array with value equality, so that pipeline models built from it compare equal when their
/// contents do and the incremental generator can cache its outputs.
/// </summary>
internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IReadOnlyList<T>
    where T : IEquatable<T>
{
    public static readonly EquatableArray<T> Empty = default;

    private readonly T[]? _array;

    /// <summary>Wraps <paramref name="array"/>, which the caller must not change afterwards.</summary>
    public EquatableArray(T[] array)
    {
        _array = array.Length == 0 ? null : array;
    }

    public int Count => _array?.Length ?? 0;

    public T this[int index] => (_array ?? Array.Empty<T>())[index];

    public ReadOnlySpan<T> AsSpan() => _array;

    public bool Equals(EquatableArray<T> other) => AsSpan().SequenceEqual(other.AsSpan());

    public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

    public override int GetHashCode()
    {
        int hash = Count;
        foreach (T item in AsSpan())
        {
            hash = HashCodes.Combine(hash, item.GetHashCode());
        }
        return hash;
    }

    public ReadOnlySpan<T>.Enumerator GetEnumerator() => AsSpan().GetEnumerator();

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => ((IEnumerable<T>)(_array ?? Array.Empty<T>())).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => (_array ?? Array.Empty<T>()).GetEnumerator();

    public static bool operator ==(EquatableArray<T> left, EquatableArray<T> right) => left.Equals(right);

    public static bool operator !=(EquatableArray<T> left, EquatableArray<T> right) => !left.Equals(right);
}

internal static class EquatableArray
{
    public static EquatableArray<T> ToEquatableArray<T>(this IEnumerable<T> items)
        where T : IEquatable<T>
        => new(new List<T>(items).ToArray());

    public static EquatableArray<T> Create<T>(params T[] items)
        where T : IEquatable<T>
        => new((T[])items.Clone());
}
