using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Finds the time zone a type names. Names arrive from the wire (Dynamic and JSON type encodings), and .NET looks
/// IANA names up as files under the zoneinfo folder: only names made of the characters IANA names use reach the
/// lookup, so no name is ever a path out of that folder, and a name that is no valid zone is simply not found.
/// </summary>
internal static class TimeZoneLookup
{
    /// <summary>Longer than any IANA name (the longest is 32 characters).</summary>
    private const int MaxNameLength = 64;

    public static TimeZoneInfo? Find(string? name)
    {
        if (name is null || name == "UTC")
        {
            return TimeZoneInfo.Utc;
        }
        if (!IsWellFormed(name))
        {
            return null;
        }
        return TimeZoneInfo.TryFindSystemTimeZoneById(name, out TimeZoneInfo? zone) ? zone : null;
    }

    /// <summary>Letters, digits, '_', '-' and '+', in segments joined by single slashes (America/Argentina/Buenos_Aires).</summary>
    private static bool IsWellFormed(string name)
    {
        if (name.Length == 0 || name.Length > MaxNameLength || name[0] == '/' || name[^1] == '/')
        {
            return false;
        }
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            bool ok = char.IsAsciiLetterOrDigit(c) || c is '_' or '-' or '+' || (c == '/' && name[i - 1] != '/');
            if (!ok)
            {
                return false;
            }
        }
        return true;
    }
}
