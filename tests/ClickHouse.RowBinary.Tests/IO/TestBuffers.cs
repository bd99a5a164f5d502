using System.Buffers;

namespace ClickHouse.RowBinary.Tests.IO;

/// <summary>Buffer shapes that force the reader's and writer's cold paths.</summary>
internal static class TestBuffers
{
    /// <summary>Splits data into a sequence with segment boundaries at the given offsets.</summary>
    public static ReadOnlySequence<byte> Split(byte[] data, params int[] cuts)
    {
        var bounds = cuts.Where(c => c > 0 && c < data.Length).Distinct().Order().Append(data.Length).ToArray();
        Segment? first = null;
        Segment? last = null;
        int start = 0;
        foreach (int end in bounds)
        {
            var segment = new Segment(data.AsMemory(start, end - start));
            if (first is null)
            {
                first = last = segment;
            }
            else
            {
                last = last!.Append(segment);
            }
            start = end;
        }
        return first is null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length);
    }

    /// <summary>One segment per byte: the worst case for a reader.</summary>
    public static ReadOnlySequence<byte> OneBytePerSegment(byte[] data) => Split(data, Enumerable.Range(1, data.Length).ToArray());

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory) => Memory = memory;

        public Segment Append(Segment next)
        {
            next.RunningIndex = RunningIndex + Memory.Length;
            Next = next;
            return next;
        }
    }
}

/// <summary>An IBufferWriter that hands out spans of exactly the size asked for, so every write crosses a refill.</summary>
internal sealed class StingyBufferWriter : IBufferWriter<byte>
{
    private readonly List<byte> _written = [];
    private byte[] _current = [];

    public int SpansHandedOut { get; private set; }

    public byte[] WrittenBytes => [.. _written];

    public void Advance(int count) => _written.AddRange(_current.AsSpan(0, count).ToArray());

    public Memory<byte> GetMemory(int sizeHint = 0) => GetArray(sizeHint);

    public Span<byte> GetSpan(int sizeHint = 0) => GetArray(sizeHint);

    private byte[] GetArray(int sizeHint)
    {
        SpansHandedOut++;
        _current = new byte[Math.Max(sizeHint, 1)];
        return _current;
    }
}
