using System;
using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Model;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

internal sealed partial class Parser
{
    /// <summary>
    /// The ClickHouse type a C# type maps to when [ClickHouseColumn] gives no <c>Type</c>: the design's mapping
    /// table read from the C# side, with no silent loss of precision (DateTime is DateTime64(7), decimal is
    /// Decimal(28, 10)).
    /// </summary>
    /// <param name="allowNested">True for a row type's own member, where a collection of row types is Nested.</param>
    private BindingResult<ClickHouseType> DefaultType(ITypeSymbol type, bool allowNested)
    {
        if (TryGetNullableUnderlying(type, out ITypeSymbol? underlying))
        {
            if (!DefaultType(underlying, allowNested: false).TryGet(out ClickHouseType? inner, out BindingError? error))
            {
                return error;
            }
            return Create(ClickHouseType.TryCreateWrapper(ClickHouseTypeKind.Nullable, inner, out _), $"ClickHouse has no Nullable({inner}); use the non-nullable '{underlying.ToDisplayString(s_messageFormat)}'");
        }
        if (type.IsReferenceType && type.NullableAnnotation == NullableAnnotation.Annotated)
        {
            if (!DefaultType(type.WithNullableAnnotation(NullableAnnotation.NotAnnotated), allowNested).TryGet(out ClickHouseType? inner, out BindingError? error))
            {
                return error;
            }
            // Only scalars can be Nullable in ClickHouse; a nullable array or map still maps to a plain one.
            return ClickHouseType.TryCreateWrapper(ClickHouseTypeKind.Nullable, inner, out _) ?? inner;
        }

        switch (type.SpecialType)
        {
            case SpecialType.System_SByte: return ClickHouseType.Of(ClickHouseTypeKind.Int8);
            case SpecialType.System_Int16: return ClickHouseType.Of(ClickHouseTypeKind.Int16);
            case SpecialType.System_Int32: return ClickHouseType.Of(ClickHouseTypeKind.Int32);
            case SpecialType.System_Int64: return ClickHouseType.Of(ClickHouseTypeKind.Int64);
            case SpecialType.System_Byte: return ClickHouseType.Of(ClickHouseTypeKind.UInt8);
            case SpecialType.System_UInt16: return ClickHouseType.Of(ClickHouseTypeKind.UInt16);
            case SpecialType.System_UInt32: return ClickHouseType.Of(ClickHouseTypeKind.UInt32);
            case SpecialType.System_UInt64: return ClickHouseType.Of(ClickHouseTypeKind.UInt64);
            case SpecialType.System_Single: return ClickHouseType.Of(ClickHouseTypeKind.Float32);
            case SpecialType.System_Double: return ClickHouseType.Of(ClickHouseTypeKind.Float64);
            case SpecialType.System_Boolean: return ClickHouseType.Of(ClickHouseTypeKind.Bool);
            case SpecialType.System_String: return ClickHouseType.Of(ClickHouseTypeKind.String);
            case SpecialType.System_Decimal: return ClickHouseType.Decimal(28, 10);
            case SpecialType.System_DateTime: return ClickHouseType.DateTime64(7, "UTC");
        }

        if (type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol enumType)
        {
            return DefaultEnumType(enumType);
        }

        if (type is IArrayTypeSymbol { Rank: 1 } array)
        {
            if (array.ElementType.SpecialType == SpecialType.System_Byte)
            {
                return ClickHouseType.Of(ClickHouseTypeKind.String);
            }
            return DefaultCollectionType(array.ElementType, allowNested);
        }

        if (type is not INamedTypeSymbol named)
        {
            return BindingError.Unsupported("it has no ClickHouse type");
        }

        switch (_known.Of(named))
        {
            case KnownType.Int128: return ClickHouseType.Of(ClickHouseTypeKind.Int128);
            case KnownType.UInt128: return ClickHouseType.Of(ClickHouseTypeKind.UInt128);
            case KnownType.BigInteger: return ClickHouseType.Of(ClickHouseTypeKind.Int256);
            case KnownType.DateOnly: return ClickHouseType.Of(ClickHouseTypeKind.Date);
            case KnownType.DateTimeOffset: return ClickHouseType.DateTime64(7, "UTC");
            case KnownType.TimeSpan: return ClickHouseType.Time64(7);
            case KnownType.Guid: return ClickHouseType.Of(ClickHouseTypeKind.UUID);
            case KnownType.IPAddress: return ClickHouseType.Of(ClickHouseTypeKind.IPv6);
            case KnownType.ClickHouseDecimal: return ClickHouseType.Decimal(76, 38);
            case KnownType.ClickHouseDynamic: return ClickHouseType.Of(ClickHouseTypeKind.Dynamic);
            case KnownType.ClickHouseGeometry: return ClickHouseType.Of(ClickHouseTypeKind.Geometry);
            case KnownType.JsonNode:
            case KnownType.JsonDocument:
                return ClickHouseType.Of(ClickHouseTypeKind.Json);
            case KnownType.ReadOnlyMemory when named.TypeArguments[0].SpecialType == SpecialType.System_Byte:
                return ClickHouseType.Of(ClickHouseTypeKind.String);
            case KnownType.List:
            case KnownType.ReadOnlyListInterface:
            case KnownType.ListInterface:
            case KnownType.ImmutableArray:
                if (TryGetKeyValuePair(named.TypeArguments[0], out ITypeSymbol? pairKey, out ITypeSymbol? pairValue) && _known.Is(named, KnownType.List))
                {
                    return DefaultMapType(pairKey, pairValue);
                }
                return DefaultCollectionType(named.TypeArguments[0], allowNested);
            case KnownType.Dictionary:
            case KnownType.ReadOnlyDictionaryInterface:
            case KnownType.DictionaryInterface:
                return DefaultMapType(named.TypeArguments[0], named.TypeArguments[1]);
        }

        if (named.IsTupleType)
        {
            var elements = new ClickHouseType[named.TupleElements.Length];
            for (int i = 0; i < elements.Length; i++)
            {
                if (!DefaultType(named.TupleElements[i].Type, allowNested: false).TryGet(out ClickHouseType? element, out BindingError? error))
                {
                    return error;
                }
                elements[i] = element;
            }
            return Create(ClickHouseType.TryCreateTuple(ClickHouseTypeKind.Tuple, elements, null, out _, out _), "its elements do not form a valid ClickHouse Tuple");
        }

        if (_known.Is(named, KnownType.ClickHouseVariant))
        {
            var arms = new ClickHouseType[named.TypeArguments.Length];
            for (int i = 0; i < arms.Length; i++)
            {
                if (!DefaultType(named.TypeArguments[i], allowNested: false).TryGet(out ClickHouseType? arm, out BindingError? error))
                {
                    return error;
                }
                arms[i] = arm;
            }
            return Create(
                ClickHouseType.TryCreateVariant(arms, out _, out _),
                $"its arms map to Variant({string.Join(", ", (object[])arms)}), which ClickHouse does not accept (the types must be distinct and not Nullable); declare the Variant with [ClickHouseColumn(Type = \"Variant(...)\")]");
        }

        if (IsRowType(named))
        {
            return NestedShape(named).TryGet(out RowShape? shape, out BindingError? error) ? ClickHouseType.Tuple(NamedColumnTypes(shape)) : error;
        }

        return BindingError.Unsupported("it has no default ClickHouse type (see the type mapping), and it is not a [ClickHouseRow] type");
    }

