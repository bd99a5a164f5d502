using System.Text;
using ClickHouse.RowBinary.TestSupport;

namespace ClickHouse.RowBinary.Tests.IO;

/// <summary>
/// The one-pass UTF-8 decoding of text that is not all ASCII: the same text as strict <see cref="UTF8Encoding"/>
/// and refused exactly where it throws, on either side of the stack buffer's size and of the pooled one's.
/// </summary>
public class Utf8TextTests
{
    private static readonly UTF8Encoding s_strict = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    [Theory]
    [InlineData("\u041f\u0440\u0438\u0432\u0435\u0442")]
    [InlineData("caf\u00e9 \U0001D11E \u4e2d\u6587")]
    [InlineData("")]
    public void Well_formed_text_of_any_length_decodes_as_UTF8Encoding_does(string piece)
    {
        foreach (int length in new[] { 1, 100, 511, 512, 513, 4096, 65_535, 65_536, 65_537, 200_000 })
        {
            var text = new StringBuilder();
            while (Encoding.UTF8.GetByteCount(text.ToString()) < length)
            {
                text.Append(piece.Length == 0 ? "\u00e9" : piece);
            }
            byte[] bytes = Encoding.UTF8.GetBytes(text.ToString());
            Assert.Equal(text.ToString(), Utf8Text.TryDecode(bytes));
            Assert.Null(Utf8Text.Failure(bytes));
        }
    }

    [Theory]
    [InlineData(new byte[] { 0xC0, 0x80 })] // overlong NUL
    [InlineData(new byte[] { 0xE0, 0x80, 0xAF })] // overlong '/'
    [InlineData(new byte[] { 0xED, 0xA0, 0x80 })] // a surrogate, encoded
    [InlineData(new byte[] { 0xF4, 0x90, 0x80, 0x80 })] // past U+10FFFF
    [InlineData(new byte[] { 0xE2, 0x82 })] // cut at the end
    [InlineData(new byte[] { 0x80 })] // a continuation with no lead
    [InlineData(new byte[] { 0xFF })]
    public void Ill_formed_bytes_are_refused_before_after_and_past_the_stack_buffer(byte[] bad)
    {
        byte[] cyrillic = Encoding.UTF8.GetBytes("\u041f\u0440\u0438\u0432\u0435\u0442");
        foreach (int filler in new[] { 0, 12, 600, 12_000 })
        {
            byte[] around = [.. Repeat(cyrillic, filler), .. bad, .. Repeat(cyrillic, filler)];
            byte[] before = [.. Repeat(cyrillic, filler), .. bad];
            foreach (byte[] bytes in new[] { bad, around, before })
            {
                Assert.Throws<DecoderFallbackException>(() => s_strict.GetString(bytes));
                Assert.Null(Utf8Text.TryDecode(bytes));
                Assert.IsType<DecoderFallbackException>(Utf8Text.Failure(bytes));
            }
        }
    }

    [Fact]
    public void Random_bytes_are_refused_exactly_where_strict_decoding_throws_and_else_read_the_same()
    {
        var random = new Random(20261128);
        int refused = 0;
        for (int i = 0; i < 20_000; i++)
        {
            byte[] bytes = new byte[random.Next(1, i % 10 == 0 ? 1500 : 40)];
            random.NextBytes(bytes);
            // Mostly two- and three-byte sequences, so that many values are valid.
            for (int j = 0; j < bytes.Length; j++)
            {
                bytes[j] = (byte)(random.Next(4) switch { 0 => 0xD0 + (bytes[j] & 1), 1 => 0x80 + (bytes[j] & 0x3F), 2 => bytes[j] & 0x7F, _ => bytes[j] });
            }
            string? expected;
            try
            {
                expected = s_strict.GetString(bytes);
            }
            catch (DecoderFallbackException)
            {
                expected = null;
                refused++;
            }
            Assert.Equal(expected, Utf8Text.TryDecode(bytes));
        }
        Assert.InRange(refused, 1, 19_999);
    }

    [Fact]
    public void A_String_cut_by_a_segment_boundary_reads_the_same_and_is_refused_the_same_with_its_offset()
    {
        byte[] text = Encoding.UTF8.GetBytes("x\u041f\u0440\u0438\u0432\u0435\u0442 \U0001D11E");
        byte[] value = [0xAA, (byte)text.Length, .. text];
        var reader = new RowBinaryReader(SegmentedSequence.Split(value, 5, 9));
        Assert.Equal(0xAA, reader.ReadUInt8());
        Assert.Equal("x\u041f\u0440\u0438\u0432\u0435\u0442 \U0001D11E", reader.ReadString());

        byte[] bad = (byte[])value.Clone();
        bad[7] = 0xFF;
        var refusing = new RowBinaryReader(SegmentedSequence.Split(bad, 5, 9));
        refusing.ReadUInt8();
        RowBinaryException error;
        try
        {
            refusing.ReadString();
            throw new Xunit.Sdk.XunitException("the bytes were not refused");
        }
        catch (RowBinaryException e)
        {
            error = e;
        }
        Assert.Equal(2, error.Offset);
        Assert.Contains("are not valid UTF-8 text", error.Message, StringComparison.Ordinal);
        Assert.IsType<DecoderFallbackException>(error.InnerException);
    }

    private static byte[] Repeat(byte[] bytes, int times) => Enumerable.Repeat(bytes, times).SelectMany(b => b).ToArray();
}
