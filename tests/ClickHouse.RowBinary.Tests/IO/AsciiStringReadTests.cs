using System.Text;

namespace ClickHouse.RowBinary.Tests.IO;

/// <summary>
/// Strings read through the one-pass ASCII path: exactly what UTF-8 decoding gives, and bytes that are not valid UTF-8
/// still refused wherever they sit, since the fast path only trusts a value whose every byte is ASCII.
/// </summary>
public class AsciiStringReadTests
{
    [Theory]
    [InlineData("a")]
    [InlineData("https://example.com/path?q=1&r=two#frag")]
    [InlineData("a\u00e9z")] // ASCII ends, two-byte char between
    [InlineData("x\u041f\u0440\u0438\u0432\u0435\u0442 y")] // Cyrillic between ASCII ends
    [InlineData("\u041f\u0440\u0438\u0432\u0435\u0442")] // not ASCII at either end
    [InlineData("go \U0001D11E!")] // four-byte char between ASCII ends
    [InlineData("\0control\u007f")] // every ASCII value is ASCII, NUL and DEL included
    public void ReadString_gives_what_UTF_8_decoding_gives(string text)
    {
        Assert.Equal(text, Read(Encoding.UTF8.GetBytes(text)));
    }

    [Fact]
    public void ReadString_of_every_printable_ASCII_char_gives_the_same_text()
    {
        string text = string.Concat(Enumerable.Range(0, 120).Select(i => (char)(32 + (i % 95))));
        Assert.Equal(text, Read(Encoding.ASCII.GetBytes(text)));
    }

    [Theory]
    [InlineData(0xFF)] // never valid in UTF-8
    [InlineData(0x80)] // a continuation byte with no lead
    [InlineData(0xC3)] // a lead byte with no continuation
    [InlineData(0xED)] // the lead of a surrogate's encoding, cut
    public void ReadString_refuses_a_byte_that_is_not_valid_UTF_8_at_any_position(int invalid)
    {
        byte[] ascii = Encoding.ASCII.GetBytes("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ");
        for (int position = 0; position < ascii.Length; position++)
        {
            byte[] text = (byte[])ascii.Clone();
            text[position] = (byte)invalid;
            var error = Assert.Throws<RowBinaryException>(() => Read(text));
            Assert.Contains("are not valid UTF-8 text", error.Message, StringComparison.Ordinal);
        }
    }

    private static string Read(byte[] text)
    {
        Assert.True(text.Length < 128, "one length byte");
        byte[] value = [(byte)text.Length, .. text];
        var reader = new RowBinaryReader(value);
        string read = reader.ReadString();
        Assert.True(reader.IsEnd);
        return read;
    }
}