    /// <summary>Array(T) of the element's default type, or Nested(...) for a row type's own collection of row types.</summary>
    private BindingResult<ClickHouseType> DefaultCollectionType(ITypeSymbol element, bool allowNested)
    {
        BindingError? error;
        if (allowNested && element is INamedTypeSymbol named && IsRowType(named))
        {
            return NestedShape(named).TryGet(out RowShape? shape, out error) ? ClickHouseType.Nested(NamedColumnTypes(shape)) : error;
        }
        if (!DefaultType(element, allowNested: false).TryGet(out ClickHouseType? elementType, out error))
        {
            return error;
        }
        return Create(ClickHouseType.TryCreateWrapper(ClickHouseTypeKind.Array, elementType, out _), $"ClickHouse has no Array({elementType})");
    }

    private BindingResult<ClickHouseType> DefaultMapType(ITypeSymbol key, ITypeSymbol value)
    {
        if (!DefaultType(key, allowNested: false).TryGet(out ClickHouseType? keyType, out BindingError? error)
            || !DefaultType(value, allowNested: false).TryGet(out ClickHouseType? valueType, out error))
        {
            return error;
        }
        return Create(ClickHouseType.TryCreateMap(keyType, valueType, out _), $"ClickHouse has no Map({keyType}, {valueType}): a key cannot be Nullable, an array or a map");
    }

