// Rendered from tools/VariantTemplate/ClickHouseVariantTemplate.cs for 2 to 8 arms: edit the template, not this
// file, then re-render every arity with `dotnet run --project tools/VariantTemplate`.
using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary;

/// <summary>
/// The value of a ClickHouse <c>Variant</c> column with 7 types: NULL or exactly one of the arms, each held in a
/// field of its own type so that value types are never boxed. <see cref="Index"/> counts the arms in the order the
/// type declares them; the discriminator on the wire is another number (ClickHouse numbers the arms sorted by type name).
/// The default value is NULL.
/// </summary>
/// <typeparam name="T0">The .NET type of the first declared arm.</typeparam>
/// <typeparam name="T1">The .NET type of the second declared arm.</typeparam>
/// <typeparam name="T2">The .NET type of the third declared arm.</typeparam>
/// <typeparam name="T3">The .NET type of the fourth declared arm.</typeparam>
/// <typeparam name="T4">The .NET type of the fifth declared arm.</typeparam>
/// <typeparam name="T5">The .NET type of the sixth declared arm.</typeparam>
/// <typeparam name="T6">The .NET type of the seventh declared arm.</typeparam>
public readonly struct ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> : IEquatable<ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>>
{
    // 0 is NULL, so that default(ClickHouseVariant<...>) is NULL; otherwise the arm index plus one.
    private readonly byte _tag;
    private readonly T0 _value0;
    private readonly T1 _value1;
    private readonly T2 _value2;
    private readonly T3 _value3;
    private readonly T4 _value4;
    private readonly T5 _value5;
    private readonly T6 _value6;

    private ClickHouseVariant(byte tag, T0 value0, T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6)
    {
        _tag = tag;
        _value0 = value0;
        _value1 = value1;
        _value2 = value2;
        _value3 = value3;
        _value4 = value4;
        _value5 = value5;
        _value6 = value6;
    }

    /// <summary>NULL: no arm holds a value.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> Null => default;

    /// <summary>The declared position of the arm that holds the value, or -1 for NULL.</summary>
    public int Index => _tag - 1;

    /// <summary>True when the value is NULL.</summary>
    public bool IsNull => _tag == 0;

    /// <summary>The value, boxed when it is a value type; null for NULL. For convenience, not for hot paths.</summary>
    public object? Value => _tag switch
    {
        1 => _value0,
        2 => _value1,
        3 => _value2,
        4 => _value3,
        5 => _value4,
        6 => _value5,
        7 => _value6,
        _ => null,
    };

    /// <summary>The value of the first arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T0 Value0 => _tag == 1 ? _value0 : throw WrongArm(0);

    /// <summary>The value of the second arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T1 Value1 => _tag == 2 ? _value1 : throw WrongArm(1);

    /// <summary>The value of the third arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T2 Value2 => _tag == 3 ? _value2 : throw WrongArm(2);

    /// <summary>The value of the fourth arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T3 Value3 => _tag == 4 ? _value3 : throw WrongArm(3);

    /// <summary>The value of the fifth arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T4 Value4 => _tag == 5 ? _value4 : throw WrongArm(4);

    /// <summary>The value of the sixth arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T5 Value5 => _tag == 6 ? _value5 : throw WrongArm(5);

    /// <summary>The value of the seventh arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T6 Value6 => _tag == 7 ? _value6 : throw WrongArm(6);

    /// <summary>A value held by the first arm.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> From0(T0 value) => new(1, value, default!, default!, default!, default!, default!, default!);

    /// <summary>A value held by the second arm.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> From1(T1 value) => new(2, default!, value, default!, default!, default!, default!, default!);

    /// <summary>A value held by the third arm.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> From2(T2 value) => new(3, default!, default!, value, default!, default!, default!, default!);

    /// <summary>A value held by the fourth arm.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> From3(T3 value) => new(4, default!, default!, default!, value, default!, default!, default!);

    /// <summary>A value held by the fifth arm.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> From4(T4 value) => new(5, default!, default!, default!, default!, value, default!, default!);

    /// <summary>A value held by the sixth arm.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> From5(T5 value) => new(6, default!, default!, default!, default!, default!, value, default!);

    /// <summary>A value held by the seventh arm.</summary>
    public static ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> From6(T6 value) => new(7, default!, default!, default!, default!, default!, default!, value);

    public static implicit operator ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>(T0 value) => From0(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>(T1 value) => From1(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>(T2 value) => From2(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>(T3 value) => From3(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>(T4 value) => From4(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>(T5 value) => From5(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6>(T6 value) => From6(value);

    /// <summary>Gets the value of the first arm when it holds the value.</summary>
    public bool TryGet0([MaybeNullWhen(false)] out T0 value)
    {
        value = _value0;
        return _tag == 1;
    }

    /// <summary>Gets the value of the second arm when it holds the value.</summary>
    public bool TryGet1([MaybeNullWhen(false)] out T1 value)
    {
        value = _value1;
        return _tag == 2;
    }

    /// <summary>Gets the value of the third arm when it holds the value.</summary>
    public bool TryGet2([MaybeNullWhen(false)] out T2 value)
    {
        value = _value2;
        return _tag == 3;
    }

    /// <summary>Gets the value of the fourth arm when it holds the value.</summary>
    public bool TryGet3([MaybeNullWhen(false)] out T3 value)
    {
        value = _value3;
        return _tag == 4;
    }

    /// <summary>Gets the value of the fifth arm when it holds the value.</summary>
    public bool TryGet4([MaybeNullWhen(false)] out T4 value)
    {
        value = _value4;
        return _tag == 5;
    }

    /// <summary>Gets the value of the sixth arm when it holds the value.</summary>
    public bool TryGet5([MaybeNullWhen(false)] out T5 value)
    {
        value = _value5;
        return _tag == 6;
    }

    /// <summary>Gets the value of the seventh arm when it holds the value.</summary>
    public bool TryGet6([MaybeNullWhen(false)] out T6 value)
    {
        value = _value6;
        return _tag == 7;
    }

    /// <summary>Calls the function for the arm that holds the value, or <paramref name="onNull"/> for NULL.</summary>
    public TResult Match<TResult>(Func<T0, TResult> on0, Func<T1, TResult> on1, Func<T2, TResult> on2, Func<T3, TResult> on3, Func<T4, TResult> on4, Func<T5, TResult> on5, Func<T6, TResult> on6, Func<TResult> onNull)
    {
        ArgumentNullException.ThrowIfNull(on0);
        ArgumentNullException.ThrowIfNull(on1);
        ArgumentNullException.ThrowIfNull(on2);
        ArgumentNullException.ThrowIfNull(on3);
        ArgumentNullException.ThrowIfNull(on4);
        ArgumentNullException.ThrowIfNull(on5);
        ArgumentNullException.ThrowIfNull(on6);
        ArgumentNullException.ThrowIfNull(onNull);
        return _tag switch
        {
            1 => on0(_value0),
            2 => on1(_value1),
            3 => on2(_value2),
            4 => on3(_value3),
            5 => on4(_value4),
            6 => on5(_value5),
            7 => on6(_value6),
            _ => onNull(),
        };
    }

    public bool Equals(ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> other) => _tag == other._tag && _tag switch
    {
        1 => EqualityComparer<T0>.Default.Equals(_value0, other._value0),
        2 => EqualityComparer<T1>.Default.Equals(_value1, other._value1),
        3 => EqualityComparer<T2>.Default.Equals(_value2, other._value2),
        4 => EqualityComparer<T3>.Default.Equals(_value3, other._value3),
        5 => EqualityComparer<T4>.Default.Equals(_value4, other._value4),
        6 => EqualityComparer<T5>.Default.Equals(_value5, other._value5),
        7 => EqualityComparer<T6>.Default.Equals(_value6, other._value6),
        _ => true,
    };

    public override bool Equals(object? obj) => obj is ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> other && Equals(other);

    public override int GetHashCode() => _tag switch
    {
        1 => HashCode.Combine(_tag, _value0),
        2 => HashCode.Combine(_tag, _value1),
        3 => HashCode.Combine(_tag, _value2),
        4 => HashCode.Combine(_tag, _value3),
        5 => HashCode.Combine(_tag, _value4),
        6 => HashCode.Combine(_tag, _value5),
        7 => HashCode.Combine(_tag, _value6),
        _ => 0,
    };

    /// <summary>The value's own text, or <c>NULL</c>.</summary>
    public override string ToString() => _tag switch
    {
        1 => _value0?.ToString() ?? string.Empty,
        2 => _value1?.ToString() ?? string.Empty,
        3 => _value2?.ToString() ?? string.Empty,
        4 => _value3?.ToString() ?? string.Empty,
        5 => _value4?.ToString() ?? string.Empty,
        6 => _value5?.ToString() ?? string.Empty,
        7 => _value6?.ToString() ?? string.Empty,
        _ => "NULL",
    };

    public static bool operator ==(ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> left, ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> right) => left.Equals(right);

    public static bool operator !=(ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> left, ClickHouseVariant<T0, T1, T2, T3, T4, T5, T6> right) => !left.Equals(right);

    private InvalidOperationException WrongArm(int requested) => new(_tag == 0
        ? $"The variant is NULL; Value{requested} is not set. Check IsNull or Index first."
        : $"The variant holds arm {_tag - 1}; Value{requested} is not set. Check Index or use TryGet{requested}.");
}
