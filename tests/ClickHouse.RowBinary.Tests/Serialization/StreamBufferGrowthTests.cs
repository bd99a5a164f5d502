using System.Buffers;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// A streamed read offers larger reads while the stream fills them, up to 1 MiB, and never more: fewer blocks cut
/// fewer rows, each of which is read twice. A stream that gives little at a time keeps the first size.
/// </summary>
public class StreamBufferGrowthTests
{
    private const int FirstReadSize = 128 * 1024;
    private const int LargestReadSize = 1024 * 1024;

    private static readonly Blob[] s_rows = Enumerable.Range(0, 20_000).Select(i => new Blob((uint)i, $"row {i} " + new string((char)('a' + (i % 26)), 200))).ToArray();
    private static readonly byte[] s_data = Written(s_rows);

    [Fact]
    public async Task A_stream_that_fills_every_read_is_offered_larger_reads_up_to_one_MiB()
    {
        var stream = new ChunkedReadStream(s_data, () => int.MaxValue);

        Assert.Equal(s_rows, await Read(stream));
        Assert.InRange(stream.LargestRequest, FirstReadSize + 1, LargestReadSize);
        Assert.True(stream.Reads < s_data.Length / FirstReadSize, $"{stream.Reads} reads of {s_data.Length} bytes: the reads did not grow.");
    }

    [Fact]
    public async Task A_stream_that_gives_a_little_at_a_time_keeps_the_first_read_size()
    {
        var stream = new ChunkedReadStream(s_data, () => 1_000);

        Assert.Equal(s_rows, await Read(stream));
        Assert.InRange(stream.LargestRequest, 1, FirstReadSize);
    }

    private static async Task<List<Blob>> Read(Stream stream)
    {
        var rows = new List<Blob>();
        await foreach (Blob row in RowBinarySerializer.ReadAsync<Blob>(stream, RowBinaryFormat.RowBinary))
        {
            rows.Add(row);
        }
        return rows;
    }

    private static byte[] Written(Blob[] rows)
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows, RowBinaryFormat.RowBinary);
        return buffer.WrittenSpan.ToArray();
    }
}
