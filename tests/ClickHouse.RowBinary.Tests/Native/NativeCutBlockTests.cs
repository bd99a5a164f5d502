using System.Buffers;
using ClickHouse.RowBinary.TestSupport;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Native;

[ClickHouseRow]
public sealed partial class OneText
{
    [ClickHouseColumn("s")] public string S { get; set; } = "";
}

/// <summary>
/// A Native stream arriving in pieces is scanned again after every pause, and most scans meet a block cut by the end of
/// what has arrived. In the layouts a stream is usually cut in (a block's header, column names and types, fixed-width
/// values, Strings, LowCardinality, and Nullable, Array, Map and Tuple of them) the reader finds the cut without an
/// exception, so that the runtime's exception counters, which applications watch, do not count one or more per block.
/// </summary>
public class NativeCutBlockTests
{
    [Theory]
    [InlineData(1, 97)]
    [InlineData(2, 1_009)]
    [InlineData(3, 4_096)]
    [InlineData(4, 65_537)]
    public async Task A_stream_paused_after_every_piece_reads_every_row_and_throws_nothing_inside(int seed, int piece)
    {
        NullablesAndArrays[] rows = Rows(seed, 5_000);
        // Three blocks, so that cuts fall in block headers too.
        var bytes = new ArrayBufferWriter<byte>();
        foreach (NullablesAndArrays[] part in rows.Chunk(2_000))
        {
            NativeSerializer.Write(bytes, part);
        }
        var stream = new ChunkedReadStream(bytes.WrittenSpan.ToArray(), () => piece, pause: true);

        var read = new List<string>();
        int thrown = await CountCutExceptionsAsync(async () =>
        {
            await foreach (NullablesAndArrays row in NativeSerializer.ReadAsync<NullablesAndArrays>(stream))
            {
                read.Add(row.Describe());
            }
        });

        Assert.Equal(rows.Select(r => r.Describe()), read);
        Assert.True(stream.Reads > 20, $"the stream paused only {stream.Reads} times: no block was cut");
        Assert.Equal(0, thrown);
    }

    /// <summary>How many cut exceptions <paramref name="read"/> threw, caught or not.</summary>
    private static Task<int> CountCutExceptionsAsync(Func<Task> read) => ThrownInside.CountAsync(read, e => e is RowBinaryNeedMoreDataException);

    [Theory]
    [InlineData(5, 97)]
    [InlineData(6, 4_096)]
    public async Task LowCardinality_columns_cut_anywhere_throw_nothing_inside(int seed, int piece)
    {
        var random = new Random(seed);
        string[] referrers = [.. Enumerable.Range(0, 50).Select(i => "https://example.com/" + i + new string('r', random.Next(0, 100)))];
        LowCardinalityParts[] rows = [.. Enumerable.Range(0, 5_000).Select(i => new LowCardinalityParts
        {
            Id = (uint)i,
            Referrer = random.Next(4) == 0 ? null : referrers[random.Next(referrers.Length)],
            Labels = [.. Enumerable.Range(0, random.Next(0, 4)).Select(_ => referrers[random.Next(10)])],
        })];
        var bytes = new ArrayBufferWriter<byte>();
        foreach (LowCardinalityParts[] part in rows.Chunk(2_000))
        {
            NativeSerializer.Write(bytes, part);
        }

        var read = new List<string>();
        int thrown = await CountCutExceptionsAsync(async () =>
        {
            await foreach (LowCardinalityParts row in NativeSerializer.ReadAsync<LowCardinalityParts>(new ChunkedReadStream(bytes.WrittenSpan.ToArray(), () => piece, pause: true)))
            {
                read.Add($"{row.Id}|{row.Referrer ?? "NULL"}|{string.Join(',', row.Labels)}");
            }
        });

        Assert.Equal(rows.Select(r => $"{r.Id}|{r.Referrer ?? "NULL"}|{string.Join(',', r.Labels)}"), read);
        Assert.Equal(0, thrown);
    }

    [Theory]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01 })] // 2^64 - 1
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 })] // 2^63
    [InlineData(new byte[] { 0xC8, 0x01 })]                                                   // 200, more than follow
    public async Task A_String_longer_than_the_bytes_left_is_refused_whole_or_streamed(byte[] length)
    {
        // One block, one String column "s", one row whose length says more than the stream holds.
        byte[] block = [1, 1, 1, (byte)'s', 6, .. "String"u8, .. length, .. "abc"u8];

        Assert.Throws<RowBinaryException>(() => NativeSerializer.ReadList<OneText>(block));
        await Assert.ThrowsAsync<RowBinaryException>(async () =>
        {
            await foreach (OneText _ in NativeSerializer.ReadAsync<OneText>(new ChunkedReadStream(block, () => 3, pause: true)))
            {
            }
        });
    }

    private static NullablesAndArrays[] Rows(int seed, int count)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, count).Select(i => new NullablesAndArrays
        {
            Id = (uint)i,
            Parent = random.Next(3) == 0 ? null : random.NextInt64(),
            Level = random.Next(4) == 0 ? null : (byte)random.Next(256),
            ShortCode = random.Next(5) == 0 ? null : [(byte)'a', (byte)random.Next(97, 123), (byte)'z'],
            Key = random.Next(2) == 0 ? null : new Guid(i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
            Referrer = random.Next(3) == 0 ? null : "https://example.com/" + new string('r', random.Next(0, 300)),
            Tags = [.. Enumerable.Range(0, random.Next(0, 6)).Select(_ => (uint)random.Next())],
            Labels = [.. Enumerable.Range(0, random.Next(0, 4)).Select(j => "label-" + j + new string('x', random.Next(0, 40)))],
            Scores = [.. Enumerable.Range(0, random.Next(0, 5)).Select(_ => random.Next(4) == 0 ? (int?)null : random.Next())],
            Counters = Enumerable.Range(0, random.Next(0, 4)).ToDictionary(j => "counter" + j, _ => (ulong)random.NextInt64()),
        }).ToArray();
    }
}
