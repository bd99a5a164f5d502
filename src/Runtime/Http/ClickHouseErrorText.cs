using System;
using System.Globalization;
using System.Text;
using System.Text.Unicode;

namespace ClickHouse.RowBinary;

/// <summary>
/// Recognises ClickHouse error text: in an error response body, and at the end of a result body where a server
/// reports an error after data has started streaming. Three server generations write it differently:
/// <list type="number">
/// <item>before 24.11: <c>Code: 395, e.displayText() = DB::Exception: ...</c> (18.x) or <c>Code: 395. DB::Exception: ...</c>
/// appended after the data, and the body ends normally;</item>
/// <item>24.11 to 25.10: <c>__exception__</c>, a line break and the same text, then the chunked framing breaks;</item>
/// <item>25.11 and later: <c>\r\n__exception__\r\nTAG\r\n&lt;message&gt;\n&lt;length&gt; TAG\r\n__exception__\r\n</c>, with TAG
/// announced in the <c>X-ClickHouse-Exception-Tag</c> response header.</item>
/// </list>
/// </summary>
internal static class ClickHouseErrorText
{
    private static ReadOnlySpan<byte> ExceptionMarker => "__exception__"u8;

    private static ReadOnlySpan<byte> CodePrefix => "Code: "u8;

    /// <summary>The longest text between a code and the word "Exception" in a real message (<c>, e.displayText() = DB::</c>).</summary>
    private const int MaxExceptionWordDistance = 64;

    /// <summary>The error code that a message starting with <c>Code: NNN</c> carries, else 0.</summary>
    public static int ParseCode(ReadOnlySpan<char> message)
    {
        message = message.TrimStart();
        if (!message.StartsWith("Code: ", StringComparison.Ordinal))
        {
            return 0;
        }
        message = message.Slice(6);
        int digits = 0;
        while (digits < message.Length && digits < 9 && char.IsAsciiDigit(message[digits]))
        {
            digits++;
        }
        return digits > 0 ? int.Parse(message.Slice(0, digits), NumberStyles.None, CultureInfo.InvariantCulture) : 0;
    }

    /// <summary>
    /// The error text that ends a result body, or null when the body ends with data. <paramref name="tag"/> is the
    /// <c>X-ClickHouse-Exception-Tag</c> header's value (empty when the server sent none). <paramref name="start"/> is
    /// where the error begins in <paramref name="tail"/> (with the line break and marker the server put before it):
    /// everything before it is data.
    /// </summary>
    public static string? FindInTail(ReadOnlySpan<byte> tail, ReadOnlySpan<byte> tag, out int start)
    {
        if (!tag.IsEmpty && FindTaggedFrame(tail, tag) is int frame and >= 0)
        {
            start = WithLineBreakBefore(tail, frame);
            return ReadTaggedMessage(tail.Slice(frame), tag);
        }
        return FindUntaggedText(tail, out start);
    }

    /// <summary>
    /// Where <c>__exception__</c>, a line break, the tag and a line break start in <paramref name="data"/>, or -1.
    /// With the tag known, the marker is unambiguous even inside binary data.
    /// </summary>
    public static int FindTaggedFrame(ReadOnlySpan<byte> data, ReadOnlySpan<byte> tag)
    {
        int searched = 0;
        while (true)
        {
            int index = data.Slice(searched).IndexOf(ExceptionMarker);
            if (index < 0)
            {
                return -1;
            }
            int start = searched + index;
            ReadOnlySpan<byte> rest = data.Slice(start + ExceptionMarker.Length);
            if (SkipLineBreak(rest) is int skipped and > 0 && rest.Slice(skipped).StartsWith(tag)
                && SkipLineBreak(rest.Slice(skipped + tag.Length)) > 0)
            {
                return start;
            }
            searched = start + 1;
        }
    }

    /// <summary>The longest frame opening <see cref="FindTaggedFrame"/> matches for a tag of this length.</summary>
    public static int MaxTaggedFrameOpening(int tagLength) => ExceptionMarker.Length + 2 + tagLength + 2;

