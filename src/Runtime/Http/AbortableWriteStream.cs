using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Passes writes through to a request stream (which it does not own) until <see cref="Abort"/>; after that it drops
/// them. A failed INSERT aborts it before releasing its compressor, so that the compressor's end mark, which would make
/// the body a complete INSERT for the server, never reaches the network.
/// </summary>
internal sealed class AbortableWriteStream(Stream inner) : Stream
{
    private volatile bool _aborted;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <summary>From now on, nothing more reaches the request stream.</summary>
    public void Abort() => _aborted = true;

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        if (!_aborted)
        {
            inner.Write(buffer);
        }
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        => _aborted ? ValueTask.CompletedTask : inner.WriteAsync(buffer, cancellationToken);

    public override void Flush()
    {
        if (!_aborted)
        {
            inner.Flush();
        }
    }

    public override Task FlushAsync(CancellationToken cancellationToken) => _aborted ? Task.CompletedTask : inner.FlushAsync(cancellationToken);

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