    /// <summary>Enum8 when every value fits Int8 and the underlying type is sbyte or byte, else Enum16; labels are the member names.</summary>
    private static BindingResult<ClickHouseType> DefaultEnumType(INamedTypeSymbol enumType)
    {
        var members = new List<KeyValuePair<string, long>>();
        bool fitsInt8 = enumType.EnumUnderlyingType?.SpecialType is SpecialType.System_SByte or SpecialType.System_Byte;
        foreach (ISymbol symbol in enumType.GetMembers())
        {
            if (symbol is not IFieldSymbol { HasConstantValue: true } field)
            {
                continue;
            }
            long value = Convert.ToInt64(field.ConstantValue, System.Globalization.CultureInfo.InvariantCulture);
            if (value < short.MinValue || value > short.MaxValue)
            {
                return BindingError.Unsupported($"the value {value} of '{field.Name}' does not fit Enum16 (-32768 to 32767); map the column to an integer type with [ClickHouseColumn(Type = \"...\")]");
            }
            fitsInt8 &= value >= sbyte.MinValue && value <= sbyte.MaxValue;
            members.Add(new KeyValuePair<string, long>(field.Name, value));
        }
        if (members.Count == 0)
        {
            return BindingError.Unsupported("the enum has no members, and a ClickHouse Enum needs at least one");
        }
        return Create(
            ClickHouseType.TryCreateEnum(fitsInt8 ? ClickHouseTypeKind.Enum8 : ClickHouseTypeKind.Enum16, members, out _, out _),
            "its members do not form a valid ClickHouse Enum (two members share a value?); declare the Enum with [ClickHouseColumn(Type = \"Enum8(...)\")]");
    }

    private static List<KeyValuePair<string, ClickHouseType>> NamedColumnTypes(RowShape shape)
    {
        var columns = new List<KeyValuePair<string, ClickHouseType>>();
        foreach (FieldSpec field in shape.Fields)
        {
            columns.Add(new KeyValuePair<string, ClickHouseType>(field.ColumnName, ClickHouseType.Parse(field.Value.ClickHouseType)));
        }
        return columns;
    }

    /// <summary>A type made by one of ClickHouseType's validating factories, or why the C# type has none.</summary>
    private static BindingResult<ClickHouseType> Create(ClickHouseType? created, string reason)
        => created is null ? BindingError.Unsupported(reason) : created;

    private static bool TryGetNullableUnderlying(ITypeSymbol type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ITypeSymbol? underlying)
    {
        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            underlying = nullable.TypeArguments[0];
            return true;
        }
        underlying = null;
        return false;
    }

    private bool TryGetKeyValuePair(ITypeSymbol type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ITypeSymbol? key, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ITypeSymbol? value)
    {
        if (type is INamedTypeSymbol named && _known.Is(named, KnownType.KeyValuePair))
        {
            key = named.TypeArguments[0];
            value = named.TypeArguments[1];
            return true;
        }
        key = null;
        value = null;
        return false;
    }

    private bool IsRowType(INamedTypeSymbol type) => _known.HasAttribute(type, KnownType.RowAttribute);

    /// <summary>
    /// The shape of a [ClickHouseRow] type used inside the row being generated (as a Tuple or a Nested column),
    /// analysed once per type. A type that contains itself, or one with errors of its own, cannot be used.
    /// </summary>
    private BindingResult<RowShape> NestedShape(INamedTypeSymbol type)
    {
        foreach (INamedTypeSymbol inProgress in _rowsInProgress)
        {
            if (SymbolEqualityComparer.Default.Equals(inProgress, type))
            {
                return BindingError.Recursive(DisplayName(_rowsInProgress[0]), DisplayName(type));
            }
        }
        if (!_nestedShapes.TryGetValue(type, out (RowShape? Shape, string? Error) nested))
        {
            if (type.TypeParameters.Length > 0)
            {
                return BindingError.Unsupported($"the row type '{DisplayName(type)}' is generic");
            }
            var diagnostics = new List<DiagnosticInfo>();
            _rowsInProgress.Add(type);
            nested.Shape = ParseRowShape(type, isTopLevel: false, diagnostics, out BindingError? recursion);
            _rowsInProgress.RemoveAt(_rowsInProgress.Count - 1);
            if (recursion is not null)
            {
                // The outer member reports it: the row type contains itself through this one.
                return recursion;
            }
            DiagnosticInfo? error = diagnostics.Find(d => d.IsError);
            nested.Error = error is null ? null : error.ToDiagnostic().GetMessage(System.Globalization.CultureInfo.InvariantCulture);
            _nestedShapes.Add(type, nested);
        }
        return nested.Shape is null ? BindingError.Unsupported($"the row type '{DisplayName(type)}' cannot be used here: {nested.Error}") : nested.Shape;
    }
}
