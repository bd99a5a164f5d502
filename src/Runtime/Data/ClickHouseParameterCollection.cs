using System;
using System.Collections;
using System.Collections.Generic;
using System.Data.Common;

namespace ClickHouse.RowBinary;

/// <summary>The parameters of a <see cref="ClickHouseCommand"/>; names are compared without a leading <c>@</c>.</summary>
public sealed class ClickHouseParameterCollection : DbParameterCollection
{
    private readonly List<ClickHouseParameter> _parameters = [];

    public override int Count => _parameters.Count;

    public override object SyncRoot => ((ICollection)_parameters).SyncRoot;

    /// <summary>Adds a parameter with a value, and its ClickHouse type when the value does not imply the one wanted.</summary>
    public ClickHouseParameter AddWithValue(string name, object? value, string? clickHouseType = null)
    {
        var parameter = new ClickHouseParameter(name, value, clickHouseType);
        _parameters.Add(parameter);
        return parameter;
    }

    public override int Add(object value)
    {
        _parameters.Add(Cast(value));
        return _parameters.Count - 1;
    }

    public override void AddRange(Array values)
    {
        ArgumentNullException.ThrowIfNull(values);
        foreach (object? value in values)
        {
            Add(value!);
        }
    }

    public override void Clear() => _parameters.Clear();

    public override bool Contains(object value) => value is ClickHouseParameter parameter && _parameters.Contains(parameter);

    public override bool Contains(string value) => IndexOf(value) >= 0;

    public override void CopyTo(Array array, int index) => ((ICollection)_parameters).CopyTo(array, index);

    public override IEnumerator GetEnumerator() => _parameters.GetEnumerator();

    public override int IndexOf(object value) => value is ClickHouseParameter parameter ? _parameters.IndexOf(parameter) : -1;

    public override int IndexOf(string parameterName)
    {
        string name = parameterName.StartsWith('@') || parameterName.StartsWith(':') ? parameterName[1..] : parameterName;
        return _parameters.FindIndex(p => string.Equals(p.ParameterName, name, StringComparison.Ordinal));
    }

    public override void Insert(int index, object value) => _parameters.Insert(index, Cast(value));

    public override void Remove(object value) => _parameters.Remove(Cast(value));

    public override void RemoveAt(int index) => _parameters.RemoveAt(index);

    public override void RemoveAt(string parameterName) => _parameters.RemoveAt(IndexOfExisting(parameterName));

    protected override DbParameter GetParameter(int index) => _parameters[index];

    protected override DbParameter GetParameter(string parameterName) => _parameters[IndexOfExisting(parameterName)];

    protected override void SetParameter(int index, DbParameter value) => _parameters[index] = Cast(value);

    protected override void SetParameter(string parameterName, DbParameter value) => _parameters[IndexOfExisting(parameterName)] = Cast(value);

    private int IndexOfExisting(string parameterName)
    {
        int index = IndexOf(parameterName);
        return index >= 0 ? index : throw new IndexOutOfRangeException($"The command has no parameter '{parameterName}'.");
    }

    private static ClickHouseParameter Cast(object value)
        => value as ClickHouseParameter ?? throw new InvalidCastException(
            $"A ClickHouseCommand takes ClickHouseParameter objects, not {value?.GetType().Name ?? "null"}; create them with command.CreateParameter().");
}
