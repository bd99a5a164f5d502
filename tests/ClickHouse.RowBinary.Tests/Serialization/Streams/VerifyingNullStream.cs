namespace ClickHouse.RowBinary.Tests.Serialization.Streams;

/// <summary>
/// A write-only stream that keeps nothing: it compares every byte written with the next bytes of an expected
/// stream (read in step, so memory stays constant), and counts bytes, writes and the largest single write.
/// Writes complete synchronously.
/// </summary>
internal sealed class VerifyingNullStream(Stream? expected = null) : Stream
{
    private byte[] _expected = new byte[4096];

    public long BytesWritten { get; private set; }

    public int Writes { get; private set; }

    public int LargestWrite { get; private set; }

    public int Flushes { get; private set; }

    /// <summary>Called after each write with the total written so far, e.g. to cancel mid-stream.</summary>
    public Action<long>? AfterWrite { get; init; }

    /// <summary>True when the expected stream has been read to its end, i.e. everything it holds was written.</summary>
    public bool ExpectedExhausted => expected is null || expected.Read(new byte[1]) == 0;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => BytesWritten;

    public override long Position { get => BytesWritten; set => throw new NotSupportedException(); }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        if (expected is not null)
        {
            if (_expected.Length < buffer.Length)
            {
                _expected = new byte[buffer.Length];
            }
            Span<byte> expectedBytes = _expected.AsSpan(0, buffer.Length);
            expected.ReadExactly(expectedBytes);
            if (!buffer.SequenceEqual(expectedBytes))
            {
                int at = buffer.CommonPrefixLength(expectedBytes);
                throw new InvalidDataException($"Byte {BytesWritten + at} differs: written 0x{buffer[at]:X2}, expected 0x{expectedBytes[at]:X2}.");
            }
        }
        BytesWritten += buffer.Length;
        Writes++;
        LargestWrite = Math.Max(LargestWrite, buffer.Length);
        AfterWrite?.Invoke(BytesWritten);
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Write(buffer.Span);
        return ValueTask.CompletedTask;
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush() => Flushes++;

    public override Task FlushAsync(CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Flush();
        return Task.CompletedTask;
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
