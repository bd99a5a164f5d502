using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>What binding made, or why it could not: a value or a <see cref="BindingError"/>, never both.</summary>
internal readonly struct BindingResult<T>
    where T : class
{
    private readonly T? _value;
    private readonly BindingError? _error;

    private BindingResult(T? value, BindingError? error)
    {
        _value = value;
        _error = error;
    }

    /// <summary>The value, or null when binding failed.</summary>
    public T? ValueOrNull => _value;

    public bool TryGet([NotNullWhen(true)] out T? value, [NotNullWhen(false)] out BindingError? error)
    {
        value = _value;
        error = _error;
        return _error is null;
    }

    public static implicit operator BindingResult<T>(T value) => new(value, null);

    public static implicit operator BindingResult<T>(BindingError error) => new(null, error);
}
