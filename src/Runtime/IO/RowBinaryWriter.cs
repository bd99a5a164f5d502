using System;
using System.Buffers;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Writes RowBinary values into an <see cref="IBufferWriter{T}"/>. The fast path writes straight into the
/// span the buffer writer handed out; a cold path asks for the next span. Call <see cref="Flush"/> to advance
/// the buffer writer past what was written.
/// </summary>
public ref partial struct RowBinaryWriter
{
    private const int MinimumBufferSize = 4096;

    private readonly IBufferWriter<byte> _output;
    private Span<byte> _buffer;
    private int _buffered;
    private long _flushed;

    public RowBinaryWriter(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
        _buffer = default;
        _buffered = 0;
        _flushed = 0;
    }

    /// <summary>Bytes written so far, flushed or not.</summary>
    public readonly long BytesWritten => _flushed + _buffered;

    /// <summary>Bytes written since the last <see cref="Flush"/>.</summary>
    public readonly int BytesPending => _buffered;

    /// <summary>Advances the underlying buffer writer past everything written so far.</summary>
    public void Flush()
    {
        if (_buffered > 0)
        {
            _output.Advance(_buffered);
            _flushed += _buffered;
        }
        _buffer = default;
        _buffered = 0;
    }

    /// <summary>Returns a span of at least <paramref name="size"/> bytes to write into; commit with <see cref="Advance"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<byte> GetSpan(int size)
    {
        if (_buffer.Length - _buffered < size)
        {
            Refill(size);
        }
        return _buffer.Slice(_buffered);
    }

    /// <summary>Commits <paramref name="count"/> bytes written into the span from <see cref="GetSpan"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Advance(int count) => _buffered += count;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Refill(int size)
    {
        Flush();
        _buffer = _output.GetSpan(Math.Max(size, MinimumBufferSize));
        if (_buffer.Length < size)
        {
            throw new InvalidOperationException($"The buffer writer returned {_buffer.Length} bytes where {size} were asked for.");
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteRaw<T>(T value) where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        if (_buffer.Length - _buffered < size)
        {
            Refill(size);
        }
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), _buffered), value);
        _buffered += size;
    }

    /// <summary>
    /// The schema index of the column being written; generated code sets it before each column so that an error
    /// can name the column. Not for users.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public int CurrentColumn { readonly get; set; }

    /// <summary>
    /// Starts a column of a RowBinaryWithDefaults row: sets <see cref="CurrentColumn"/> and writes the marker 0,
    /// which says that the column's value follows (1 would ask for the server's default). For generated code; not for users.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BeginValueColumn(int column)
    {
        CurrentColumn = column;
        WriteUInt8(0);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt8(byte value) => WriteRaw(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt8(sbyte value) => WriteRaw(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt16(ushort value) => WriteRaw(BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt16(short value) => WriteRaw(BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt32(uint value) => WriteRaw(BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt32(int value) => WriteRaw(BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt64(ulong value) => WriteRaw(BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt64(long value) => WriteRaw(BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    public void WriteUInt128(UInt128 value)
    {
        BinaryPrimitives.WriteUInt128LittleEndian(GetSpan(16), value);
        _buffered += 16;
    }

    public void WriteInt128(Int128 value)
    {
        BinaryPrimitives.WriteInt128LittleEndian(GetSpan(16), value);
        _buffered += 16;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteFloat32(float value) => WriteInt32(BitConverter.SingleToInt32Bits(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteFloat64(double value) => WriteInt64(BitConverter.DoubleToInt64Bits(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBool(bool value) => WriteRaw(value ? (byte)1 : (byte)0);

    /// <summary>Writes the Nullable marker: 1 for NULL (nothing follows), 0 when a value follows.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNullMarker(bool isNull) => WriteRaw(isNull ? (byte)1 : (byte)0);

    /// <summary>Writes bytes as they are, with no length prefix.</summary>
    public void WriteBytes(scoped ReadOnlySpan<byte> bytes)
    {
        if (_buffer.Length - _buffered >= bytes.Length)
        {
            bytes.CopyTo(_buffer.Slice(_buffered));
            _buffered += bytes.Length;
            return;
        }
        WriteBytesSlow(bytes);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteBytesSlow(scoped ReadOnlySpan<byte> bytes)
    {
        while (!bytes.IsEmpty)
        {
            if (_buffer.Length == _buffered)
            {
                Refill(1);
            }
            int chunk = Math.Min(bytes.Length, _buffer.Length - _buffered);
            bytes.Slice(0, chunk).CopyTo(_buffer.Slice(_buffered));
            _buffered += chunk;
            bytes = bytes.Slice(chunk);
        }
    }

    /// <summary>Writes an unsigned LEB128 varint, as ClickHouse writes lengths and counts.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt(ulong value)
    {
        if (value < 0x80 && _buffered < _buffer.Length)
        {
            _buffer[_buffered++] = (byte)value;
            return;
        }
        WriteVarUIntSlow(value);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteVarUIntSlow(ulong value)
    {
        Span<byte> span = GetSpan(10);
        int i = 0;
        while (value >= 0x80)
        {
            span[i++] = (byte)(value | 0x80);
            value >>= 7;
        }
        span[i++] = (byte)value;
        _buffered += i;
    }

    /// <summary>Writes the element count of a <c>QBit(T, N)</c> value, which must be <paramref name="dimension"/>.</summary>
    /// <exception cref="RowBinaryException">The vector has another number of elements.</exception>
    public void WriteQBitLength(int length, int dimension, string clickHouseType)
    {
        if (length != dimension)
        {
            throw new RowBinaryException(
                $"{clickHouseType} holds vectors of exactly {dimension} elements, but the value has {length}; give it {dimension}, or declare the column with the dimension of your vectors.",
                clickHouseType: clickHouseType);
        }
        WriteVarUInt((uint)length);
    }

    /// <summary>Writes a collection or string length.</summary>
    public void WriteLength(int length)
    {
        if (length < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "A length cannot be negative.");
        }
        WriteVarUInt((uint)length);
    }
}
