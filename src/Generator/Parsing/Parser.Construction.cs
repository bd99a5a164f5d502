using System;
using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Helpers;
using ClickHouse.RowBinary.Generator.Model;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

internal sealed partial class Parser
{
    /// <summary>
    /// Chooses how a reader creates the row: the accessible constructor whose parameters all match members by
    /// name (ignoring case) and type, or are optional, that sets the most members; every other member, and every
    /// required member, is set in the object initializer.
    /// </summary>
    private ConstructionSpec? ParseConstruction(INamedTypeSymbol type, bool isTopLevel, List<MemberInfo> members, List<ISymbol> requiredNonColumns, List<DiagnosticInfo> diagnostics)
    {
        if (type.IsAbstract)
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.CannotConstruct, LocationInfo.Of(type), DisplayName(type), "it is abstract; map a concrete type"));
            return null;
        }

        IMethodSymbol? best = null;
        int[]? bestArguments = null;
        int bestCovered = -1;
        foreach (IMethodSymbol constructor in type.InstanceConstructors)
        {
            if (IsCopyConstructor(type, constructor) || (!isTopLevel && !_compilation.IsSymbolAccessibleWithin(constructor, _rowType)))
            {
                continue;
            }
            int[]? matched = MatchParameters(constructor, members);
            if (matched is null)
            {
                continue;
            }
            int covered = 0;
            foreach (int field in matched)
            {
                covered += field >= 0 ? 1 : 0;
            }
            if (covered > bestCovered)
            {
                best = constructor;
                bestArguments = matched;
                bestCovered = covered;
            }
        }

        if (best is null || bestArguments is null)
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.CannotConstruct, LocationInfo.Of(type), DisplayName(type),
                "no accessible constructor has parameters that all match members by name and type (or are optional); add a parameterless constructor, or one with a parameter per column"));
            return null;
        }

        bool setsRequiredMembers = _known.HasAttribute(best, KnownType.SetsRequiredMembersAttribute);
        if (!setsRequiredMembers && requiredNonColumns.Count > 0)
        {
            diagnostics.Add(Diagnostic(DiagnosticDescriptors.CannotConstruct, LocationInfo.Of(requiredNonColumns[0]) ?? LocationInfo.Of(type), DisplayName(type),
                $"the required member '{requiredNonColumns[0].Name}' is not a column, so a reader cannot set it; map it to a column, remove 'required', or mark a constructor [SetsRequiredMembers]"));
            return null;
        }

        var arguments = new List<ConstructorArgumentSpec>();
        bool skipsOptional = false;
        var byConstructor = new bool[members.Count];
        for (int i = 0; i < bestArguments.Length; i++)
        {
            if (bestArguments[i] < 0)
            {
                skipsOptional = true;
                continue;
            }
            arguments.Add(new ConstructorArgumentSpec(best.Parameters[i].Name, bestArguments[i]));
            byConstructor[bestArguments[i]] = true;
        }

        var initialized = new List<int>();
        for (int i = 0; i < members.Count; i++)
        {
            bool needsInitializer = !byConstructor[i] || (members[i].IsRequired && !setsRequiredMembers);
            if (!needsInitializer)
            {
                continue;
            }
            if (!members[i].IsSettable)
            {
                diagnostics.Add(Diagnostic(DiagnosticDescriptors.CannotConstruct, members[i].Location, DisplayName(type),
                    $"the member '{members[i].Name}' is read-only and no constructor parameter named '{LocalName(members[i].Name)}' sets it; add a setter or an init accessor, a constructor parameter, or leave it out with [ClickHouseIgnore]"));
                continue;
            }
            initialized.Add(i);
        }

        return new ConstructionSpec(arguments.ToEquatableArray(), skipsOptional, initialized.ToEquatableArray());
    }

    /// <summary>
    /// For each parameter, the index of the member it sets, or -1 for an optional parameter left to its default;
    /// null when a required parameter matches no member.
    /// </summary>
    private static int[]? MatchParameters(IMethodSymbol constructor, List<MemberInfo> members)
    {
        var arguments = new int[constructor.Parameters.Length];
        for (int p = 0; p < arguments.Length; p++)
        {
            IParameterSymbol parameter = constructor.Parameters[p];
            arguments[p] = -1;
            for (int m = 0; m < members.Count; m++)
            {
                if (string.Equals(parameter.Name, members[m].Name, StringComparison.OrdinalIgnoreCase)
                    && SymbolEqualityComparer.Default.Equals(parameter.Type, members[m].Type))
                {
                    arguments[p] = m;
                    break;
                }
            }
            if (arguments[p] < 0 && !parameter.IsOptional && !parameter.IsParams)
            {
                return null;
            }
        }
        return arguments;
    }

    private static bool IsCopyConstructor(INamedTypeSymbol type, IMethodSymbol constructor)
        => type.IsRecord
            && constructor.Parameters.Length == 1
            && SymbolEqualityComparer.Default.Equals(constructor.Parameters[0].Type, type);
}
