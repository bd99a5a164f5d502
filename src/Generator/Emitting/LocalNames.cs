using System.Collections.Generic;
using System.Globalization;
using Microsoft.CodeAnalysis.CSharp;

namespace ClickHouse.RowBinary.Generator.Emitting;

/// <summary>Hands out local variable names that are unique within one generated method and are never keywords.</summary>
internal sealed class LocalNames
{
    // Legal as local names, but confusing to read in generated code.
    private static readonly HashSet<string> s_avoided = new() { "_", "var", "dynamic", "nameof", "await", "yield", "global", "scoped", "file", "record", "required" };

    /// <summary>The names of loop indexes, by nesting depth; never handed out for anything else.</summary>
    public static readonly string[] LoopIndexNames = { "i", "j", "k", "l" };

    private readonly HashSet<string> _taken;

    public LocalNames(params string[] reserved)
    {
        _taken = new HashSet<string>(reserved);
    }

    /// <summary>
    /// Returns <paramref name="hint"/> (with <c>Value</c> appended when it is a keyword), or that with the smallest
    /// number from 2 that makes it unique.
    /// </summary>
    public string Take(string hint)
    {
        if (SyntaxFacts.GetKeywordKind(hint) != SyntaxKind.None || s_avoided.Contains(hint) || System.Array.IndexOf(LoopIndexNames, hint) >= 0)
        {
            hint += "Value";
        }
        string candidate = hint;
        for (int suffix = 2; !IsUsable(candidate); suffix++)
        {
            candidate = hint + suffix.ToString(CultureInfo.InvariantCulture);
        }
        _taken.Add(candidate);
        return candidate;
    }

    private bool IsUsable(string name)
        => !_taken.Contains(name) && !s_avoided.Contains(name) && SyntaxFacts.GetKeywordKind(name) == SyntaxKind.None;
}
