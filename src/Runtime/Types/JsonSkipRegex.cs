using System;
using System.Text.RegularExpressions;

namespace ClickHouse.RowBinary;

/// <summary>
/// The pattern of a JSON type's <c>SKIP REGEXP</c>. Patterns arrive in type strings and in the binary type encodings
/// of Dynamic values, so creating a type only checks them (bounded in length, parsed by the interpreter: a few KB, in
/// proportion to the pattern); the matcher, which runs without backtracking (time linear in the path, as ClickHouse's
/// RE2), is built only where a path is matched, when a JSON value is written (<c>JsonColumnLayout</c>). Built for every pattern read, it cost
/// 0.7 to 1.2 MB and milliseconds each: a Dynamic value of 42 bytes allocated 4.3 MB (the fuzz test's seed
/// 3J59dkaNjAJ1).
/// </summary>
internal static class JsonSkipRegex
{
    /// <summary>The longest pattern accepted.</summary>
    public const int MaxPatternLength = 1024;

    /// <summary>Null when <paramref name="pattern"/> is a pattern a type may hold, else why not.</summary>
    public static string? Check(string pattern)
    {
        if (pattern.Length > MaxPatternLength)
        {
            return "the JSON SKIP REGEXP pattern is " + pattern.Length.ToString(System.Globalization.CultureInfo.InvariantCulture)
                + " characters long, more than the " + MaxPatternLength.ToString(System.Globalization.CultureInfo.InvariantCulture) + " allowed";
        }
        try
        {
            _ = new Regex(pattern, RegexOptions.CultureInvariant);
            return null;
        }
        catch (ArgumentException e)
        {
            return "the JSON SKIP REGEXP '" + pattern + "' is not a valid pattern: " + e.Message;
        }
    }
}
