using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary;

/// <summary>
/// Chooses how a column of a known ClickHouse type is read as a .NET type, with no reflection beyond asking a
/// <see cref="Type"/> what it is: the leaf types of the type mapping (the table in ClickHouseValueReaders.Leaves.cs), with
/// the types that hold every value of the column (<c>long</c> reads an Int32), <c>T?</c>, C# enums (by label),
/// arrays of any of these, <see cref="object"/> (the <see cref="ClickHouseValueCodec"/>'s form of any type) and
/// <see cref="ClickHouseDynamic"/>.
/// </summary>
internal static partial class ClickHouseValueReaders
{
    /// <summary>
    /// <see cref="TryCreate{T}"/>, and also a <c>List&lt;X&gt;</c> of an Array or a <c>Dictionary&lt;K, V&gt;</c> of a Map, which
    /// it makes with their constructor: the annotation keeps it for Native AOT, so the caller's type argument needs it too.
    /// </summary>
    public static ClickHouseValueReader<T>? TryCreateWithCollections<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(
        ClickHouseType column, out string? reason)
    {
        ClickHouseValueReader<T>? reader = TryCreate<T>(column, out reason);
        if (reader is not null)
        {
            return reader;
        }
        CollectionValueReader<T>? collection = CollectionValueReader<T>.TryCreate(column.Unwrap(), out string? collectionReason);
        reason = collection is null ? collectionReason ?? reason : null;
        return collection;
    }

    /// <summary>The reader of <paramref name="column"/>'s values as <typeparamref name="T"/>, or null with why not.</summary>
    public static ClickHouseValueReader<T>? TryCreate<T>(ClickHouseType column, out string? reason)
    {
        if (typeof(T).IsEnum && column.Unwrap().Kind != ClickHouseTypeKind.Nullable)
        {
            // Typed, so that an enum is not boxed per value.
            EnumValueReader<T>? enumReader = EnumValueReader<T>.TryCreate(column.Unwrap(), typeof(T), static value => (T)value, out reason);
            if (enumReader is null)
            {
                NoFit(typeof(T), column, ref reason);
            }
            return enumReader;
        }
        return TryCreate(typeof(T), column, out reason) switch
        {
            null => null,
            ClickHouseValueReader<T> typed => typed,
            ClickHouseValueReader boxed => new UnboxingValueReader<T>(boxed),
        };
    }

    /// <summary>The reader of <paramref name="column"/>'s values as <paramref name="target"/>, or null with why not.</summary>
    public static ClickHouseValueReader? TryCreate(Type target, ClickHouseType column, out string? reason)
    {
        reason = null;
        column = column.Unwrap();
        if (target == typeof(object))
        {
            return new CodecValueReader(column);
        }
        if (target == typeof(ClickHouseDynamic))
        {
            return new DynamicValueReader(column);
        }
        Type? underlying = Nullable.GetUnderlyingType(target);
        if (column.Kind == ClickHouseTypeKind.Nullable)
        {
            if (target.IsValueType && underlying is null)
            {
                reason = $"the column can be NULL, which {CSharpTypeNames.Of(target)} cannot hold; read it as {CSharpTypeNames.Of(target)}?";
                return null;
            }
            ClickHouseValueReader? value = TryCreate(underlying ?? target, column.Arguments[0], out reason);
            if (value is null)
            {
                return null;
            }
            return underlying is not null && s_nullables.TryGetValue(underlying, out NullableFactory? typed)
                ? typed(column, value, hasMarker: true)
                : new NullMarkerValueReader(column, value);
        }
        if (underlying is not null)
        {
            ClickHouseValueReader? value = TryCreate(underlying, column, out reason);
            return value is not null && s_nullables.TryGetValue(underlying, out NullableFactory? typed) ? typed(column, value, hasMarker: false) : value;
        }
        if (s_leaves.TryGetValue(target, out Leaf? leaf) && leaf.Create(column) is { } read)
        {
            return read;
        }
        if (target.IsEnum)
        {
            return EnumValueReader<object>.TryCreate(column, target, static value => value, out reason) ?? NoFit(target, column, ref reason);
        }
        if (target.IsArray && target.GetArrayRank() == 1 && column.Kind == ClickHouseTypeKind.Array)
        {
            ClickHouseValueReader? element = TryCreate(target.GetElementType()!, column.Arguments[0], out reason);
            return element is null ? null : new ArrayValueReader(column, target, element);
        }
        return NoFit(target, column, ref reason);
    }

    /// <summary>What <paramref name="target"/> reads, for a message: the ClickHouse types whose values it holds.</summary>
    public static string Accepted(Type target)
    {
        if (target == typeof(object) || target == typeof(ClickHouseDynamic))
        {
            return "any type";
        }
        if (Nullable.GetUnderlyingType(target) is { } underlying)
        {
            return Accepted(underlying) + ", or Nullable of one";
        }
        if (s_leaves.TryGetValue(target, out Leaf? leaf))
        {
            return leaf.Accepts + (target.IsArray ? ", or an Array of what its elements read" : "");
        }
        if (target.IsEnum)
        {
            return $"Enum8 or Enum16 whose labels are {target.Name}'s member names";
        }
        if (target.IsArray && target.GetArrayRank() == 1)
        {
            return $"Array({Accepted(target.GetElementType()!)})";
        }
        if (IsCollection(target))
        {
            Type[] arguments = target.GetGenericArguments();
            return (arguments.Length == 1 ? $"Array({Accepted(arguments[0])})" : $"Map({Accepted(arguments[0])}, {Accepted(arguments[1])})")
                + " as a scalar, value or tuple element (a data reader's GetFieldValue does not make collections; read an array)";
        }
        return "values only as a member of a [ClickHouseRow] type";
    }

    private static ClickHouseValueReader? NoFit(Type target, ClickHouseType column, ref string? reason)
    {
        string natural = CSharpTypeNames.Of(NaturalType(column)) + (column.IsNullable ? "?" : "");
        reason ??= IsReadable(target)
            ? $"{CSharpTypeNames.Of(target)} reads {Accepted(target)}, not {column}; read it as {natural}"
            : $"{CSharpTypeNames.Of(target)} is read only as a member of a [ClickHouseRow] type (QueryFirstAsync<TRow>, QueryListAsync<TRow>); on its own, read {column} as {natural}";
        return null;
    }

    /// <summary>A <c>List&lt;X&gt;</c> or <c>Dictionary&lt;K, V&gt;</c>: read by <see cref="CollectionValueReader{T}"/>.</summary>
    private static bool IsCollection(Type type)
        => type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(List<>) || type.GetGenericTypeDefinition() == typeof(Dictionary<,>));

    /// <summary>Whether values of <paramref name="target"/> can be read at all without a row type.</summary>
    private static bool IsReadable(Type target)
    {
        Type type = Nullable.GetUnderlyingType(target) ?? target;
        return type == typeof(object) || type == typeof(ClickHouseDynamic) || s_leaves.ContainsKey(type) || type.IsEnum
            || (type.IsArray && type.GetArrayRank() == 1 && IsReadable(type.GetElementType()!)) || IsCollection(type);
    }
}
