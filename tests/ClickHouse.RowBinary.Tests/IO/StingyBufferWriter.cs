using System.Buffers;

namespace ClickHouse.RowBinary.Tests.IO;

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
