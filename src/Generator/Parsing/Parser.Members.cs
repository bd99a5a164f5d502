using System;
using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Helpers;
using ClickHouse.RowBinary.Generator.Model;
using ClickHouse.RowBinary.Types;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace ClickHouse.RowBinary.Generator.Parsing;

internal sealed partial class Parser
{
    /// <summary>
    /// The columns and construction of a row type: the one being generated (<paramref name="isTopLevel"/>), or one
    /// nested in it as a Tuple or Nested column. Null when something is wrong; <paramref name="diagnostics"/> says what.
    /// </summary>
    private RowShape? ParseRowShape(INamedTypeSymbol type, bool isTopLevel, List<DiagnosticInfo> diagnostics)
    {
        int diagnosticsBefore = diagnostics.Count;
        List<MemberInfo> members = CollectMembers(type, isTopLevel, diagnostics, out List<ISymbol> requiredNonColumns);
        var fields = new List<FieldSpec>();
        var fieldMembers = new List<MemberInfo>();
        var columnOwners = new Dictionary<string, MemberInfo>(StringComparer.Ordinal);
        foreach (MemberInfo member in members)
        {
            _cancellationToken.ThrowIfCancellationRequested();
            if (member.ColumnName.Trim().Length == 0)
            {
                diagnostics.Add(Diagnostic(DiagnosticDescriptors.InvalidColumnName, member.Location, member.Name));
                continue;
            }

            ValueSpec? value = BindMember(member, isTopLevel, diagnostics);
            if (value is null)
            {
                continue;
            }

            var field = new FieldSpec(member.ColumnName, member.Name, LocalName(member.Name), value, member.UseServerDefault);
            foreach (string column in ColumnNames(field))
            {
                if (columnOwners.TryGetValue(column, out MemberInfo? owner))
                {
                    diagnostics.Add(Diagnostic(DiagnosticDescriptors.DuplicateColumnName, member.Location, column, member.Name, owner.Name, DisplayName(type)));
                }
                else
                {
                    columnOwners.Add(column, member);
                }
            }
            fields.Add(field);
            fieldMembers.Add(member);
        }

        if (members.Count == 0)
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.NoColumns, LocationInfo.Of(type), DisplayName(type)));
        }

        ConstructionSpec? construction = ParseConstruction(type, isTopLevel, fieldMembers, requiredNonColumns, diagnostics);
        for (int i = diagnosticsBefore; i < diagnostics.Count; i++)
        {
            if (diagnostics[i].IsError)
            {
                return null;
            }
        }
        return new RowShape(type.ToDisplayString(TypeNameFormat), type.IsReferenceType, fields.ToEquatableArray(), construction!);
    }

    /// <summary>The columns a field stands for: its own, or <c>name.field</c> for each field of a Nested.</summary>
    private static IEnumerable<string> ColumnNames(FieldSpec field)
    {
        if (field.Value is NestedValueSpec nested)
        {
            for (int i = 0; i < nested.Row.Fields.Count; i++)
            {
                yield return field.ColumnName + "." + nested.Row.Fields[i].ColumnName;
            }
        }
        else
        {
            yield return field.ColumnName;
        }
    }

    /// <summary>
    /// The public instance properties and fields of the type and its base types (base first, in declaration
    /// order), plus any other member marked [ClickHouseColumn]; [ClickHouseIgnore] leaves a member out. For a
    /// positional record the attributes may also stand on the primary constructor's parameter.
    /// </summary>
    private List<MemberInfo> CollectMembers(INamedTypeSymbol type, bool isTopLevel, List<DiagnosticInfo> diagnostics, out List<ISymbol> requiredNonColumns)
    {
        var hierarchy = new List<INamedTypeSymbol>();
        for (INamedTypeSymbol? current = type; current is not null && current.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); current = current.BaseType)
        {
            hierarchy.Insert(0, current);
        }

        IMethodSymbol? primaryConstructor = FindPrimaryConstructor(type);
        var members = new List<MemberInfo>();
        requiredNonColumns = new List<ISymbol>();
        foreach (INamedTypeSymbol declaringType in hierarchy)
        {
            foreach (ISymbol symbol in declaringType.GetMembers())
            {
                if (symbol.IsStatic || !TryGetMemberType(symbol, out ITypeSymbol? memberType, out bool isSettable, out bool isRequired))
                {
                    continue;
                }

                // An override or a 'new' member replaces the base member of the same name, in its place.
                int existing = members.FindIndex(m => m.Name == symbol.Name);
                IParameterSymbol? parameter = FindParameter(primaryConstructor, symbol.Name);
                AttributeData? column = _known.FindAttribute(symbol, KnownType.ColumnAttribute)
                    ?? (parameter is null ? null : _known.FindAttribute(parameter, KnownType.ColumnAttribute));
                bool ignored = _known.HasAttribute(symbol, KnownType.IgnoreAttribute)
                    || (parameter is not null && _known.HasAttribute(parameter, KnownType.IgnoreAttribute));
                bool visible = symbol.DeclaredAccessibility == Accessibility.Public || column is not null;
                if (ignored || !visible)
                {
                    if (existing >= 0)
                    {
                        members.RemoveAt(existing);
                    }
                    if (isRequired)
                    {
                        requiredNonColumns.Add(symbol);
                    }
                    continue;
                }

                if (!isTopLevel && !_compilation.IsSymbolAccessibleWithin(symbol, _rowType))
                {
                    diagnostics.Add(Diagnostic(DiagnosticDescriptors.UnsupportedMemberType, LocationInfo.Of(symbol), symbol.Name, memberType.ToDisplayString(s_messageFormat),
                        $"it is not accessible from the row type '{DisplayName(_rowType)}' that holds '{DisplayName(type)}'; make it internal or public"));
                    continue;
                }
                if (isSettable && !isTopLevel && symbol is IPropertySymbol { SetMethod: { } setter } && !_compilation.IsSymbolAccessibleWithin(setter, _rowType))
                {
                    isSettable = false;
                }

                string columnName = symbol.Name;
                string? typeText = null;
                bool useServerDefault = false;
                bool cacheStrings = false;
                if (column is not null)
                {
                    if (column.ConstructorArguments.Length > 0 && column.ConstructorArguments[0].Value is string name)
                    {
                        columnName = name;
                    }
                    foreach (KeyValuePair<string, TypedConstant> argument in column.NamedArguments)
                    {
                        if (argument.Key == "Type" && argument.Value.Value is string text)
                        {
                            typeText = text;
                        }
                        else if (argument.Key == "UseServerDefault" && argument.Value.Value is bool flag)
                        {
                            useServerDefault = flag;
                        }
                        else if (argument.Key == "CacheStrings" && argument.Value.Value is bool cache)
                        {
                            cacheStrings = cache;
                        }
                    }
                }

                var member = new MemberInfo(symbol, memberType, columnName, typeText, useServerDefault, cacheStrings, isSettable, isRequired);
                if (existing >= 0)
                {
                    members[existing] = member;
                }
                else
                {
                    members.Add(member);
                }
            }
        }
        return members;
    }

    /// <summary>Instance properties with a getter (not indexers) and fields that are not constants or backing fields.</summary>
    private static bool TryGetMemberType(ISymbol symbol, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ITypeSymbol? type, out bool isSettable, out bool isRequired)
    {
        switch (symbol)
        {
            case IPropertySymbol { IsIndexer: false, GetMethod: not null } property:
                type = property.Type;
                isSettable = property.SetMethod is not null;
                isRequired = property.IsRequired;
                return true;
            case IFieldSymbol { IsConst: false, AssociatedSymbol: null, IsImplicitlyDeclared: false } field:
                type = field.Type;
                isSettable = !field.IsReadOnly;
                isRequired = field.IsRequired;
                return true;
            default:
                type = null;
                isSettable = false;
                isRequired = false;
                return false;
        }
    }

    /// <summary>The constructor a positional record declares in its header, if any.</summary>
    private static IMethodSymbol? FindPrimaryConstructor(INamedTypeSymbol type)
    {
        if (!type.IsRecord)
        {
            return null;
        }
        foreach (IMethodSymbol constructor in type.InstanceConstructors)
        {
            foreach (SyntaxReference reference in constructor.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax() is RecordDeclarationSyntax)
                {
                    return constructor;
                }
            }
        }
        return null;
    }

    private static IParameterSymbol? FindParameter(IMethodSymbol? constructor, string name)
    {
        if (constructor is null)
        {
            return null;
        }
        foreach (IParameterSymbol parameter in constructor.Parameters)
        {
            if (parameter.Name == name)
            {
                return parameter;
            }
        }
        return null;
    }

    /// <summary>Maps one member to its value spec, or reports why it cannot be mapped and returns null.</summary>
    private ValueSpec? BindMember(MemberInfo member, bool isTopLevel, List<DiagnosticInfo> diagnostics)
    {
        string memberType = member.Type.ToDisplayString(s_messageFormat);
        ClickHouseType? declared = null;
        if (member.TypeText is not null)
        {
            if (!ClickHouseType.TryParse(member.TypeText, out declared, out string? error))
            {
                diagnostics.Add(Diagnostic(DiagnosticDescriptors.InvalidClickHouseType, member.Location, member.TypeText, member.Name, error ?? "unknown error"));
                return null;
            }
        }

        bool outerCacheStrings = _cacheStrings;
        _cacheStrings = member.CacheStrings;
        try
        {
            declared ??= DefaultType(member.Type, allowNested: isTopLevel);
            ValueSpec value = Bind(member.Type, declared, allowNested: isTopLevel);
            foreach (string decimalType in WideDecimals(value))
            {
                diagnostics.Add(Diagnostic(DiagnosticDescriptors.DecimalPrecisionExceedsSystemDecimal, member.Location, member.Name, decimalType));
            }
            // A member marked UseServerDefault may hold null on purpose: in RowBinaryWithDefaults null means "the column's default".
            if (member.Type.IsReferenceType && member.Type.NullableAnnotation == NullableAnnotation.Annotated && value is not NullableValueSpec
                && !member.UseServerDefault)
            {
                diagnostics.Add(Diagnostic(DiagnosticDescriptors.NullableMemberForNonNullableColumn, member.Location, member.Name, memberType, declared.ToString(), NullableMemberRemedy(member.Type, declared)));
            }
            return value;
        }
        // Inside a nested row type, recursion is the outer member's problem: let it reach it.
        catch (BindingException exception) when (isTopLevel || exception.Descriptor != DiagnosticDescriptors.RecursiveRowType)
        {
            var arguments = new List<string> { member.Name };
            if (exception.Descriptor == DiagnosticDescriptors.UnsupportedMemberType)
            {
                arguments.Add(memberType);
            }
            else if (exception.Descriptor == DiagnosticDescriptors.TypeMismatch)
            {
                arguments.Add(memberType);
                arguments.Add(declared?.ToString() ?? member.TypeText ?? "?");
            }
            arguments.AddRange(exception.Details);
            diagnostics.Add(new DiagnosticInfo(exception.Descriptor, member.Location, arguments.ToEquatableArray()));
            return null;
        }
        finally
        {
            _cacheStrings = outerCacheStrings;
        }
    }

    /// <summary>
    /// Adds the Decimal types of a value held by System.Decimal with more digits than it can hold (CHRB005), in
    /// column order; a nested row type's own members are its own business.
    /// </summary>
    private static List<string> WideDecimals(ValueSpec value, List<string>? types = null)
    {
        types ??= new List<string>();
        switch (value)
        {
            case ScalarValueSpec { Encoding: ScalarEncoding.Decimal, Holder: ScalarHolder.Natural, Precision: > 28 } scalar:
                types.Add(ClickHouseType.Decimal(scalar.Precision, scalar.Scale).ToString());
                break;
            case NullableValueSpec nullable:
                WideDecimals(nullable.Inner, types);
                break;
            case ArrayValueSpec array:
                WideDecimals(array.Element, types);
                break;
            case MapValueSpec map:
                WideDecimals(map.Key, types);
                WideDecimals(map.Value, types);
                break;
            case TupleValueSpec tuple:
                foreach (ValueSpec element in tuple.Elements)
                {
                    WideDecimals(element, types);
                }
                break;
            case VariantValueSpec variant:
                foreach (ValueSpec arm in variant.Arms)
                {
                    WideDecimals(arm, types);
                }
                break;
        }
        return types;
    }

    /// <summary>What to do about a nullable reference member whose column cannot be NULL (CHRB013).</summary>
    private static string NullableMemberRemedy(ITypeSymbol type, ClickHouseType column)
    {
        string dropTheMark = $"drop the '?' from '{type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(s_messageFormat)}' and initialise the member";
        ClickHouseType? nullable = column.Kind == ClickHouseTypeKind.LowCardinality
            ? TryCreate(() => ClickHouseType.LowCardinality(ClickHouseType.Nullable(column.Arguments[0])))
            : TryCreate(() => ClickHouseType.Nullable(column));
        return nullable is null
            ? $"{dropTheMark} (ClickHouse has no Nullable({column}))"
            : $"{dropTheMark}, or declare the column {nullable} to store NULL";
    }

    /// <summary>A camelCase name for locals: <c>PageUrl</c> gives <c>pageUrl</c>.</summary>
    private static string LocalName(string memberName)
    {
        string name = memberName.TrimStart('_', '@');
        if (name.Length == 0)
        {
            return "value";
        }
        return char.ToLowerInvariant(name[0]) + name.Substring(1);
    }
}
