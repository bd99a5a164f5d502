using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// A write-only stream into segments rented from the array pool (4 KiB first, doubling to 1 MiB): appending never
/// copies what was written before, and <see cref="CopyToAsync(Stream, CancellationToken)"/> replays it as often as
/// needed. <see cref="Dispose(bool)"/> returns the segments.
/// </summary>
internal sealed class PooledSegmentStream : Stream
{
    private const int FirstSegmentSize = 4096;
    private const int MaxSegmentSize = 1024 * 1024;

    private readonly List<byte[]> _segments = [];
    private int _lastSegmentUsed;
    private long _length;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => _length;

    public override long Position
    {
        get => _length;
        set => throw new NotSupportedException();
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        _length += buffer.Length;
        while (!buffer.IsEmpty)
        {
            if (_segments.Count == 0 || _lastSegmentUsed == _segments[^1].Length)
            {
                int size = _segments.Count == 0 ? Math.Max(FirstSegmentSize, buffer.Length) : Math.Max(_segments[^1].Length * 2, buffer.Length);
                _segments.Add(ArrayPool<byte>.Shared.Rent(Math.Min(size, MaxSegmentSize)));
                _lastSegmentUsed = 0;
            }
            byte[] segment = _segments[^1];
            int count = Math.Min(buffer.Length, segment.Length - _lastSegmentUsed);
            buffer.Slice(0, count).CopyTo(segment.AsSpan(_lastSegmentUsed));
            _lastSegmentUsed += count;
            buffer = buffer.Slice(count);
        }
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Write(buffer.Span);
        return ValueTask.CompletedTask;
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        Write(buffer.AsSpan(offset, count));
        return Task.CompletedTask;
    }

    /// <summary>Copies every byte, in order, into <paramref name="destination"/>, which holds <see cref="Length"/> bytes at least.</summary>
    public void CopyTo(Span<byte> destination)
    {
        for (int i = 0; i < _segments.Count; i++)
        {
            int length = i == _segments.Count - 1 ? _lastSegmentUsed : _segments[i].Length;
            _segments[i].AsSpan(0, length).CopyTo(destination);
            destination = destination.Slice(length);
        }
    }

    /// <summary>Writes every byte, in order, to <paramref name="destination"/>; may be called again.</summary>
    public new async Task CopyToAsync(Stream destination, CancellationToken cancellationToken)
    {
        for (int i = 0; i < _segments.Count; i++)
        {
            int length = i == _segments.Count - 1 ? _lastSegmentUsed : _segments[i].Length;
            await destination.WriteAsync(_segments[i].AsMemory(0, length), cancellationToken).ConfigureAwait(false);
        }
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        foreach (byte[] segment in _segments)
        {
            ArrayPool<byte>.Shared.Return(segment);
        }
        _segments.Clear();
        _lastSegmentUsed = 0;
        _length = 0;
        base.Dispose(disposing);
    }
}
