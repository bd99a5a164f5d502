using System;
using System.Buffers;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads RowBinary values from a span or a (possibly multi-segment) <see cref="ReadOnlySequence{T}"/>.
/// Every read checks bounds; running out of data is a <see cref="RowBinaryException"/> naming the offset,
/// unless the data is not the final block, in which case the caller is told to come back with more data
/// (see <see cref="RowBinaryNeedMoreDataException"/>).
/// </summary>
public ref partial struct RowBinaryReader
{
    private ReadOnlySpan<byte> _span;
    private int _position;
    private long _spanStart;
    private readonly long _startOffset;
    private readonly long _end;
    private readonly ReadOnlySequence<byte> _sequence;
    private SequencePosition _nextSegment;
    private readonly bool _isFinalBlock;
    private readonly bool _stopAtEnd;
    private readonly RowBinaryStringCache? _strings;
    private long _shortfall;

    /// <summary>Reads a complete block of RowBinary data.</summary>
    public RowBinaryReader(ReadOnlySpan<byte> data)
    {
        _span = data;
        _position = 0;
        _spanStart = 0;
        _startOffset = 0;
        _end = data.Length;
        _sequence = default;
        _nextSegment = default;
        _isFinalBlock = true;
    }

    /// <summary>
    /// Reads RowBinary data held in a sequence of segments, without copying it into one buffer.
    /// </summary>
    /// <param name="data">The data: complete rows; running out of it mid-value is an error naming the offset.</param>
    /// <param name="startOffset">The offset of the first byte in the whole stream, for error messages.</param>
    public RowBinaryReader(ReadOnlySequence<byte> data, long startOffset = 0)
        : this(data, isFinalBlock: true, startOffset, strings: null, stopAtEnd: false)
    {
    }

    /// <summary>Reads part of a stream: with <paramref name="isFinalBlock"/> false, running out of data mid-value throws
    /// <see cref="RowBinaryNeedMoreDataException"/> (the stream readers' signal to wait for more) instead of reporting
    /// truncated data.</summary>
    internal RowBinaryReader(ReadOnlySequence<byte> data, bool isFinalBlock, long startOffset = 0)
        : this(data, isFinalBlock, startOffset, strings: null, stopAtEnd: false)
    {
    }

    /// <summary>Reads a complete block with a string cache for the columns that ask for one.</summary>
    internal RowBinaryReader(ReadOnlySpan<byte> data, RowBinaryStringCache? strings)
        : this(data)
    {
        _strings = strings;
    }

    /// <summary>Reads a complete block that starts at <paramref name="startOffset"/> of the stream, so that errors name stream offsets.</summary>
    internal RowBinaryReader(ReadOnlySpan<byte> data, long startOffset, RowBinaryStringCache? strings)
        : this(data, strings)
    {
        _spanStart = startOffset;
        _startOffset = startOffset;
        _end = startOffset + data.Length;
    }

    /// <summary>
    /// For the streaming readers. With <paramref name="stopAtEnd"/> (over a block that is not final), running out of
    /// data throws nothing: the read records how many bytes it lacked (<see cref="Shortfall"/>), moves to the end,
    /// and every later read returns zeros and empty values at once, so the row in progress ends quickly and the
    /// caller discards it. No exception per block end.
    /// </summary>
    internal RowBinaryReader(ReadOnlySequence<byte> data, bool isFinalBlock, long startOffset, RowBinaryStringCache? strings, bool stopAtEnd)
    {
        _sequence = data;
        _nextSegment = data.Start;
        _span = default;
        _position = 0;
        _spanStart = startOffset;
        _startOffset = startOffset;
        _end = startOffset + data.Length;
        _isFinalBlock = isFinalBlock;
        _stopAtEnd = stopAtEnd && !isFinalBlock;
        _strings = strings;
        _shortfall = 0;
        if (data.IsSingleSegment)
        {
            _span = data.FirstSpan;
            _nextSegment = data.End;
        }
        else
        {
            MoveToNextSegment();
        }
    }

    /// <summary>The offset of the next byte to read, counted from the start of the stream.</summary>
    public readonly long Offset => _spanStart + _position;

    /// <summary>Bytes consumed since this reader was created: where to resume in the data it was given.</summary>
    public readonly long BytesConsumed => Offset - _startOffset;

    /// <summary>Bytes left to read.</summary>
    public readonly long Remaining => _end - Offset;

    /// <summary>True when every byte has been read.</summary>
    public readonly bool IsEnd => Offset >= _end;

    /// <summary>False when more data may follow this block.</summary>
    public readonly bool IsFinalBlock => _isFinalBlock;

    /// <summary>
    /// In stop-at-end mode: 0 while every read found its bytes; after a read ran past the data, how many bytes it
    /// lacked, at least 1. The row in progress then needs at least that many more bytes than the block holds.
    /// </summary>
    internal readonly long Shortfall => _shortfall;

    /// <summary>
    /// Called where a read of <paramref name="needed"/> bytes finds fewer left. In stop-at-end mode, records the
    /// shortfall, moves to the end of the data and returns true: the caller returns an empty value. Otherwise
    /// throws (more data needed, or the data ends here).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool RunOut(long needed, string what)
    {
        if (!_stopAtEnd)
        {
            ThrowEndOfData(needed > int.MaxValue ? int.MaxValue : (int)needed, what);
        }
        if (_shortfall == 0)
        {
            _shortfall = Math.Max(1, needed - Remaining);
        }
        _spanStart = _end;
        _span = default;
        _position = 0;
        _nextSegment = _sequence.End;
        return true;
    }

    private bool MoveToNextSegment()
    {
        while (_sequence.TryGet(ref _nextSegment, out ReadOnlyMemory<byte> memory, advance: true))
        {
            if (memory.Length == 0)
            {
                continue;
            }
            _spanStart += _span.Length;
            _span = memory.Span;
            _position = 0;
            return true;
        }
        return false;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T ReadRaw<T>() where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        if (_span.Length - _position >= size)
        {
            T value = Unsafe.ReadUnaligned<T>(ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), _position));
            _position += size;
            return value;
        }
        return ReadRawSlow<T>();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private T ReadRawSlow<T>() where T : unmanaged
    {
        T value = default;
        ReadBytes(MemoryMarshal.AsBytes(new Span<T>(ref value)), ClickHouseName<T>());
        return value;
    }

    /// <summary>The ClickHouse name of a primitive, for messages: UInt8 rather than Byte.</summary>
    private static string ClickHouseName<T>() where T : unmanaged
        => typeof(T) == typeof(byte) ? "UInt8"
            : typeof(T) == typeof(sbyte) ? "Int8"
            : typeof(T) == typeof(ushort) ? "UInt16"
            : typeof(T) == typeof(short) ? "Int16"
            : typeof(T) == typeof(uint) ? "UInt32"
            : typeof(T) == typeof(int) ? "Int32"
            : typeof(T) == typeof(ulong) ? "UInt64"
            : typeof(T) == typeof(long) ? "Int64"
            : typeof(T).Name;

    /// <summary>Copies the next <paramref name="destination"/>.Length bytes, across segments if need be.</summary>
    public void ReadBytes(scoped Span<byte> destination, string what = "bytes")
    {
        if (_span.Length - _position >= destination.Length)
        {
            _span.Slice(_position, destination.Length).CopyTo(destination);
            _position += destination.Length;
            return;
        }
        if (Remaining < destination.Length && RunOut(destination.Length, what))
        {
            destination.Clear();
            return;
        }
        int copied = 0;
        while (copied < destination.Length)
        {
            if (_position == _span.Length && !MoveToNextSegment())
            {
                ThrowEndOfData(destination.Length - copied, what);
            }
            int chunk = Math.Min(_span.Length - _position, destination.Length - copied);
            _span.Slice(_position, chunk).CopyTo(destination.Slice(copied));
            _position += chunk;
            copied += chunk;
        }
    }

    /// <summary>Skips <paramref name="count"/> bytes.</summary>
    public void Skip(long count, string what = "bytes")
    {
        if (Remaining < count && RunOut(count, what))
        {
            return;
        }
        while (count > 0)
        {
            if (_position == _span.Length)
            {
                MoveToNextSegment();
            }
            int chunk = (int)Math.Min(_span.Length - _position, count);
            _position += chunk;
            count -= chunk;
        }
    }

    /// <summary>
    /// For generated code that reads a run of fixed-width columns at once: when the next
    /// <paramref name="length"/> bytes lie in the current segment, returns them and moves past them; otherwise
    /// returns false and moves nothing, and the caller reads the columns one by one (which crosses segments and
    /// reports the end of the data exactly). Not for users.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadSpan(int length, out ReadOnlySpan<byte> span)
    {
        if ((uint)length <= (uint)(_span.Length - _position))
        {
            span = _span.Slice(_position, length);
            _position += length;
            return true;
        }
        span = default;
        return false;
    }

    /// <summary>
    /// The next String value as it lies in the data, its one-byte length first, when its length is under 128 and its
    /// bytes lie whole in the current span; else false, moving nothing.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryReadShortString(out ReadOnlySpan<byte> encoded)
    {
        ReadOnlySpan<byte> rest = _span.Slice(_position);
        if (rest.Length > 0 && rest[0] < 0x80 && rest[0] < rest.Length)
        {
            encoded = rest.Slice(0, 1 + rest[0]);
            _position += encoded.Length;
            return true;
        }
        encoded = default;
        return false;
    }

    /// <summary>
    /// The next <paramref name="count"/> String values as they lie in the data (each its varint length, then its
    /// bytes), when they lie whole in the current span; else false, moving nothing.
    /// </summary>
    internal bool TryReadStrings(int count, out ReadOnlySpan<byte> encoded)
    {
        ReadOnlySpan<byte> rest = _span.Slice(_position);
        int at = 0;
        for (int i = 0; i < count; i++)
        {
            ulong length = 0;
            int shift = 0;
            while (true)
            {
                if (at >= rest.Length || shift > 28)
                {
                    encoded = default;
                    return false;
                }
                byte next = rest[at++];
                length |= (ulong)(next & 0x7F) << shift;
                if (next < 0x80)
                {
                    break;
                }
                shift += 7;
            }
            if (length > (ulong)(rest.Length - at))
            {
                encoded = default;
                return false;
            }
            at += (int)length;
        }
        encoded = rest.Slice(0, at);
        _position += at;
        return true;
    }

    /// <summary>
    /// Returns the next <paramref name="length"/> bytes as one span: a slice of the data when they lie in one
    /// segment, else a copy into <paramref name="scratch"/> (rented by the caller when null is not enough).
    /// </summary>
    internal ReadOnlySpan<byte> ReadSpan(int length, ref byte[]? scratch, string what)
    {
        if (_span.Length - _position >= length)
        {
            ReadOnlySpan<byte> slice = _span.Slice(_position, length);
            _position += length;
            return slice;
        }
        if (Remaining < length && RunOut(length, what))
        {
            return [];
        }
        scratch = ArrayPool<byte>.Shared.Rent(length);
        ReadBytes(scratch.AsSpan(0, length), what);
        return scratch.AsSpan(0, length);
    }

    /// <summary>
    /// Fails unless <paramref name="length"/> bytes are left: checked before allocating anything for them. In
    /// stop-at-end mode, returns false instead (the shortfall is recorded) and the caller returns an empty value.
    /// </summary>
    private bool EnsureAvailable(int length, string what) => Remaining >= length || !RunOut(length, what);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly void ThrowEndOfData(int needed, string what)
    {
        if (!_isFinalBlock)
        {
            throw new RowBinaryNeedMoreDataException();
        }
        ThrowHelper.ThrowEndOfData(Offset, needed, Remaining, what);
    }

    /// <summary>
    /// The schema index of the column being read; generated code sets it before each column so that an error
    /// can name the column. Not for users.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public int CurrentColumn { readonly get; set; }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadUInt8() => ReadRaw<byte>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public sbyte ReadInt8() => ReadRaw<sbyte>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16() => BitConverter.IsLittleEndian ? ReadRaw<ushort>() : BinaryPrimitives.ReverseEndianness(ReadRaw<ushort>());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16() => BitConverter.IsLittleEndian ? ReadRaw<short>() : BinaryPrimitives.ReverseEndianness(ReadRaw<short>());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32() => BitConverter.IsLittleEndian ? ReadRaw<uint>() : BinaryPrimitives.ReverseEndianness(ReadRaw<uint>());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32() => BitConverter.IsLittleEndian ? ReadRaw<int>() : BinaryPrimitives.ReverseEndianness(ReadRaw<int>());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64() => BitConverter.IsLittleEndian ? ReadRaw<ulong>() : BinaryPrimitives.ReverseEndianness(ReadRaw<ulong>());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64() => BitConverter.IsLittleEndian ? ReadRaw<long>() : BinaryPrimitives.ReverseEndianness(ReadRaw<long>());

    public UInt128 ReadUInt128()
    {
        ulong lower = ReadUInt64();
        return new UInt128(ReadUInt64(), lower);
    }

    public Int128 ReadInt128()
    {
        ulong lower = ReadUInt64();
        return new Int128(ReadUInt64(), lower);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadFloat32() => BitConverter.Int32BitsToSingle(ReadInt32());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadFloat64() => BitConverter.Int64BitsToDouble(ReadInt64());

    /// <summary>Reads a Bool: one byte that must be 0 or 1.</summary>
    public bool ReadBool()
    {
        byte value = ReadRaw<byte>();
        if (value > 1)
        {
            ThrowHelper.ThrowInvalid(Offset - 1, "Bool", $"expected 0 or 1, found 0x{value:X2}.");
        }
        return value == 1;
    }

    /// <summary>Reads the Nullable marker: true when the value is NULL (nothing follows), false when a value follows.</summary>
    public bool ReadNullMarker()
    {
        byte value = ReadRaw<byte>();
        if (value > 1)
        {
            ThrowHelper.ThrowInvalid(Offset - 1, "Nullable", $"expected a NULL marker of 0 or 1, found 0x{value:X2}.");
        }
        return value == 1;
    }

    /// <summary>Reads an unsigned LEB128 varint of at most 10 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadVarUInt()
    {
        if (_position < _span.Length)
        {
            byte first = _span[_position];
            if (first < 0x80)
            {
                _position++;
                return first;
            }
        }
        return ReadVarUIntSlow();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ulong ReadVarUIntSlow()
    {
        long start = Offset;
        ulong result = 0;
        for (int i = 0; i < 10; i++)
        {
            byte b = ReadRaw<byte>();
            result |= (ulong)(b & 0x7F) << (7 * i);
            if (b < 0x80)
            {
                return result;
            }
        }
        ThrowHelper.ThrowInvalid(start, "VarUInt", "a varint is longer than 10 bytes.");
        return 0;
    }

    /// <summary>
    /// Reads a length or element count, checking it against the data left (each element takes at least
    /// <paramref name="minElementSize"/> bytes, and never less than one) before anything is allocated for it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadLength(string what, int minElementSize = 1)
    {
        ulong length = ReadVarUInt();
        if (length <= (ulong)(_span.Length - _position) / (ulong)Math.Max(minElementSize, 1))
        {
            return (int)length;
        }
        return CheckLengthSlow(length, what, minElementSize);
    }

    /// <summary>
    /// Reads the element count of a <c>QBit(T, N)</c> value, which must be <paramref name="dimension"/>: another count
    /// is an error at once, whatever the data holds; then, as in <see cref="ReadLength"/>, the elements' bytes
    /// (<paramref name="elementSize"/> each) are checked to be there before anything is allocated for them.
    /// </summary>
    public int ReadQBitLength(int dimension, string clickHouseType, int elementSize)
    {
        long offset = Offset;
        ulong length = ReadVarUInt();
        if (length != (ulong)dimension)
        {
            ThrowHelper.ThrowInvalid(offset, clickHouseType, $"the vector has {length} elements, but the type holds exactly {dimension}.");
        }
        if (length <= (ulong)(_span.Length - _position) / (ulong)Math.Max(elementSize, 1))
        {
            return dimension;
        }
        return CheckLengthSlow(length, clickHouseType, elementSize);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private int CheckLengthSlow(ulong length, string what, int minElementSize)
    {
        if (length > int.MaxValue)
        {
            ThrowHelper.ThrowInvalid(Offset, what, $"a length of {length} is larger than any .NET collection can hold.");
        }
        // Every element costs at least one byte, whatever the caller says: zero-byte elements cannot be claimed
        // two billion times from a few bytes.
        minElementSize = Math.Max(minElementSize, 1);
        if (length * (ulong)minElementSize > (ulong)Remaining)
        {
            if (_stopAtEnd)
            {
                // The count itself was read: the data lacks at least the elements' minimum size.
                _ = RunOut((long)(length * (ulong)minElementSize), what);
                return 0;
            }
            if (!_isFinalBlock)
            {
                throw new RowBinaryNeedMoreDataException();
            }
            ThrowHelper.ThrowInvalid(Offset, what, $"a length of {length} needs at least {length * (ulong)minElementSize} bytes, but only {Remaining} remain.");
        }
        return (int)length;
    }
}
