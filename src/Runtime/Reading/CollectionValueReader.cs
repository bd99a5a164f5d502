using System;
using System.Collections;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary;

/// <summary>
/// An <c>Array(X)</c> column as a <c>List&lt;T&gt;</c>, or a <c>Map(K, V)</c> column as a <c>Dictionary&lt;K, V&gt;</c>, where the
/// elements are of types a reader is chosen for at run time: the collection is made with its parameterless constructor
/// (kept by the caller's annotation, so Native AOT has it) and filled through its non-generic interface.
/// </summary>
internal sealed class CollectionValueReader<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>
    : ClickHouseValueReader<T>
{
    private readonly ClickHouseValueReader _first;
    private readonly ClickHouseValueReader? _second;
    private readonly int _minimumEntrySize;
    private readonly string _typeName;

    private CollectionValueReader(ClickHouseType column, ClickHouseValueReader first, ClickHouseValueReader? second)
        : base(column)
    {
        _first = first;
        _second = second;
        long size = 0;
        foreach (ClickHouseType argument in column.Arguments)
        {
            size += ClickHouseValueCodec.MinimumSize(argument);
        }
        // Entries of no bytes still cost one: no count the data cannot back.
        _minimumEntrySize = (int)Math.Clamp(size, 1, int.MaxValue);
        _typeName = column.ToString();
    }

    /// <summary>The reader when <typeparamref name="T"/> is a <c>List&lt;X&gt;</c> of an Array or a <c>Dictionary&lt;K, V&gt;</c> of a Map; else null.</summary>
    public static CollectionValueReader<T>? TryCreate(ClickHouseType column, out string? reason)
    {
        reason = null;
        Type target = typeof(T);
        if (!target.IsGenericType)
        {
            return null;
        }
        Type definition = target.GetGenericTypeDefinition();
        Type[] arguments = target.GetGenericArguments();
        if (definition == typeof(List<>) && column.Kind == ClickHouseTypeKind.Array)
        {
            ClickHouseValueReader? element = ClickHouseValueReaders.TryCreate(arguments[0], column.Arguments[0], out reason);
            return element is null ? null : new CollectionValueReader<T>(column, element, null);
        }
        if (definition == typeof(Dictionary<,>) && column.Kind == ClickHouseTypeKind.Map)
        {
            ClickHouseValueReader? key = ClickHouseValueReaders.TryCreate(arguments[0], column.Arguments[0], out reason);
            ClickHouseValueReader? value = key is null ? null : ClickHouseValueReaders.TryCreate(arguments[1], column.Arguments[1], out reason);
            return value is null ? null : new CollectionValueReader<T>(column, key!, value);
        }
        return null;
    }

    public override T Read(ref RowBinaryReader reader)
    {
        int count = reader.ReadLength(_typeName, _minimumEntrySize);
        T collection = Activator.CreateInstance<T>();
        if (_second is null)
        {
            var list = (IList)collection!;
            for (int i = 0; i < count; i++)
            {
                list.Add(_first.ReadBoxed(ref reader));
            }
            return collection;
        }
        var map = (IDictionary)collection!;
        for (int i = 0; i < count; i++)
        {
            object key = _first.ReadBoxed(ref reader) ?? throw new RowBinaryException($"Invalid {_typeName} at byte offset {reader.Offset}: a map key is NULL.", reader.Offset, _typeName);
            object? value = _second.ReadBoxed(ref reader);
            if (map.Contains(key))
            {
                throw RowBinaryGeneratedSupport.DuplicateMapKey(key.ToString(), _typeName, reader.Offset);
            }
            map.Add(key, value);
        }
        return collection;
    }
}
