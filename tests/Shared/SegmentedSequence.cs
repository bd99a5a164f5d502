using System.Buffers;

namespace ClickHouse.RowBinary.TestSupport;

/// <summary>Bytes as a <see cref="ReadOnlySequence{T}"/> of several segments, as a pipe hands them out: the reader's cold paths.</summary>
internal static class SegmentedSequence
{
    /// <summary>Segment boundaries at the given offsets (those outside the data or repeated are ignored).</summary>
    public static ReadOnlySequence<byte> Split(byte[] data, params int[] cuts)
    {
        int[] bounds = [.. cuts.Where(c => c > 0 && c < data.Length).Distinct().Order().Append(data.Length)];
        Segment? first = null;
        Segment? last = null;
        int start = 0;
        foreach (int end in bounds)
        {
            var segment = new Segment(data.AsMemory(start, end - start), start);
            if (first is null)
            {
                first = segment;
            }
            else
            {
                last!.Next = segment;
            }
            last = segment;
            start = end;
        }
        return first is null || data.Length == 0 ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length);
    }

    /// <summary>One segment per byte: the worst case for a reader.</summary>
    public static ReadOnlySequence<byte> OneBytePerSegment(byte[] data) => Split(data, [.. Enumerable.Range(1, data.Length)]);

    /// <summary>About <paramref name="pieces"/> segments of equal size.</summary>
    public static ReadOnlySequence<byte> InPieces(byte[] data, int pieces)
    {
        int size = Math.Max(1, (data.Length + pieces - 1) / pieces);
        return Split(data, [.. Enumerable.Range(1, pieces).Select(i => i * size)]);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public new Segment? Next
        {
            get => (Segment?)base.Next;
            set => base.Next = value;
        }
    }
}
