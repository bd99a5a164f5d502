using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Serialization;

[ClickHouseRow]
public sealed partial record TwoTexts(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("first")] string First,
    [property: ClickHouseColumn("second")] string Second);

/// <summary>
/// A row cut by the end of a block that is not final is measured, not built: its strings are made once, when the
/// rest has arrived, and the parse says how many bytes it still lacks.
/// </summary>
public class CutRowTests
{
    private static readonly TwoTexts[] s_rows =
        [.. Enumerable.Range(0, 3).Select(i => new TwoTexts((uint)i, new string((char)('a' + i), 5_000), new string((char)('k' + i), 5_000)))];

    private static readonly byte[] s_data = Written(s_rows);
    private static readonly int s_rowBytes = s_data.Length / 3;

    [Fact]
    public void A_row_cut_inside_its_second_string_is_not_built()
    {
        int cut = (2 * s_rowBytes) + 4 + 2 + 5_000 + 2 + 2_000;

        long whole = AllocatedParsing(s_data.AsMemory(0, 2 * s_rowBytes), out _, out _);
        long withCutRow = AllocatedParsing(s_data.AsMemory(0, cut), out List<TwoTexts> rows, out RowBinaryStreamParser<TwoTexts, GeneratedRowDecoder<TwoTexts>> parser);

        Assert.Equal(s_rows.Take(2), rows);
        // Building the cut row would make its first string (10 KB) and drop it.
        Assert.InRange(withCutRow - whole, long.MinValue, 2_000);
        Assert.Equal(s_rowBytes, parser.MinimumBlock);
    }

    [Fact]
    public void The_cut_row_is_read_whole_once_the_rest_arrives()
    {
        int cut = (2 * s_rowBytes) + 100;
        var parser = new RowBinaryStreamParser<TwoTexts, GeneratedRowDecoder<TwoTexts>>(RowBinaryFormat.RowBinary, default);
        var rows = new List<TwoTexts>();

        long consumed = parser.Parse(new ReadOnlySequence<byte>(s_data.AsMemory(0, cut)), isFinalBlock: false, rows);
        Assert.Equal(2 * s_rowBytes, consumed);
        Assert.True(parser.MinimumBlock > 100);

        consumed = parser.Parse(new ReadOnlySequence<byte>(s_data.AsMemory((int)consumed)), isFinalBlock: false, rows);

        Assert.Equal(s_rowBytes, consumed);
        Assert.Equal(s_rows, rows);
        Assert.Equal(0, parser.MinimumBlock);
    }

    /// <summary>
    /// The fewest bytes of five parses of <paramref name="block"/>, each by a new parser after one that let the parser's
    /// first use settle. Each parser gives its string cache's tables back to the shared pool, so that the next one
    /// rents them instead of allocating (tests running beside this one may empty the pool for a moment).
    /// </summary>
    private static long AllocatedParsing(ReadOnlyMemory<byte> block, out List<TwoTexts> rows, out RowBinaryStreamParser<TwoTexts, GeneratedRowDecoder<TwoTexts>> parser)
    {
        var warm = new RowBinaryStreamParser<TwoTexts, GeneratedRowDecoder<TwoTexts>>(RowBinaryFormat.RowBinary, default);
        warm.Parse(new ReadOnlySequence<byte>(block), isFinalBlock: false, new List<TwoTexts>(4));
        warm.Release();

        long fewest = long.MaxValue;
        (rows, parser) = (null!, null!);
        for (int attempt = 0; attempt < 5; attempt++)
        {
            parser = new RowBinaryStreamParser<TwoTexts, GeneratedRowDecoder<TwoTexts>>(RowBinaryFormat.RowBinary, default);
            rows = new List<TwoTexts>(4);
            long before = GC.GetAllocatedBytesForCurrentThread();
            parser.Parse(new ReadOnlySequence<byte>(block), isFinalBlock: false, rows);
            fewest = Math.Min(fewest, GC.GetAllocatedBytesForCurrentThread() - before);
            parser.Release();
        }
        return fewest;
    }

    private static byte[] Written(TwoTexts[] rows)
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows, RowBinaryFormat.RowBinary);
        return buffer.WrittenSpan.ToArray();
    }
}
