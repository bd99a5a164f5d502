using System;
using System.Text.RegularExpressions;

namespace ClickHouse.RowBinary;

/// <summary>
/// The pattern of a JSON type's <c>SKIP REGEXP</c>, checked when the type is created: patterns arrive in type strings
/// and in the binary type encodings of Dynamic values, so they are bounded in length and matched without
/// backtracking (time linear in the path), as ClickHouse's RE2 does.
/// </summary>
internal static class JsonSkipRegex
{
    /// <summary>The longest pattern accepted.</summary>
    public const int MaxPatternLength = 1024;

    public static Regex? TryCreate(string pattern, out string? error)
    {
        if (pattern.Length > MaxPatternLength)
        {
            error = "the JSON SKIP REGEXP pattern is " + pattern.Length.ToString(System.Globalization.CultureInfo.InvariantCulture)
                + " characters long, more than the " + MaxPatternLength.ToString(System.Globalization.CultureInfo.InvariantCulture) + " allowed";
            return null;
        }
        try
        {
            error = null;
#if NET7_0_OR_GREATER
            return new Regex(pattern, RegexOptions.CultureInvariant | RegexOptions.NonBacktracking);
#else
            return new Regex(pattern, RegexOptions.CultureInvariant);
#endif
        }
        catch (ArgumentException e)
        {
            error = "the JSON SKIP REGEXP '" + pattern + "' is not a valid pattern: " + e.Message;
            return null;
        }
        catch (NotSupportedException e)
        {
            error = "the JSON SKIP REGEXP '" + pattern + "' uses a construct that cannot be matched in linear time: " + e.Message;
            return null;
        }
    }
}
