using System;
using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Helpers;
using ClickHouse.RowBinary.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace ClickHouse.RowBinary.Generator.Parsing;

internal sealed partial class Parser
{
    /// <summary>
    /// The columns and construction of a row type: the one being generated (<paramref name="isTopLevel"/>), or one
    /// nested in it as a Tuple or Nested column. Null when something is wrong; <paramref name="diagnostics"/> says what.
    /// </summary>
    /// <param name="recursion">
    /// For a nested row type, set when a member makes the outer row type contain itself: the outer member reports
    /// it, and parsing stops.
    /// </param>
    private RowShape? ParseRowShape(INamedTypeSymbol type, bool isTopLevel, List<DiagnosticInfo> diagnostics, out BindingError? recursion)
    {
        recursion = null;
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

            ValueSpec? value = BindMember(member, isTopLevel, diagnostics, out recursion);
            if (recursion is not null)
            {
                return null;
            }
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
    /// <param name="recursion">Inside a nested row type, the recursion that is the outer member's to report, instead of reporting it.</param>
    private ValueSpec? BindMember(MemberInfo member, bool isTopLevel, List<DiagnosticInfo> diagnostics, out BindingError? recursion)
    {
        recursion = null;
        string memberType = member.Type.ToDisplayString(s_messageFormat);
        ClickHouseType? declared = null;
        if (member.TypeText is not null)
        {
            if (!ClickHouseType.TryParse(member.TypeText, out declared, out string? parseError))
            {
                diagnostics.Add(Diagnostic(DiagnosticDescriptors.InvalidClickHouseType, member.Location, member.TypeText, member.Name, parseError ?? "unknown error"));
                return null;
            }
        }

        bool outerCacheStrings = _cacheStrings;
        _cacheStrings = member.CacheStrings;
        BindingResult<ValueSpec> bound = BindDeclaredOrDefault(member, isTopLevel, ref declared);
        _cacheStrings = outerCacheStrings;

        if (!bound.TryGet(out ValueSpec? value, out BindingError? error))
        {
            // Inside a nested row type, recursion is the outer member's problem: let it reach it.
            if (!isTopLevel && error.IsRecursion)
            {
                recursion = error;
                return null;
            }
            var arguments = new List<string> { member.Name };
            if (error.Descriptor == DiagnosticDescriptors.UnsupportedMemberType)
            {
                arguments.Add(memberType);
            }
            else if (error.Descriptor == DiagnosticDescriptors.TypeMismatch)
            {
                arguments.Add(memberType);
                arguments.Add(declared?.ToString() ?? member.TypeText ?? "?");
            }
            arguments.AddRange(error.Details);
            diagnostics.Add(new DiagnosticInfo(error.Descriptor, member.Location, arguments.ToEquatableArray()));
            return null;
        }

        foreach (string decimalType in WideDecimals(value))
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.DecimalPrecisionExceedsSystemDecimal, member.Location, member.Name, decimalType));
        }
        // A member marked UseServerDefault may hold null on purpose: in RowBinaryWithDefaults null means "the column's default".
        if (member.Type.IsReferenceType && member.Type.NullableAnnotation == NullableAnnotation.Annotated && value is not NullableValueSpec
            && !member.UseServerDefault)
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.NullableMemberForNonNullableColumn, member.Location, member.Name, memberType, declared!.ToString(), NullableMemberRemedy(member.Type, declared)));
        }
        return value;
    }

    /// <summary>Binds a member to its declared type, or to its C# type's default one, which <paramref name="declared"/> then holds.</summary>
    private BindingResult<ValueSpec> BindDeclaredOrDefault(MemberInfo member, bool isTopLevel, ref ClickHouseType? declared)
    {
        if (declared is null)
        {
            if (!DefaultType(member.Type, allowNested: isTopLevel).TryGet(out ClickHouseType? defaultType, out BindingError? error))
            {
                return error;
            }
            declared = defaultType;
        }
        return Bind(member.Type, declared, allowNested: isTopLevel);
    }

    /// <summary>
    /// The Decimal types of a value held by System.Decimal with more digits than it can hold (CHRB005), in column
    /// order; a nested row type's own members are its own business.
    /// </summary>
    private static List<string> WideDecimals(ValueSpec value)
    {
        var scalars = new List<ScalarValueSpec>();
        value.CollectScalars(scalars, intoRows: false);
        var types = new List<string>();
        foreach (ScalarValueSpec scalar in scalars)
        {
            if (scalar is { Encoding: ScalarEncoding.Decimal, Holder: ScalarHolder.Natural, Precision: > 28 })
            {
                types.Add(ClickHouseType.Decimal(scalar.Precision, scalar.Scale).ToString());
            }
        }
        return types;
    }

    /// <summary>What to do about a nullable reference member whose column cannot be NULL (CHRB013).</summary>
    private static string NullableMemberRemedy(ITypeSymbol type, ClickHouseType column)
    {
        string dropTheMark = $"drop the '?' from '{type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(s_messageFormat)}' and initialise the member";
        ClickHouseType? nullable = column.Kind == ClickHouseTypeKind.LowCardinality
            ? ClickHouseType.TryCreateWrapper(ClickHouseTypeKind.Nullable, column.Arguments[0], out _) is { } inner
                ? ClickHouseType.TryCreateWrapper(ClickHouseTypeKind.LowCardinality, inner, out _)
                : null
            : ClickHouseType.TryCreateWrapper(ClickHouseTypeKind.Nullable, column, out _);
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
