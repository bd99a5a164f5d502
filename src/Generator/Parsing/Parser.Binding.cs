using System;
using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Helpers;
using ClickHouse.RowBinary.Generator.Model;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

internal sealed partial class Parser
{
    /// <summary>
    /// Checks that a C# type can hold a ClickHouse type (the design's mapping table, "also accepted" included)
    /// and describes how to write and read it, or says why it cannot.
    /// </summary>
    private BindingResult<ValueSpec> Bind(ITypeSymbol type, ClickHouseType clickHouseType, bool allowNested)
    {
        _cancellationToken.ThrowIfCancellationRequested();
        string name = clickHouseType.ToString();
        switch (clickHouseType.Kind)
        {
            case ClickHouseTypeKind.LowCardinality:
                // The encoding is the inner type's; its values repeat by design, so strings are read through the cache.
                bool outer = _cacheStrings;
                _cacheStrings = true;
                BindingResult<ValueSpec> lowCardinality = Bind(type, clickHouseType.Arguments[0], allowNested: false);
                _cacheStrings = outer;
                return Renamed(lowCardinality, name);
            case ClickHouseTypeKind.SimpleAggregateFunction:
                // The value is written as the inner type.
                return Renamed(Bind(type, clickHouseType.Arguments[0], allowNested: false), name);
            case ClickHouseTypeKind.Nullable:
                return BindNullable(type, clickHouseType);
        }

        if (TryGetNullableUnderlying(type, out ITypeSymbol? underlying))
        {
            return BindingError.Mismatch($"{name} is not Nullable, so a null value has nowhere to go; use '{Display(underlying)}', or declare Nullable({name})");
        }

        switch (clickHouseType.Kind)
        {
            case ClickHouseTypeKind.Int8: return BindInteger(type, name, SpecialType.System_SByte, ScalarEncoding.Int8, 1);
            case ClickHouseTypeKind.Int16: return BindInteger(type, name, SpecialType.System_Int16, ScalarEncoding.Int16, 2);
            case ClickHouseTypeKind.Int32: return BindInteger(type, name, SpecialType.System_Int32, ScalarEncoding.Int32, 4);
            case ClickHouseTypeKind.Int64: return BindInteger(type, name, SpecialType.System_Int64, ScalarEncoding.Int64, 8);
            case ClickHouseTypeKind.UInt8: return BindInteger(type, name, SpecialType.System_Byte, ScalarEncoding.UInt8, 1);
            case ClickHouseTypeKind.UInt16: return BindInteger(type, name, SpecialType.System_UInt16, ScalarEncoding.UInt16, 2);
            case ClickHouseTypeKind.UInt32: return BindInteger(type, name, SpecialType.System_UInt32, ScalarEncoding.UInt32, 4);
            case ClickHouseTypeKind.UInt64: return BindInteger(type, name, SpecialType.System_UInt64, ScalarEncoding.UInt64, 8);
            case ClickHouseTypeKind.Int128 when _known.Is(type, KnownType.Int128):
                return Scalar(type, name, 16, ScalarEncoding.Int128, blittable: true);
            case ClickHouseTypeKind.UInt128 when _known.Is(type, KnownType.UInt128):
                return Scalar(type, name, 16, ScalarEncoding.UInt128, blittable: true);
            case ClickHouseTypeKind.Int256 when _known.Is(type, KnownType.BigInteger):
                return Scalar(type, name, 32, ScalarEncoding.Int256);
            case ClickHouseTypeKind.UInt256 when _known.Is(type, KnownType.BigInteger):
                return Scalar(type, name, 32, ScalarEncoding.UInt256);
            case ClickHouseTypeKind.Float32 when type.SpecialType == SpecialType.System_Single:
                return Scalar(type, name, 4, ScalarEncoding.Float32, blittable: true);
            case ClickHouseTypeKind.Float64 when type.SpecialType == SpecialType.System_Double:
                return Scalar(type, name, 8, ScalarEncoding.Float64, blittable: true);
            case ClickHouseTypeKind.BFloat16 when type.SpecialType == SpecialType.System_Single:
                return Scalar(type, name, 2, ScalarEncoding.BFloat16);
            case ClickHouseTypeKind.Bool when type.SpecialType == SpecialType.System_Boolean:
                return Scalar(type, name, 1, ScalarEncoding.Bool);
            case ClickHouseTypeKind.String:
                return BindString(type, name);
            case ClickHouseTypeKind.FixedString:
                return BindFixedString(type, name, clickHouseType.Length);
            case ClickHouseTypeKind.Date:
            case ClickHouseTypeKind.Date32:
                return BindDate(type, name, clickHouseType.Kind == ClickHouseTypeKind.Date ? ScalarEncoding.Date : ScalarEncoding.Date32, clickHouseType.ByteSize);
            case ClickHouseTypeKind.DateTime when type.SpecialType == SpecialType.System_DateTime:
                return Scalar(type, name, 4, ScalarEncoding.DateTime);
            case ClickHouseTypeKind.DateTime when _known.Is(type, KnownType.DateTimeOffset):
                return Scalar(type, name, 4, ScalarEncoding.DateTime, ScalarHolder.DateTimeOffset);
            case ClickHouseTypeKind.DateTime64:
                return BindDateTime64(type, name, clickHouseType.Precision);
            case ClickHouseTypeKind.Decimal:
                return BindDecimal(type, name, clickHouseType.Precision, clickHouseType.Scale);
            case ClickHouseTypeKind.UUID when _known.Is(type, KnownType.Guid):
                return Scalar(type, name, 16, ScalarEncoding.Uuid);
            case ClickHouseTypeKind.IPv4 when _known.Is(type, KnownType.IPAddress):
                return Scalar(type, name, 4, ScalarEncoding.IPv4);
            case ClickHouseTypeKind.IPv4 when type.SpecialType == SpecialType.System_UInt32:
                return Scalar(type, name, 4, ScalarEncoding.IPv4, ScalarHolder.UInt32);
            case ClickHouseTypeKind.IPv6 when _known.Is(type, KnownType.IPAddress):
                return Scalar(type, name, 16, ScalarEncoding.IPv6);
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                return BindEnum(type, clickHouseType);
            case ClickHouseTypeKind.Array:
                return BindArray(type, name, clickHouseType.Arguments[0]);
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
                return BindArray(type, name, ClickHouseType.Of(ClickHouseTypeKind.Point));
            case ClickHouseTypeKind.QBit:
                return BindArray(type, name, clickHouseType.Arguments[0], clickHouseType.Dimension);
            case ClickHouseTypeKind.Geometry when _known.Is(type, KnownType.ClickHouseGeometry):
                return Scalar(type, name, 1, ScalarEncoding.Geometry);
            case ClickHouseTypeKind.Geometry when type is INamedTypeSymbol named && _known.Is(named, KnownType.ClickHouseVariant):
                return BindVariant(type, clickHouseType);
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
                return BindArray(type, name, ClickHouseType.Of(ClickHouseTypeKind.Ring));
            case ClickHouseTypeKind.MultiPolygon:
                return BindArray(type, name, ClickHouseType.Of(ClickHouseTypeKind.Polygon));
            case ClickHouseTypeKind.Tuple:
                return BindTuple(type, name, clickHouseType.Arguments, clickHouseType.ElementNames);
            case ClickHouseTypeKind.Point:
                return BindTuple(type, name, new[] { ClickHouseType.Of(ClickHouseTypeKind.Float64), ClickHouseType.Of(ClickHouseTypeKind.Float64) }, Array.Empty<string?>());
            case ClickHouseTypeKind.Map:
                return BindMap(type, name, clickHouseType.Arguments[0], clickHouseType.Arguments[1]);
            case ClickHouseTypeKind.Nested:
                return BindNested(type, clickHouseType, allowNested);
            case ClickHouseTypeKind.Variant:
                return BindVariant(type, clickHouseType);
            case ClickHouseTypeKind.Dynamic when _known.Is(type, KnownType.ClickHouseDynamic):
                return Scalar(type, name, 1, ScalarEncoding.Dynamic);
            case ClickHouseTypeKind.Json:
                return BindJson(type, name);
            case ClickHouseTypeKind.Time when _known.Is(type, KnownType.TimeSpan):
                return Scalar(type, name, 4, ScalarEncoding.Time);
            case ClickHouseTypeKind.Time64 when _known.Is(type, KnownType.TimeSpan):
                return Scalar(type, name, 8, ScalarEncoding.Time64) with { Precision = clickHouseType.Precision };
            case ClickHouseTypeKind.Time64 when type.SpecialType == SpecialType.System_Int64:
                return Scalar(type, name, 8, ScalarEncoding.Int64, blittable: true);
            case ClickHouseTypeKind.Interval:
                return BindInterval(type, name, clickHouseType.IntervalUnit!);
            case ClickHouseTypeKind.Nothing:
                return BindingError.Mismatch(NothingHasNoValues);
        }

        return BindingError.Mismatch(Accepted(clickHouseType));
    }

