using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Native;

[ClickHouseRow]
public sealed partial record LowCardinalityText(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("text", Type = "LowCardinality(String)")] string Text);

[ClickHouseRow]
public sealed partial record PlainText(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("text")] string Text);

/// <summary>
/// A LowCardinality(String) column of a Native block is read from its dictionary: each key becomes a string once a block
/// (through the column's string cache, so once a stream), whatever the batches and blocks; a String member reading such
/// a column, and a LowCardinality member reading a plain String column, read the same rows.
/// </summary>
public class LowCardinalityDictionaryTests
{
    private static readonly string[] s_texts = ["chrome", "firefox", "", "a longer value that is not short at all, ü", "safari"];

    private static LowCardinalityText[] Rows(int count, int seed) =>
        [.. Enumerable.Range(0, count).Select(i => new LowCardinalityText((uint)i, s_texts[(i * 7 + seed) % s_texts.Length]))];

    [Fact]
    public void Rows_over_several_batches_and_blocks_read_their_keys_and_share_one_string_per_value()
    {
        LowCardinalityText[] first = Rows(5_000, seed: 0);
        LowCardinalityText[] second = Rows(3_000, seed: 3);
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, first);
        NativeSerializer.Write(buffer, second);

        List<LowCardinalityText> read = NativeSerializer.ReadList<LowCardinalityText>(buffer.WrittenSpan);

        Assert.Equal(first.Concat(second), read);
        foreach (IGrouping<string, LowCardinalityText> sameText in read.GroupBy(row => row.Text))
        {
            string one = sameText.First().Text;
            Assert.All(sameText, row => Assert.Same(one, row.Text));
        }
    }

    [Fact]
    public async Task Rows_streamed_in_small_reads_are_the_rows_written()
    {
        LowCardinalityText[] rows = Rows(2_500, seed: 1);
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);

        var read = new List<LowCardinalityText>();
        await foreach (LowCardinalityText row in NativeSerializer.ReadAsync<LowCardinalityText>(new Serialization.Streams.ChunkedReadStream(buffer.WrittenSpan.ToArray(), () => 333)))
        {
            read.Add(row);
        }

        Assert.Equal(rows, read);
    }

    [Fact]
    public void A_String_member_reads_a_LowCardinality_column_and_a_LowCardinality_member_reads_a_String_column()
    {
        LowCardinalityText[] rows = Rows(2_100, seed: 2);
        var lowCardinality = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(lowCardinality, rows);
        var plain = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(plain, rows.Select(row => new PlainText(row.Id, row.Text)));

        List<PlainText> asPlain = NativeSerializer.ReadList<PlainText>(lowCardinality.WrittenSpan);
        List<LowCardinalityText> asLowCardinality = NativeSerializer.ReadList<LowCardinalityText>(plain.WrittenSpan);

        Assert.Equal(rows.Select(row => new PlainText(row.Id, row.Text)), asPlain);
        Assert.Equal(rows, asLowCardinality);
    }
}
