using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// One stream of a Native column being built (a null map, offsets, keys, values): bytes appended in order, in an array
/// rented from <see cref="ArrayPool{T}.Shared"/> that <see cref="Clear"/> keeps for the next block and
/// <see cref="Dispose"/> returns, so that writing blocks allocates nothing once the streams have their size.
/// </summary>
internal sealed class NativeStream : IDisposable
{
    private const int InitialCapacity = 256;

    private byte[] _bytes = [];
    private int _length;

    public ReadOnlySpan<byte> Written => _bytes.AsSpan(0, _length);

    /// <inheritdoc cref="Written"/>
    public ReadOnlyMemory<byte> WrittenMemory => _bytes.AsMemory(0, _length);

    public int Length => _length;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append(byte value)
    {
        if (_length == _bytes.Length)
        {
            Grow(1);
        }
        _bytes[_length++] = value;
    }

    public void Append(ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(Reserve(bytes.Length));
        _length += bytes.Length;
    }

    /// <summary>Appends a value of 1, 2, 4, 8 or 16 bytes by one load and one store, other sizes by a copy.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AppendValue(ReadOnlySpan<byte> value)
    {
        Span<byte> target = Reserve(value.Length);
        ref byte from = ref MemoryMarshal.GetReference(value);
        ref byte to = ref MemoryMarshal.GetReference(target);
        switch (value.Length)
        {
            case 1:
                to = from;
                break;
            case 2:
                Unsafe.WriteUnaligned(ref to, Unsafe.ReadUnaligned<ushort>(ref from));
                break;
            case 4:
                Unsafe.WriteUnaligned(ref to, Unsafe.ReadUnaligned<uint>(ref from));
                break;
            case 8:
                Unsafe.WriteUnaligned(ref to, Unsafe.ReadUnaligned<ulong>(ref from));
                break;
            case 16:
                Unsafe.WriteUnaligned(ref to, Unsafe.ReadUnaligned<UInt128>(ref from));
                break;
            default:
                value.CopyTo(target);
                break;
        }
        _length += value.Length;
    }

    public void AppendZeros(int count)
    {
        Reserve(count).Slice(0, count).Clear();
        _length += count;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AppendUInt64(ulong value)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(Reserve(sizeof(ulong)), value);
        _length += sizeof(ulong);
    }

    public void AppendVarUInt(ulong value)
    {
        Span<byte> span = Reserve(10);
        int i = 0;
        while (value >= 0x80)
        {
            span[i++] = (byte)(value | 0x80);
            value >>= 7;
        }
        span[i++] = (byte)value;
        _length += i;
    }

    /// <summary>Copies the next <paramref name="count"/> bytes of <paramref name="values"/> to the end of the stream.</summary>
    public void AppendFrom(ref RowBinaryReader values, int count, string what)
    {
        values.ReadBytes(Reserve(count).Slice(0, count), what);
        _length += count;
    }

    public void Clear() => _length = 0;

    /// <summary>Returns the array to the pool; the stream starts empty again if used afterwards.</summary>
    public void Dispose()
    {
        byte[] bytes = _bytes;
        _bytes = [];
        _length = 0;
        if (bytes.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    /// <summary>The free room at the end, of at least <paramref name="count"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> Reserve(int count)
    {
        if (_bytes.Length - _length < count)
        {
            Grow(count);
        }
        return _bytes.AsSpan(_length);
    }

    private void Grow(int count)
    {
        long required = (long)_length + count;
        if (required > Array.MaxLength)
        {
            throw new InvalidOperationException($"A Native column stream of {required} bytes is larger than an array can hold.");
        }
        byte[] larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(Math.Max(Math.Max(required, 2L * _bytes.Length), InitialCapacity), Array.MaxLength));
        Written.CopyTo(larger);
        byte[] old = _bytes;
        _bytes = larger;
        if (old.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(old);
        }
    }
}
