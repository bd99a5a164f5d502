using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The RowBinary bytes of the rows one INSERT will carry, in segments rented from the array pool, and the one task
/// every caller whose rows it holds awaits.
/// </summary>
internal sealed class InsertBatch
{
    private const int FirstSegmentSize = 4096;
    private const int MaxSegmentSize = 1024 * 1024;

    private readonly List<byte[]> _segments = [];
    private readonly TaskCompletionSource _acknowledged = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _lastSegmentUsed;

    public InsertBatch(long sequence, long openedAt)
    {
        Sequence = sequence;
        OpenedAt = openedAt;
    }

    /// <summary>The batch's number within its inserter, from 1: part of its deduplication token.</summary>
    public long Sequence { get; }

    /// <summary>When the first row arrived (a <see cref="TimeProvider"/> timestamp).</summary>
    public long OpenedAt { get; }

    public int Rows { get; private set; }

    public long Bytes { get; private set; }

    /// <summary>Completes when the server acknowledged the INSERT, or fails with what finally stopped it.</summary>
    public Task Acknowledged => _acknowledged.Task;

    /// <summary>Appends the bytes of <paramref name="rows"/> whole rows.</summary>
    public void Append(ReadOnlySpan<byte> bytes, int rows)
    {
        Rows += rows;
        Bytes += bytes.Length;
        while (!bytes.IsEmpty)
        {
            if (_segments.Count == 0 || _lastSegmentUsed == _segments[^1].Length)
            {
                int size = _segments.Count == 0
                    ? Math.Max(FirstSegmentSize, bytes.Length)
                    : Math.Min(MaxSegmentSize, Math.Max(_segments[^1].Length * 2, bytes.Length));
                _segments.Add(ArrayPool<byte>.Shared.Rent(Math.Min(size, MaxSegmentSize)));
                _lastSegmentUsed = 0;
            }
            byte[] segment = _segments[^1];
            int count = Math.Min(bytes.Length, segment.Length - _lastSegmentUsed);
            bytes.Slice(0, count).CopyTo(segment.AsSpan(_lastSegmentUsed));
            _lastSegmentUsed += count;
            bytes = bytes.Slice(count);
        }
    }

    /// <summary>Writes every byte of the batch, in order. Safe to call again for a retry.</summary>
    public async Task WriteToAsync(Stream destination, CancellationToken cancellationToken)
    {
        for (int i = 0; i < _segments.Count; i++)
        {
            int length = i == _segments.Count - 1 ? _lastSegmentUsed : _segments[i].Length;
            await destination.WriteAsync(_segments[i].AsMemory(0, length), cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Returns the segments to the pool and tells every caller how the INSERT ended.</summary>
    public void Settle(Exception? failure)
    {
        foreach (byte[] segment in _segments)
        {
            ArrayPool<byte>.Shared.Return(segment);
        }
        _segments.Clear();
        _lastSegmentUsed = 0;
        if (failure is null)
        {
            _acknowledged.TrySetResult();
        }
        else
        {
            _acknowledged.TrySetException(failure);
        }
    }
}