    private static string ReadTaggedMessage(ReadOnlySpan<byte> frame, ReadOnlySpan<byte> tag)
    {
        ReadOnlySpan<byte> rest = frame.Slice(ExceptionMarker.Length);
        rest = rest.Slice(SkipLineBreak(rest) + tag.Length);
        rest = rest.Slice(SkipLineBreak(rest));

        // The frame closes with "\n<length> TAG\r\n__exception__"; a broken connection may have cut it short.
        int close = LastIndexOfClosing(rest, tag);
        ReadOnlySpan<byte> message = rest;
        if (close >= 0)
        {
            message = rest.Slice(0, close);
            int end = message.Length;
            while (end > 0 && char.IsAsciiDigit((char)message[end - 1]))
            {
                end--;
            }
            message = message.Slice(0, end);
        }
        return Decode(message);
    }

    private static int LastIndexOfClosing(ReadOnlySpan<byte> data, ReadOnlySpan<byte> tag)
    {
        int end = data.Length;
        while (end > 0)
        {
            int index = data.Slice(0, end).LastIndexOf(tag);
            if (index <= 0)
            {
                return -1;
            }
            ReadOnlySpan<byte> after = data.Slice(index + tag.Length);
            if (data[index - 1] == (byte)' ' && after.Slice(SkipLineBreak(after)).StartsWith(ExceptionMarker))
            {
                return index - 1;
            }
            end = index;
        }
        return -1;
    }

    private static string? FindUntaggedText(ReadOnlySpan<byte> tail, out int start)
    {
        // The error text runs to the end of the body, so it lies in the longest suffix free of binary control bytes.
        int textStart = tail.Length;
        while (textStart > 0 && IsTextByte(tail[textStart - 1]))
        {
            textStart--;
        }
        int searched = textStart;
        while (true)
        {
            int index = tail.Slice(searched).IndexOf(CodePrefix);
            if (index < 0)
            {
                start = -1;
                return null;
            }
            int candidate = searched + index;
            ReadOnlySpan<byte> text = tail.Slice(candidate);
            if (LooksLikeErrorMessage(text) && Utf8.IsValid(text))
            {
                start = WithMarkerBefore(tail, candidate);
                return Decode(text);
            }
            searched = candidate + 1;
        }
    }

    /// <summary>Servers 24.11 to 25.10 put <c>__exception__</c> and a line break (after one) before the text.</summary>
    private static int WithMarkerBefore(ReadOnlySpan<byte> data, int index)
    {
        ReadOnlySpan<byte> before = data.Slice(0, index);
        int lineBreak = before.EndsWith("\r\n"u8) ? 2 : before.EndsWith("\n"u8) ? 1 : 0;
        if (lineBreak > 0 && before.Slice(0, before.Length - lineBreak).EndsWith(ExceptionMarker))
        {
            return WithLineBreakBefore(data, index - lineBreak - ExceptionMarker.Length);
        }
        return index;
    }

    private static int WithLineBreakBefore(ReadOnlySpan<byte> data, int index)
    {
        ReadOnlySpan<byte> before = data.Slice(0, index);
        return before.EndsWith("\r\n"u8) ? index - 2 : before.EndsWith("\n"u8) ? index - 1 : index;
    }

    /// <summary><c>Code: NNN</c>, a comma or a period, a space, and the word Exception soon after.</summary>
    private static bool LooksLikeErrorMessage(ReadOnlySpan<byte> text)
    {
        int position = CodePrefix.Length;
        int digitsStart = position;
        while (position < text.Length && position - digitsStart < 9 && char.IsAsciiDigit((char)text[position]))
        {
            position++;
        }
        if (position == digitsStart || position + 1 >= text.Length || (text[position] != (byte)'.' && text[position] != (byte)',') || text[position + 1] != (byte)' ')
        {
            return false;
        }
        ReadOnlySpan<byte> after = text.Slice(position + 2);
        return after.Slice(0, Math.Min(after.Length, MaxExceptionWordDistance)).IndexOf("Exception"u8) >= 0;
    }

    private static bool IsTextByte(byte b) => b >= 0x20 ? b != 0x7F : b is (byte)'\n' or (byte)'\r' or (byte)'\t';

    private static int SkipLineBreak(ReadOnlySpan<byte> data)
        => data.StartsWith("\r\n"u8) ? 2 : data.Length > 0 && data[0] == (byte)'\n' ? 1 : 0;

    private static string Decode(ReadOnlySpan<byte> message) => Encoding.UTF8.GetString(message).Trim();
}
