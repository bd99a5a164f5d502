using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;

namespace ClickHouse.RowBinary;

/// <summary>
/// Strict UTF-8 decoding in one pass: <see cref="Encoding.GetString(ReadOnlySpan{byte})"/> validates and counts the
/// chars in a first pass and transcodes in a second; here the bytes are transcoded (and validated) once into a scratch
/// buffer, and the string is a copy of it. Values past <see cref="MaxScratchBytes"/> take the two passes, which cost
/// no scratch as large as the value.
/// </summary>
internal static class Utf8Text
{
    /// <summary>Up to this many bytes decode through the stack.</summary>
    private const int StackBytes = 512;

    /// <summary>Up to this many bytes decode through a pooled buffer (at most 128 KiB of chars kept by the pool).</summary>
    private const int MaxScratchBytes = 64 * 1024;

    private static readonly UTF8Encoding s_strict = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>The text of <paramref name="bytes"/>; null when they are not valid UTF-8.</summary>
    [SkipLocalsInit]
    public static string? TryDecode(ReadOnlySpan<byte> bytes)
    {
        // UTF-8 never has fewer bytes than its text has UTF-16 chars.
        if (bytes.Length <= StackBytes)
        {
            Span<char> chars = stackalloc char[StackBytes];
            return TryDecode(bytes, chars);
        }
        if (bytes.Length > MaxScratchBytes)
        {
            return TryDecodeInTwoPasses(bytes);
        }
        char[] rented = ArrayPool<char>.Shared.Rent(bytes.Length);
        try
        {
            return TryDecode(bytes, rented);
        }
        finally
        {
            ArrayPool<char>.Shared.Return(rented);
        }
    }

    private static string? TryDecode(ReadOnlySpan<byte> bytes, Span<char> chars)
        => Utf8.ToUtf16(bytes, chars, out _, out int written, replaceInvalidSequences: false) == OperationStatus.Done
            ? new string(chars.Slice(0, written))
            : null;

    /// <summary>What strict decoding says is wrong with <paramref name="bytes"/>, which <see cref="TryDecode(ReadOnlySpan{byte})"/> refused.</summary>
    public static DecoderFallbackException? Failure(ReadOnlySpan<byte> bytes)
    {
        try
        {
            s_strict.GetCharCount(bytes);
            return null;
        }
        catch (DecoderFallbackException e)
        {
            return e;
        }
    }

    private static string? TryDecodeInTwoPasses(ReadOnlySpan<byte> bytes)
    {
        try
        {
            return s_strict.GetString(bytes);
        }
        catch (DecoderFallbackException)
        {
            return null;
        }
    }
}