    /// <summary>A wrapper type (LowCardinality, SimpleAggregateFunction) encoded as its inner type: the inner value under the wrapper's name.</summary>
    private static BindingResult<ValueSpec> Renamed(BindingResult<ValueSpec> inner, string name)
        => inner.TryGet(out ValueSpec? value, out BindingError? error) ? value with { ClickHouseType = name } : error;

    /// <summary>Nullable(T): a nullable value type <c>T?</c>, or a reference type (null is NULL).</summary>
    private BindingResult<ValueSpec> BindNullable(ITypeSymbol type, ClickHouseType clickHouseType)
    {
        string name = clickHouseType.ToString();
        ClickHouseType inner = clickHouseType.Arguments[0];
        if (TryGetNullableUnderlying(type, out ITypeSymbol? underlying))
        {
            if (!Bind(underlying, inner, allowNested: false).TryGet(out ValueSpec? value, out BindingError? error))
            {
                return error;
            }
            return new NullableValueSpec(TypeName(type), name, IsReferenceType: false, MinimumByteSize: 1, DefaultCheck.IsNull, value, IsNullableValueType: true);
        }
        if (type.IsReferenceType && type.NullableAnnotation == NullableAnnotation.NotAnnotated)
        {
            return BindingError.Mismatch($"the column can be NULL, so declare the member as nullable: '{Display(type)}?'");
        }
        if (type.IsReferenceType)
        {
            ITypeSymbol notAnnotated = type.WithNullableAnnotation(NullableAnnotation.NotAnnotated);
            ITypeSymbol annotated = type.WithNullableAnnotation(NullableAnnotation.Annotated);
            BindingResult<ValueSpec> bound = inner.Kind == ClickHouseTypeKind.Nothing && type.SpecialType == SpecialType.System_Object
                ? new NothingValueSpec(TypeName(notAnnotated), inner.ToString(), IsReferenceType: true, MinimumByteSize: 0, DefaultCheck.IsNull)
                : Bind(notAnnotated, inner, allowNested: false);
            if (!bound.TryGet(out ValueSpec? value, out BindingError? error))
            {
                return error;
            }
            return new NullableValueSpec(TypeName(annotated), name, IsReferenceType: true, MinimumByteSize: 1, DefaultCheck.IsNull, value, IsNullableValueType: false);
        }
        return BindingError.Mismatch($"a Nullable column needs a C# type that can be null: use '{Display(type)}?'");
    }

