using System;
using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over one array rented from <see cref="ArrayPool{T}.Shared"/>, growing by
/// renting a larger one. <see cref="Clear"/> keeps the array, so a writer reused across flushes allocates
/// nothing once it has reached its working size. Dispose it to return the array to the pool.
/// </summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private const int DefaultInitialCapacity = 4096;

    private byte[]? _buffer;
    private int _written;

    /// <summary>Rents a buffer of at least <paramref name="initialCapacity"/> bytes.</summary>
    public PooledBufferWriter(int initialCapacity = DefaultInitialCapacity)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(initialCapacity);
        _buffer = ArrayPool<byte>.Shared.Rent(initialCapacity);
    }

    /// <summary>Bytes written and not yet cleared.</summary>
    public int WrittenCount => _written;

    /// <summary>The size of the rented array.</summary>
    public int Capacity => Buffer.Length;

    /// <summary>The bytes written so far; valid until the next write, <see cref="Clear"/> or <see cref="Dispose"/>.</summary>
    public ReadOnlyMemory<byte> WrittenMemory => Buffer.AsMemory(0, _written);

    /// <inheritdoc cref="WrittenMemory"/>
    public ReadOnlySpan<byte> WrittenSpan => Buffer.AsSpan(0, _written);

    /// <summary>The bytes written from <paramref name="start"/> on, to change in place; valid as <see cref="WrittenSpan"/> is.</summary>
    public Span<byte> WrittenFrom(int start) => Buffer.AsSpan(start, _written - start);

    private byte[] Buffer => _buffer ?? throw new ObjectDisposedException(nameof(PooledBufferWriter));

    /// <summary>Forgets what was written and keeps the array for the next writes.</summary>
    public void Clear() => _written = 0;

    public void Advance(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        if (count > Buffer.Length - _written)
        {
            throw new ArgumentOutOfRangeException(nameof(count), count, $"Cannot advance past the end of the buffer: {Buffer.Length - _written} bytes are free.");
        }
        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        EnsureFree(sizeHint);
        return Buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        EnsureFree(sizeHint);
        return Buffer.AsSpan(_written);
    }

    /// <summary>Returns the array to the pool. The writer cannot be used afterwards.</summary>
    public void Dispose()
    {
        byte[]? buffer = _buffer;
        _buffer = null;
        _written = 0;
        if (buffer is not null)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private void EnsureFree(int sizeHint)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(sizeHint);
        byte[] buffer = Buffer;
        int needed = Math.Max(sizeHint, 1);
        if (buffer.Length - _written >= needed)
        {
            return;
        }
        Grow(buffer, needed);
    }

    private void Grow(byte[] buffer, int needed)
    {
        long required = (long)_written + needed;
        if (required > Array.MaxLength)
        {
            throw new InvalidOperationException($"A buffer of {required} bytes is larger than an array can hold.");
        }
        int newSize = (int)Math.Min(Math.Max(required, (long)buffer.Length * 2), Array.MaxLength);
        byte[] larger = ArrayPool<byte>.Shared.Rent(newSize);
        buffer.AsSpan(0, _written).CopyTo(larger);
        _buffer = larger;
        ArrayPool<byte>.Shared.Return(buffer);
    }
}
