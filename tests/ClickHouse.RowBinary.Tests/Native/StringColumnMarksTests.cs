using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>
/// A Native String column notes where every batch of rows ends as it scans, so that taking a batch jumps there: every
/// pattern of takes (on marks, between them, to the column's end) must start where walking the values would.
/// </summary>
public class StringColumnMarksTests
{
    private const int Stride = StringColumnDecoder.MarkStride;

    [Theory]
    [InlineData(new[] { Stride, Stride, Stride, 77 })]
    [InlineData(new[] { 1000, 24, Stride, 500, 500, 24, 77 })]
    [InlineData(new[] { 1, (3 * Stride) + 76 })]
    [InlineData(new[] { (3 * Stride) + 77 })]
    [InlineData(new[] { Stride - 1, 1, Stride + 1, Stride - 1, 77 })]
    public void Take_StartsEachBatchWhereWalkingTheValuesWould(int[] takes)
    {
        int count = takes.Sum();
        (byte[] data, int[] starts) = Column(count, prefix: 5);
        var decoder = new StringColumnDecoder(KnownTypes.String);
        var input = new NativeInput(data, startOffset: 0, isFinal: true);
        input.Skip(5, "prefix");

        decoder.Scan(ref input, count);

        int taken = 0;
        foreach (int take in takes)
        {
            Assert.Equal(starts[taken], decoder.Take(data, take));
            taken += take;
            Assert.Equal(starts[taken], decoder.Cursor);
        }
    }

    [Fact]
    public void Take_AfterAShorterScanOfTheSameDecoder_UsesOnlyTheNewMarks()
    {
        // A decoder is reused block after block: a block of fewer rows must not jump to a longer block's marks.
        var decoder = new StringColumnDecoder(KnownTypes.String);
        (byte[] first, _) = Column((2 * Stride) + 3, prefix: 0);
        var input = new NativeInput(first, startOffset: 0, isFinal: true);
        decoder.Scan(ref input, (2 * Stride) + 3);
        decoder.Take(first, (2 * Stride) + 3);

        (byte[] second, int[] starts) = Column(Stride + 9, prefix: 0, seed: 7);
        input = new NativeInput(second, startOffset: 0, isFinal: true);
        decoder.Scan(ref input, Stride + 9);

        Assert.Equal(0, decoder.Take(second, Stride));
        Assert.Equal(starts[Stride], decoder.Take(second, 9));
        Assert.Equal(starts[Stride + 9], decoder.Cursor);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(300)]
    [InlineData(10_240)]
    [InlineData(60_000)]
    [InlineData(100_000)]
    public void A_resumed_scan_goes_on_from_the_cut_and_marks_what_a_whole_scan_marks(int cut)
    {
        int count = (3 * Stride) + 77;
        (byte[] data, int[] starts) = Column(count, prefix: 5);
        var decoder = new StringColumnDecoder(KnownTypes.String);
        var partial = new NativeInput(data.AsSpan(0, 5 + cut), startOffset: 0, isFinal: false);
        partial.Skip(5, "prefix");
        Assert.False(decoder.TryScan(ref partial, count));
        int walked = Array.FindLastIndex(starts, start => start <= 5 + cut);

        // The values the first scan walked are not read again: spoiling their lengths changes nothing.
        byte[] spoiled = (byte[])data.Clone();
        for (int i = 0; i < walked && i < count; i++)
        {
            spoiled[starts[i]] = 0xFF;
        }
        var whole = new NativeInput(spoiled, startOffset: 0, isFinal: true);
        whole.Skip(5, "prefix");
        Assert.True(decoder.TryResumeScan(ref whole, count));
        Assert.Equal(data.Length, whole.Position);

        int taken = 0;
        foreach (int take in new[] { Stride, Stride, Stride, 77 })
        {
            Assert.Equal(starts[taken], decoder.Take(spoiled, take));
            taken += take;
        }
        Assert.Equal(starts[count], decoder.Cursor);
    }

    [Fact]
    public void A_resumed_scan_of_another_column_start_scans_from_the_start()
    {
        int count = Stride + 9;
        (byte[] data, _) = Column(count, prefix: 0);
        var decoder = new StringColumnDecoder(KnownTypes.String);
        var partial = new NativeInput(data.AsSpan(0, 100), startOffset: 0, isFinal: false);
        Assert.False(decoder.TryScan(ref partial, count));

        (byte[] other, int[] otherStarts) = Column(count, prefix: 3, seed: 9);
        var input = new NativeInput(other, startOffset: 0, isFinal: true);
        input.Skip(3, "prefix");
        Assert.True(decoder.TryResumeScan(ref input, count));
        Assert.Equal(otherStarts[count], input.Position);
        Assert.Equal(3, decoder.Take(other, Stride));
        Assert.Equal(otherStarts[Stride], decoder.Cursor);
    }

    /// <summary>A String column of values of lengths 0 to 300 (one- and two-byte length prefixes) and where each starts.</summary>
    private static (byte[] Data, int[] Starts) Column(int count, int prefix, int seed = 1)
    {
        var random = new Random(seed);
        var buffer = new ArrayBufferWriter<byte>();
        buffer.Write(new byte[prefix]);
        var starts = new int[count + 1];
        for (int i = 0; i < count; i++)
        {
            starts[i] = buffer.WrittenCount;
            var writer = new RowBinaryWriter(buffer);
            writer.WriteString(new string((char)('a' + (i % 26)), random.Next(0, 300)));
            writer.Flush();
        }
        starts[count] = buffer.WrittenCount;
        return (buffer.WrittenSpan.ToArray(), starts);
    }
}
