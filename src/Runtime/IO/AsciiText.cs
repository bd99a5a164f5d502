using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Text that is all ASCII decoded without UTF-8's transcoder: strict UTF-8 decoding counts the chars in one pass and
/// transcodes in a second, each with the branches of multi-byte sequences; ASCII (URLs, identifiers, most analytics
/// strings) is checked in one vectorized pass and widened in another.
/// </summary>
internal static class AsciiText
{
    /// <summary>The string of <paramref name="bytes"/> when every byte is ASCII; null, having allocated nothing, when one is not.</summary>
    public static string? TryWiden(ReadOnlySpan<byte> bytes)
        => Ascii.IsValid(bytes) ? Encoding.Latin1.GetString(bytes) : null;
}
