using System;
using System.Buffers;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Text that is all ASCII decoded in one pass. Strict UTF-8 decoding scans the bytes once to validate and count the
/// chars, then again to transcode; for ASCII (URLs, identifiers, most analytics strings) the chars are the bytes
/// widened, so one pass that widens and checks at once does.
/// </summary>
internal static unsafe class AsciiText
{
    /// <summary>
    /// The string of <paramref name="bytes"/> when every byte is ASCII, or null when one is not: at no cost when the
    /// first or last byte is not (most text that is not ASCII), having allocated the string in vain when only a byte in
    /// between is not. Then decode the bytes as UTF-8.
    /// </summary>
    public static string? TryWiden(ReadOnlySpan<byte> bytes)
    {
        if (bytes.IsEmpty || bytes[0] >= 0x80 || bytes[^1] >= 0x80)
        {
            return null;
        }
        bool widened = false;
        fixed (byte* source = bytes)
        {
            string text = string.Create(bytes.Length, ((IntPtr)source, (IntPtr)(&widened)), static (chars, state) =>
                *(bool*)state.Item2 = Ascii.ToUtf16(new ReadOnlySpan<byte>((byte*)state.Item1, chars.Length), chars, out _) == OperationStatus.Done);
            return widened ? text : null;
        }
    }
}
