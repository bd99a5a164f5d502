using System;

namespace ClickHouse.RowBinary;

/// <summary>A ClickHouse type string that is unknown or malformed.</summary>
/// <remarks>The message quotes the input, names the zero-based character position and says what was expected:
/// <c>Invalid ClickHouse type 'Array(UInt8' at position 11: expected ')'</c>.</remarks>
public sealed class ClickHouseTypeParseException : FormatException
{
    private const int MaxQuotedLength = 200;

    /// <summary>Creates the exception for <paramref name="input"/>, failing at <paramref name="position"/>.</summary>
    public ClickHouseTypeParseException(string input, int position, string detail)
        : base(FormatMessage(input, position, detail))
    {
        Input = input;
        Position = position;
        Detail = detail;
    }

    /// <summary>The type string that failed to parse.</summary>
    public string Input { get; }

    /// <summary>The zero-based character position in <see cref="Input"/> where parsing failed.</summary>
    public int Position { get; }

    /// <summary>What was wrong or expected at <see cref="Position"/>, without the input and position.</summary>
    public string Detail { get; }

    private static string FormatMessage(string input, int position, string detail)
    {
        string quoted = input.Length <= MaxQuotedLength ? input : input.Substring(0, MaxQuotedLength) + "...";
        return "Invalid ClickHouse type '" + quoted + "' at position "
            + position.ToString(System.Globalization.CultureInfo.InvariantCulture) + ": " + detail;
    }
}
