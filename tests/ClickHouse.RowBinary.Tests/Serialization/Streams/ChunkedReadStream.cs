namespace ClickHouse.RowBinary.Tests.Serialization.Streams;

/// <summary>
/// A read-only stream over bytes that returns at most as many bytes per read as a chunk-size function says:
/// 1 byte at a time, or random sizes, so that rows (and the header) are split across reads anywhere.
/// Reads complete synchronously, or with <paramref name="pause"/> after a pause, as a server's trickle does: a reader
/// then sees every read wait.
/// </summary>
internal sealed class ChunkedReadStream(byte[] data, Func<int> nextChunkSize, bool pause = false) : Stream
{
    private int _position;

    public int Reads { get; private set; }

    /// <summary>The most bytes a read asked for.</summary>
    public int LargestRequest { get; private set; }

    public static ChunkedReadStream OneByteAtATime(byte[] data) => new(data, () => 1);

    public static ChunkedReadStream RandomChunks(byte[] data, int seed, int maxChunk)
    {
        var random = new Random(seed);
        return new ChunkedReadStream(data, () => random.Next(1, maxChunk + 1));
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        Reads++;
        LargestRequest = Math.Max(LargestRequest, buffer.Length);
        int count = Math.Min(Math.Min(buffer.Length, nextChunkSize()), data.Length - _position);
        data.AsSpan(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return pause ? ReadAfterPauseAsync(buffer) : ValueTask.FromResult(Read(buffer.Span));
    }

    private async ValueTask<int> ReadAfterPauseAsync(Memory<byte> buffer)
    {
        await Task.Yield();
        return Read(buffer.Span);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