    private BindingResult<ValueSpec> BindInteger(ITypeSymbol type, string name, SpecialType specialType, ScalarEncoding encoding, int size)
    {
        if (type.SpecialType == specialType)
        {
            return Scalar(type, name, size, encoding, blittable: true);
        }
        if (type is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } enumUnderlying } && enumUnderlying.SpecialType == specialType)
        {
            // A C# enum stored as its number: the underlying type must be exactly the column's.
            return Scalar(type, name, size, encoding, ScalarHolder.CSharpEnum);
        }
        return BindingError.Mismatch($"{name} is held by '{SpecialTypeKeyword(specialType)}' (or a C# enum whose underlying type is '{SpecialTypeKeyword(specialType)}')");
    }

    private BindingResult<ValueSpec> BindString(ITypeSymbol type, string name)
    {
        if (type.SpecialType == SpecialType.System_String)
        {
            // WriteString rejects null itself, with a message that says how to declare a Nullable column.
            return Scalar(type, name, 1, ScalarEncoding.String, needsNullCheck: false) with { CacheStrings = _cacheStrings };
        }
        if (IsByteArray(type))
        {
            return Scalar(type, name, 1, ScalarEncoding.String, ScalarHolder.ByteArray);
        }
        if (IsReadOnlyMemoryOfByte(type))
        {
            return Scalar(type, name, 1, ScalarEncoding.String, ScalarHolder.ByteMemory);
        }
        return BindingError.Mismatch($"{name} is held by 'string' (UTF-8 text), or by 'byte[]' or 'ReadOnlyMemory<byte>' (the bytes exactly as stored)");
    }

    private BindingResult<ValueSpec> BindFixedString(ITypeSymbol type, string name, int length)
    {
        if (type.SpecialType == SpecialType.System_String)
        {
            return Scalar(type, name, length, ScalarEncoding.FixedString, needsNullCheck: false) with { Length = length };
        }
        if (IsByteArray(type))
        {
            return Scalar(type, name, length, ScalarEncoding.FixedString, ScalarHolder.ByteArray) with { Length = length };
        }
        if (IsReadOnlyMemoryOfByte(type))
        {
            return Scalar(type, name, length, ScalarEncoding.FixedString, ScalarHolder.ByteMemory) with { Length = length };
        }
        return BindingError.Mismatch($"{name} is held by 'byte[]' or 'ReadOnlyMemory<byte>' (all N bytes), or by 'string' (zero-padded on write, trailing zeros trimmed on read)");
    }

    private BindingResult<ValueSpec> BindDate(ITypeSymbol type, string name, ScalarEncoding encoding, int size)
    {
        if (_known.Is(type, KnownType.DateOnly))
        {
            return Scalar(type, name, size, encoding);
        }
        if (type.SpecialType == SpecialType.System_DateTime)
        {
            return Scalar(type, name, size, encoding, ScalarHolder.DateTime);
        }
        return BindingError.Mismatch($"{name} is held by 'DateOnly' or 'DateTime'");
    }

    private BindingResult<ValueSpec> BindDateTime64(ITypeSymbol type, string name, int precision)
    {
        if (type.SpecialType == SpecialType.System_DateTime)
        {
            return Scalar(type, name, 8, ScalarEncoding.DateTime64) with { Precision = precision };
        }
        if (_known.Is(type, KnownType.DateTimeOffset))
        {
            return Scalar(type, name, 8, ScalarEncoding.DateTime64, ScalarHolder.DateTimeOffset) with { Precision = precision };
        }
        if (type.SpecialType == SpecialType.System_Int64)
        {
            // The raw ticks of 10^-precision seconds: every digit kept, even those finer than 100 ns.
            return Scalar(type, name, 8, ScalarEncoding.Int64, blittable: true);
        }
        return BindingError.Mismatch($"{name} is held by 'DateTime' (UTC), 'DateTimeOffset', or 'long' (the raw ticks of 10^-{precision} s)");
    }

    private BindingResult<ValueSpec> BindDecimal(ITypeSymbol type, string name, int precision, int scale)
    {
        int size = ClickHouseType.DecimalByteSize(precision);
        if (type.SpecialType == SpecialType.System_Decimal)
        {
            return Scalar(type, name, size, ScalarEncoding.Decimal) with { Precision = precision, Scale = scale };
        }
        if (_known.Is(type, KnownType.ClickHouseDecimal))
        {
            return Scalar(type, name, size, ScalarEncoding.Decimal, ScalarHolder.ClickHouseDecimal) with { Precision = precision, Scale = scale };
        }
        return BindingError.Mismatch($"{name} is held by 'decimal' (up to 28 digits) or 'ClickHouseDecimal' (any precision, exactly)");
    }

    /// <summary>
    /// JSON: plain, or with typed paths, SKIP and parameters, which change the encoding: the reader and writer then
    /// take the parsed type.
    /// </summary>
    private BindingResult<ValueSpec> BindJson(ITypeSymbol type, string name)
    {
        string? jsonType = name == "JSON" ? null : name;
        if (type.SpecialType == SpecialType.System_String)
        {
            return Scalar(type, name, 1, ScalarEncoding.Json) with { JsonType = jsonType };
        }
        if (_known.Is(type, KnownType.JsonNode))
        {
            return Scalar(type, name, 1, ScalarEncoding.Json, ScalarHolder.JsonNode) with { JsonType = jsonType };
        }
        if (_known.Is(type, KnownType.JsonDocument))
        {
            return Scalar(type, name, 1, ScalarEncoding.Json, ScalarHolder.JsonDocument) with { JsonType = jsonType };
        }
        return BindingError.Mismatch($"{name} is held by 'string' (the JSON text), 'JsonNode' or 'JsonDocument'");
    }

    /// <summary>Interval*: the number of units as a long, or a TimeSpan where the unit has a fixed length.</summary>
    private BindingResult<ValueSpec> BindInterval(ITypeSymbol type, string name, string unit)
    {
        if (type.SpecialType == SpecialType.System_Int64)
        {
            return Scalar(type, name, 8, ScalarEncoding.Int64, blittable: true);
        }
        if (_known.Is(type, KnownType.TimeSpan))
        {
            IntervalUnit fixedLength = unit switch
            {
                "Nanosecond" => IntervalUnit.Nanosecond,
                "Microsecond" => IntervalUnit.Microsecond,
                "Millisecond" => IntervalUnit.Millisecond,
                "Second" => IntervalUnit.Second,
                "Minute" => IntervalUnit.Minute,
                "Hour" => IntervalUnit.Hour,
                "Day" => IntervalUnit.Day,
                "Week" => IntervalUnit.Week,
                _ => IntervalUnit.None,
            };
            if (fixedLength != IntervalUnit.None)
            {
                return Scalar(type, name, 8, ScalarEncoding.Interval) with { IntervalUnit = fixedLength };
            }
            return BindingError.Mismatch($"a {unit.ToLowerInvariant()} has no fixed length, so {name} is held by 'long' (the number of units) only");
        }
        return BindingError.Mismatch($"{name} is held by 'long' (the number of units), or 'TimeSpan' where the unit has a fixed length");
    }

    /// <summary>
    /// Enum8/Enum16: a C# enum whose member names match the labels (exactly, else ignoring case), the label as a
    /// string, or the stored number as sbyte/short.
    /// </summary>
    private BindingResult<ValueSpec> BindEnum(ITypeSymbol type, ClickHouseType clickHouseType)
    {
        string name = clickHouseType.ToString();
        bool isEnum8 = clickHouseType.Kind == ClickHouseTypeKind.Enum8;
        string storage = isEnum8 ? "sbyte" : "short";
        ScalarEncoding storageEncoding = isEnum8 ? ScalarEncoding.Int8 : ScalarEncoding.Int16;
        int size = isEnum8 ? 1 : 2;
        var members = new List<EnumMemberSpec>();

        if (type.SpecialType == SpecialType.System_String)
        {
            foreach (KeyValuePair<string, short> member in clickHouseType.EnumMembers)
            {
                members.Add(new EnumMemberSpec(member.Key, member.Value, null));
            }
            return new EnumValueSpec(TypeName(type), name, IsReferenceType: true, size, DefaultCheck.IsNullOrEmptyString, EnumRepresentation.Label, storageEncoding, members.ToEquatableArray());
        }
        if (type.SpecialType == (isEnum8 ? SpecialType.System_SByte : SpecialType.System_Int16))
        {
            foreach (KeyValuePair<string, short> member in clickHouseType.EnumMembers)
            {
                members.Add(new EnumMemberSpec(member.Key, member.Value, null));
            }
            return new EnumValueSpec(TypeName(type), name, IsReferenceType: false, size, DefaultCheck.EqualsZero, EnumRepresentation.Number, storageEncoding, members.ToEquatableArray());
        }
        if (type is not INamedTypeSymbol { TypeKind: TypeKind.Enum } enumType)
        {
            return BindingError.Mismatch($"{name} is held by a C# enum with members named like its labels, by 'string' (the label) or by '{storage}' (the number)");
        }

        var fields = new List<IFieldSymbol>();
        foreach (ISymbol symbol in enumType.GetMembers())
        {
            if (symbol is IFieldSymbol { HasConstantValue: true } field)
            {
                fields.Add(field);
            }
        }
        var missing = new List<string>();
        var usedValues = new HashSet<object>();
        foreach (KeyValuePair<string, short> member in clickHouseType.EnumMembers)
        {
            IFieldSymbol? match = fields.Find(f => f.Name == member.Key);
            if (match is null)
            {
                List<IFieldSymbol> ignoringCase = fields.FindAll(f => string.Equals(f.Name, member.Key, StringComparison.OrdinalIgnoreCase));
                match = ignoringCase.Count == 1 ? ignoringCase[0] : null;
            }
            if (match is null)
            {
                missing.Add("'" + member.Key + "'");
                continue;
            }
            if (!usedValues.Add(match.ConstantValue!))
            {
                return BindingError.Mismatch($"the labels of {name} map to C# enum members with the same value ('{match.Name}'), so a written value would be ambiguous");
            }
            members.Add(new EnumMemberSpec(member.Key, member.Value, match.Name));
        }
        if (missing.Count > 0)
        {
            return BindingError.Mismatch($"the labels {string.Join(", ", missing)} have no member of the same name in '{Display(enumType)}'; add them, or map the column to string");
        }
        return new EnumValueSpec(TypeName(type), name, IsReferenceType: false, size, DefaultCheck.EqualsDefault, EnumRepresentation.CSharpEnum, storageEncoding, members.ToEquatableArray());
    }

    /// <summary>What ClickHouse sends of Nothing, which has no values (proven against ClickHouse 26.9).</summary>
    private const string NothingHasNoValues =
        "Nothing has no values: ClickHouse sends it only inside Nullable(Nothing), always NULL (SELECT NULL), held by 'object?', "
        + "and Array(Nothing), always empty (SELECT []), held by 'object[]' or another collection of object; and no table can have such a column";

    /// <param name="dimension">The exact element count of a QBit(T, N); 0 for an Array.</param>
    private BindingResult<ValueSpec> BindArray(ITypeSymbol type, string name, ClickHouseType element, int dimension = 0)
    {
        if (!TryGetCollection(type, out CollectionKind kind, out ITypeSymbol? elementType))
        {
            return BindingError.Mismatch($"{name} is held by T[], List<T>, IReadOnlyList<T>, IList<T> or ImmutableArray<T>");
        }
        ValueSpec? elementValue;
        if (element.Kind == ClickHouseTypeKind.Nothing && elementType.SpecialType == SpecialType.System_Object)
        {
            elementValue = new NothingValueSpec(TypeName(elementType), element.ToString(), IsReferenceType: true, MinimumByteSize: 0, DefaultCheck.IsNull);
        }
        else if (!Bind(elementType, element, allowNested: false).TryGet(out elementValue, out BindingError? error))
        {
            return error;
        }
        // A QBit value always takes its count and N elements: the bound that checks the counts of collections around it.
        int minimumSize = dimension == 0 ? 1 : (int)Math.Min(1 + (long)dimension * elementValue.MinimumByteSize, int.MaxValue);
        return new ArrayValueSpec(TypeName(type), name, kind != CollectionKind.ImmutableArray, minimumSize, CollectionIsEmpty(kind), kind, elementValue, dimension);
    }

    private BindingResult<ValueSpec> BindTuple(ITypeSymbol type, string name, IReadOnlyList<ClickHouseType> elements, IReadOnlyList<string?> elementNames)
    {
        if (type is INamedTypeSymbol { IsTupleType: true } tuple)
        {
            if (tuple.TupleElements.Length != elements.Count)
            {
                return BindingError.Mismatch($"{name} has {elements.Count} elements but the C# tuple has {tuple.TupleElements.Length}");
            }
            var values = new ValueSpec[elements.Count];
            int minimumSize = 0;
            for (int i = 0; i < values.Length; i++)
            {
                if (!Bind(tuple.TupleElements[i].Type, elements[i], allowNested: false).TryGet(out ValueSpec? value, out BindingError? error))
                {
                    return error;
                }
                values[i] = value;
                minimumSize = ValueSpec.AddSizes(minimumSize, values[i].MinimumByteSize);
            }
            return new TupleValueSpec(TypeName(type), name, IsReferenceType: false, minimumSize, DefaultCheck.EqualsDefaultByComparer, new EquatableArray<ValueSpec>(values));
        }
        if (type is INamedTypeSymbol named && IsRowType(named))
        {
            if (!NestedShape(named).TryGet(out RowShape? shape, out BindingError? error))
            {
                return error;
            }
            if (ColumnsMismatch(shape, name, elements, elementNames, "element") is { } mismatch)
            {
                return mismatch;
            }
            int minimumSize = 0;
            foreach (FieldSpec field in shape.Fields)
            {
                minimumSize = ValueSpec.AddSizes(minimumSize, field.Value.MinimumByteSize);
            }
            DefaultCheck isDefault = shape.IsReferenceType ? DefaultCheck.IsNull : DefaultCheck.EqualsDefaultByComparer;
            return new RowTupleValueSpec(TypeName(type), name, shape.IsReferenceType, minimumSize, isDefault, shape);
        }
        return BindingError.Mismatch($"{name} is held by a C# tuple with {elements.Count} elements, or by a [ClickHouseRow] type with one column per element");
    }

    private BindingResult<ValueSpec> BindMap(ITypeSymbol type, string name, ClickHouseType key, ClickHouseType value)
    {
        MapKind kind;
        ITypeSymbol? keyType;
        ITypeSymbol? valueType;
        switch (_known.Of(type))
        {
            case KnownType.Dictionary:
                kind = MapKind.Dictionary;
                break;
            case KnownType.ReadOnlyDictionaryInterface:
                kind = MapKind.ReadOnlyDictionaryInterface;
                break;
            case KnownType.DictionaryInterface:
                kind = MapKind.DictionaryInterface;
                break;
            case KnownType.List when TryGetKeyValuePair(((INamedTypeSymbol)type).TypeArguments[0], out _, out _):
                kind = MapKind.KeyValuePairList;
                break;
            default:
                return BindingError.Mismatch($"{name} is held by Dictionary<K, V>, IReadOnlyDictionary<K, V>, IDictionary<K, V>, or List<KeyValuePair<K, V>> (which keeps the order and repeated keys)");
        }
        var arguments = ((INamedTypeSymbol)type).TypeArguments;
        if (kind == MapKind.KeyValuePairList)
        {
            TryGetKeyValuePair(arguments[0], out keyType, out valueType);
        }
        else
        {
            keyType = arguments[0];
            valueType = arguments[1];
        }
        if (!Bind(keyType!, key, allowNested: false).TryGet(out ValueSpec? keyValue, out BindingError? error)
            || !Bind(valueType!, value, allowNested: false).TryGet(out ValueSpec? valueValue, out error))
        {
            return error;
        }
        return new MapValueSpec(TypeName(type), name, IsReferenceType: true, 1, DefaultCheck.IsNullOrEmptyCollection, kind, keyValue, valueValue);
    }

    /// <summary>
    /// Nested(a A, ..): as a row type's own member, a collection of a [ClickHouseRow] type whose columns are exactly
    /// the fields (sent as one array column per field). Inside another type nothing is flattened: it travels as
    /// Array(Tuple(a A, ..)), held by a collection of C# tuples or of such a row type.
    /// </summary>
    private BindingResult<ValueSpec> BindNested(ITypeSymbol type, ClickHouseType clickHouseType, bool allowNested)
    {
        string name = clickHouseType.ToString();
        if (!allowNested)
        {
            var elements = new List<KeyValuePair<string, ClickHouseType>>(clickHouseType.Arguments.Count);
            for (int i = 0; i < clickHouseType.Arguments.Count; i++)
            {
                elements.Add(new KeyValuePair<string, ClickHouseType>(clickHouseType.ElementNames[i]!, clickHouseType.Arguments[i]));
            }
            return BindArray(type, name, ClickHouseType.Tuple(elements));
        }
        if (!TryGetCollection(type, out CollectionKind kind, out ITypeSymbol? elementType) || elementType is not INamedTypeSymbol element || !IsRowType(element))
        {
            return BindingError.Mismatch($"{name} is held by a collection (T[], List<T>, ...) of a [ClickHouseRow] type with one column per field");
        }
        if (!NestedShape(element).TryGet(out RowShape? shape, out BindingError? error))
        {
            return error;
        }
        if (ColumnsMismatch(shape, name, clickHouseType.Arguments, clickHouseType.ElementNames, "field") is { } mismatch)
        {
            return mismatch;
        }
        return new NestedValueSpec(TypeName(type), name, kind != CollectionKind.ImmutableArray, 1, CollectionIsEmpty(kind), kind, shape);
    }

    /// <summary>
    /// Variant(..): a ClickHouseVariant with one arm per type. Each arm takes the Variant type that equals its
    /// default mapping, else the first free one it can hold; its discriminator is that type's index in name order.
    /// </summary>
    private BindingResult<ValueSpec> BindVariant(ITypeSymbol type, ClickHouseType clickHouseType)
    {
        string name = clickHouseType.ToString();
        if (type is not INamedTypeSymbol named || !_known.Is(named, KnownType.ClickHouseVariant))
        {
            return BindingError.Mismatch($"{name} is held by ClickHouseVariant<...> with one arm per type");
        }
        IReadOnlyList<ClickHouseType> types = clickHouseType.Arguments;
        if (named.TypeArguments.Length != types.Count)
        {
            return BindingError.Mismatch($"{name} has {types.Count} types but the ClickHouseVariant has {named.TypeArguments.Length} arms");
        }

        int count = types.Count;
        var discriminators = new int[count];
        var taken = new bool[count];
        for (int i = 0; i < count; i++)
        {
            discriminators[i] = -1;
            ClickHouseType? defaultType = DefaultType(named.TypeArguments[i], allowNested: false).ValueOrNull;
            for (int d = 0; d < count && defaultType is not null; d++)
            {
                if (!taken[d] && types[d] == defaultType)
                {
                    discriminators[i] = d;
                    taken[d] = true;
                    break;
                }
            }
        }
        var arms = new ValueSpec[count];
        for (int i = 0; i < count; i++)
        {
            for (int d = 0; d < count && discriminators[i] < 0; d++)
            {
                if (!taken[d] && Bind(named.TypeArguments[i], types[d], allowNested: false).ValueOrNull is not null)
                {
                    discriminators[i] = d;
                    taken[d] = true;
                }
            }
            if (discriminators[i] < 0)
            {
                return BindingError.Mismatch($"no type of {name} is left that the arm '{Display(named.TypeArguments[i])}' can hold");
            }
        }
        for (int i = 0; i < count; i++)
        {
            if (!Bind(named.TypeArguments[i], types[discriminators[i]], allowNested: false).TryGet(out ValueSpec? arm, out BindingError? error))
            {
                return error;
            }
            arms[i] = arm;
        }
        return new VariantValueSpec(TypeName(type), name, IsReferenceType: false, 1, DefaultCheck.IsNullVariant, new EquatableArray<ValueSpec>(arms), new EquatableArray<int>(discriminators));
    }

    /// <summary>
    /// Why the columns of a nested row type are not, in order, the Tuple elements or Nested fields (same types, same
    /// names where named); null when they are.
    /// </summary>
    private static BindingError? ColumnsMismatch(RowShape shape, string name, IReadOnlyList<ClickHouseType> types, IReadOnlyList<string?> names, string what)
    {
        if (shape.Fields.Count != types.Count)
        {
            return BindingError.Mismatch($"{name} has {types.Count} {what}s but the row type has {shape.Fields.Count} columns");
        }
        for (int i = 0; i < types.Count; i++)
        {
            FieldSpec field = shape.Fields[i];
            if (field.Value.ClickHouseType != types[i].ToString())
            {
                return BindingError.Mismatch($"{what} {i + 1} of {name} is {types[i]} but the column '{field.ColumnName}' of the row type is {field.Value.ClickHouseType}");
            }
            if (names.Count > i && names[i] is string elementName && elementName != field.ColumnName)
            {
                return BindingError.Mismatch($"{what} {i + 1} of {name} is named '{elementName}' but the row type's column is '{field.ColumnName}'");
            }
        }
        return null;
    }

    private bool TryGetCollection(ITypeSymbol type, out CollectionKind kind, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ITypeSymbol? element)
    {
        if (type is IArrayTypeSymbol { Rank: 1 } array)
        {
            kind = CollectionKind.Array;
            element = array.ElementType;
            return true;
        }
        if (type is INamedTypeSymbol { TypeArguments.Length: 1 } named)
        {
            switch (_known.Of(named))
            {
                case KnownType.List:
                    kind = CollectionKind.List;
                    element = named.TypeArguments[0];
                    return true;
                case KnownType.ReadOnlyListInterface:
                    kind = CollectionKind.ReadOnlyListInterface;
                    element = named.TypeArguments[0];
                    return true;
                case KnownType.ListInterface:
                    kind = CollectionKind.ListInterface;
                    element = named.TypeArguments[0];
                    return true;
                case KnownType.ImmutableArray:
                    kind = CollectionKind.ImmutableArray;
                    element = named.TypeArguments[0];
                    return true;
            }
        }
        kind = default;
        element = null;
        return false;
    }

    private static DefaultCheck CollectionIsEmpty(CollectionKind kind) => kind switch
    {
        CollectionKind.Array => DefaultCheck.IsNullOrEmptyArray,
        CollectionKind.ImmutableArray => DefaultCheck.IsDefaultOrEmptyImmutableArray,
        _ => DefaultCheck.IsNullOrEmptyCollection,
    };

    private ScalarValueSpec Scalar(ITypeSymbol type, string name, int size, ScalarEncoding encoding, ScalarHolder holder = ScalarHolder.Natural, bool blittable = false, bool needsNullCheck = true)
        => new(
            TypeName(type),
            name,
            type.IsReferenceType,
            MinimumByteSize: Math.Max(size, 1),
            DefaultCheck: DefaultCheckOf(type),
            Encoding: encoding,
            Holder: holder,
            NeedsNullCheck: needsNullCheck && type.IsReferenceType,
            IsBlittable: blittable);

    /// <summary>How to tell that a scalar is its C# default (null, 0, empty), for RowBinaryWithDefaults.</summary>
    private DefaultCheck DefaultCheckOf(ITypeSymbol type)
    {
        if (type.SpecialType == SpecialType.System_String)
        {
            return DefaultCheck.IsNullOrEmptyString;
        }
        if (IsByteArray(type))
        {
            return DefaultCheck.IsNullOrEmptyArray;
        }
        if (IsReadOnlyMemoryOfByte(type))
        {
            return DefaultCheck.IsEmptyMemory;
        }
        if (type.IsReferenceType)
        {
            return DefaultCheck.IsNull;
        }
        if (type.SpecialType != SpecialType.None || type.TypeKind == TypeKind.Enum)
        {
            return DefaultCheck.EqualsDefault;
        }
        switch (_known.Of(type))
        {
            case KnownType.ClickHouseGeometry:
                return DefaultCheck.IsNullVariant;
            case KnownType.Int128:
            case KnownType.UInt128:
            case KnownType.BigInteger:
            case KnownType.DateOnly:
            case KnownType.DateTimeOffset:
            case KnownType.TimeSpan:
            case KnownType.Guid:
            case KnownType.ClickHouseDecimal:
                return DefaultCheck.EqualsDefault;
        }
        return DefaultCheck.EqualsDefaultByComparer;
    }

    /// <summary>What a ClickHouse type accepts, for a message about a type that does not fit.</summary>
    private static string Accepted(ClickHouseType type) => type.Kind switch
    {
        ClickHouseTypeKind.Int128 => $"{type} is held by 'Int128'",
        ClickHouseTypeKind.UInt128 => $"{type} is held by 'UInt128'",
        ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt256 => $"{type} is held by 'BigInteger'",
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.BFloat16 => $"{type} is held by 'float'",
        ClickHouseTypeKind.Float64 => $"{type} is held by 'double'",
        ClickHouseTypeKind.Bool => $"{type} is held by 'bool'",
        ClickHouseTypeKind.DateTime => $"{type} is held by 'DateTime' (UTC) or 'DateTimeOffset'",
        ClickHouseTypeKind.UUID => $"{type} is held by 'Guid'",
        ClickHouseTypeKind.IPv4 => $"{type} is held by 'IPAddress' or 'uint'",
        ClickHouseTypeKind.IPv6 => $"{type} is held by 'IPAddress'",
        ClickHouseTypeKind.Dynamic => $"{type} is held by 'ClickHouseDynamic'",
        ClickHouseTypeKind.Geometry => $"{type} is held by 'ClickHouseGeometry', or by a ClickHouseVariant<...> with one arm per geo type in the order of its discriminators",
        ClickHouseTypeKind.Time => $"{type} is held by 'TimeSpan'",
        ClickHouseTypeKind.Time64 => $"{type} is held by 'TimeSpan' or 'long' (the raw ticks)",
        _ => $"{type} is not supported by ClickHouse.RowBinary",
    };

    private static bool IsByteArray(ITypeSymbol type) => type is IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte };

    private bool IsReadOnlyMemoryOfByte(ITypeSymbol type)
        => type is INamedTypeSymbol named && _known.Is(named, KnownType.ReadOnlyMemory) && named.TypeArguments[0].SpecialType == SpecialType.System_Byte;

    private static string TypeName(ITypeSymbol type) => type.ToDisplayString(TypeNameFormat);

    private static string Display(ITypeSymbol type) => type.ToDisplayString(s_messageFormat);

    private static string SpecialTypeKeyword(SpecialType specialType) => specialType switch
    {
        SpecialType.System_SByte => "sbyte",
        SpecialType.System_Int16 => "short",
        SpecialType.System_Int32 => "int",
        SpecialType.System_Int64 => "long",
        SpecialType.System_Byte => "byte",
        SpecialType.System_UInt16 => "ushort",
        SpecialType.System_UInt32 => "uint",
        _ => "ulong",
    };
}
