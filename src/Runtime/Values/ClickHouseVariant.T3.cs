// Rendered from tools/VariantTemplate/ClickHouseVariantTemplate.cs for 2 to 8 arms: edit the template, not this
// file, then re-render every arity with `dotnet run --project tools/VariantTemplate`.
using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary;

/// <summary>
/// The value of a ClickHouse <c>Variant</c> column with 3 types: NULL or exactly one of the arms, each held in a
/// field of its own type so that value types are never boxed. <see cref="Index"/> counts the arms in the order the
/// type declares them; the discriminator on the wire is another number (ClickHouse numbers the arms sorted by type name).
/// The default value is NULL.
/// </summary>
/// <typeparam name="T0">The .NET type of the first declared arm.</typeparam>
/// <typeparam name="T1">The .NET type of the second declared arm.</typeparam>
/// <typeparam name="T2">The .NET type of the third declared arm.</typeparam>
public readonly struct ClickHouseVariant<T0, T1, T2> : IEquatable<ClickHouseVariant<T0, T1, T2>>
{
    // 0 is NULL, so that default(ClickHouseVariant<...>) is NULL; otherwise the arm index plus one.
    private readonly byte _tag;
    private readonly T0 _value0;
    private readonly T1 _value1;
    private readonly T2 _value2;

    private ClickHouseVariant(byte tag, T0 value0, T1 value1, T2 value2)
    {
        _tag = tag;
        _value0 = value0;
        _value1 = value1;
        _value2 = value2;
    }

    /// <summary>NULL: no arm holds a value.</summary>
    public static ClickHouseVariant<T0, T1, T2> Null => default;

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
        _ => null,
    };

    /// <summary>The value of the first arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T0 Value0 => _tag == 1 ? _value0 : throw WrongArm(0);

    /// <summary>The value of the second arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T1 Value1 => _tag == 2 ? _value1 : throw WrongArm(1);

    /// <summary>The value of the third arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
    public T2 Value2 => _tag == 3 ? _value2 : throw WrongArm(2);

    /// <summary>A value held by the first arm.</summary>
    public static ClickHouseVariant<T0, T1, T2> From0(T0 value) => new(1, value, default!, default!);

    /// <summary>A value held by the second arm.</summary>
    public static ClickHouseVariant<T0, T1, T2> From1(T1 value) => new(2, default!, value, default!);

    /// <summary>A value held by the third arm.</summary>
    public static ClickHouseVariant<T0, T1, T2> From2(T2 value) => new(3, default!, default!, value);

    public static implicit operator ClickHouseVariant<T0, T1, T2>(T0 value) => From0(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2>(T1 value) => From1(value);

    public static implicit operator ClickHouseVariant<T0, T1, T2>(T2 value) => From2(value);

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

    /// <summary>Calls the function for the arm that holds the value, or <paramref name="onNull"/> for NULL.</summary>
    public TResult Match<TResult>(Func<T0, TResult> on0, Func<T1, TResult> on1, Func<T2, TResult> on2, Func<TResult> onNull)
    {
        ArgumentNullException.ThrowIfNull(on0);
        ArgumentNullException.ThrowIfNull(on1);
        ArgumentNullException.ThrowIfNull(on2);
        ArgumentNullException.ThrowIfNull(onNull);
        return _tag switch
        {
            1 => on0(_value0),
            2 => on1(_value1),
            3 => on2(_value2),
            _ => onNull(),
        };
    }

    public bool Equals(ClickHouseVariant<T0, T1, T2> other) => _tag == other._tag && _tag switch
    {
        1 => EqualityComparer<T0>.Default.Equals(_value0, other._value0),
        2 => EqualityComparer<T1>.Default.Equals(_value1, other._value1),
        3 => EqualityComparer<T2>.Default.Equals(_value2, other._value2),
        _ => true,
    };

    public override bool Equals(object? obj) => obj is ClickHouseVariant<T0, T1, T2> other && Equals(other);

    public override int GetHashCode() => _tag switch
    {
        1 => HashCode.Combine(_tag, _value0),
        2 => HashCode.Combine(_tag, _value1),
        3 => HashCode.Combine(_tag, _value2),
        _ => 0,
    };

    /// <summary>The value's own text, or <c>NULL</c>.</summary>
    public override string ToString() => _tag switch
    {
        1 => _value0?.ToString() ?? string.Empty,
        2 => _value1?.ToString() ?? string.Empty,
        3 => _value2?.ToString() ?? string.Empty,
        _ => "NULL",
    };

    public static bool operator ==(ClickHouseVariant<T0, T1, T2> left, ClickHouseVariant<T0, T1, T2> right) => left.Equals(right);

    public static bool operator !=(ClickHouseVariant<T0, T1, T2> left, ClickHouseVariant<T0, T1, T2> right) => !left.Equals(right);

    private InvalidOperationException WrongArm(int requested) => new(_tag == 0
        ? $"The variant is NULL; Value{requested} is not set. Check IsNull or Index first."
        : $"The variant holds arm {_tag - 1}; Value{requested} is not set. Check Index or use TryGet{requested}.");
}
