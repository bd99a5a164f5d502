using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// A cursor over the bytes of Native blocks: every read is checked against the bytes given, so that a count or a
/// length from the wire bounds nothing but them. When the bytes end and more may follow (a stream still arriving),
/// a read throws <see cref="RowBinaryNeedMoreDataException"/> and the caller starts the block again with more; the
/// <c>Try</c> reads (and <see cref="Lacks"/> checks before a read), which the scans of block headers and of most
/// layouts use (<see cref="NativeColumnDecoder.TryScan"/>), return false instead, so that a stream's usual cut throws
/// nothing.
/// </summary>
internal ref struct NativeInput
{
    /// <summary>The longest column name or type name read from a block header (ClickHouse's own names are far shorter).</summary>
    private const int MaxNameBytes = 1 << 20;

    private static readonly UTF8Encoding s_utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly ReadOnlySpan<byte> _data;
    private readonly long _startOffset;
    private readonly bool _isFinal;
    private int _position;

    /// <param name="data">The bytes.</param>
    /// <param name="startOffset">The offset of the first byte in the whole stream, for messages.</param>
    /// <param name="isFinal">False when more bytes may follow the ones given.</param>
    public NativeInput(ReadOnlySpan<byte> data, long startOffset, bool isFinal)
    {
        _data = data;
        _startOffset = startOffset;
        _isFinal = isFinal;
        _position = 0;
    }

    /// <summary>The bytes given, which positions index.</summary>
    public readonly ReadOnlySpan<byte> Data => _data;

    /// <summary>The index of the next byte in <see cref="Data"/>.</summary>
    public readonly int Position => _position;

    /// <summary>The offset of the next byte in the whole stream.</summary>
    public readonly long Offset => _startOffset + _position;

    /// <summary>The offset in the whole stream of the byte at <paramref name="position"/>.</summary>
    public readonly long OffsetOf(int position) => _startOffset + position;

    /// <summary>Bytes left.</summary>
    public readonly int Remaining => _data.Length - _position;

    public readonly bool IsEnd => _position >= _data.Length;

    /// <summary>
    /// Whether <paramref name="count"/> bytes are more than are left while more may follow: the <c>Try</c> scans' sign
    /// of a cut. Over final bytes, never: the read that follows refuses what is missing.
    /// </summary>
    public readonly bool Lacks(ulong count) => !_isFinal && count > (ulong)Remaining;

    /// <summary>Moves past <paramref name="count"/> bytes and returns the position of the first.</summary>
    public int Skip(long count, string what)
    {
        Require(count, what);
        int start = _position;
        _position += (int)count;
        return start;
    }

    /// <summary>Moves past <paramref name="count"/> values of <paramref name="size"/> bytes each and returns the position of the first.</summary>
    public int SkipValues(long count, int size, string what)
    {
        if (size != 0 && count > Remaining / size)
        {
            NotEnough(count <= long.MaxValue / size ? count * size : long.MaxValue, what);
        }
        return Skip(count * size, what);
    }

    public byte ReadByte(string what)
    {
        Require(1, what);
        return _data[_position++];
    }

    public ulong ReadUInt64(string what)
    {
        Require(8, what);
        ulong value = BinaryPrimitives.ReadUInt64LittleEndian(_data.Slice(_position));
        _position += 8;
        return value;
    }

    /// <summary>
    /// <see cref="ReadVarUInt"/>, or false (nothing read) when the bytes end inside the varint and more may follow.
    /// </summary>
    public bool TryReadVarUInt(string what, out ulong value)
    {
        int end = _position;
        while (end < _data.Length && end - _position < 10 && _data[end] >= 0x80)
        {
            end++;
        }
        if (end == _data.Length && end - _position < 10 && !_isFinal)
        {
            value = 0;
            return false;
        }
        value = ReadVarUInt(what);
        return true;
    }

    /// <summary>
    /// Skips a String value (a varint length, then the bytes), or returns false (nothing read) when the value is cut by
    /// the end of the bytes and more may follow.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TrySkipString(string what) => TrySkipShortString() || TrySkipLongOrCutString(what);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TrySkipLongOrCutString(string what)
    {
        int start = _position;
        if (!TryReadVarUInt(what, out ulong length))
        {
            return false;
        }
        if (Lacks(length))
        {
            _position = start;
            return false;
        }
        Skip(length > long.MaxValue ? long.MaxValue : (long)length, what);
        return true;
    }

    /// <summary>
    /// <see cref="ReadName"/>, or false (nothing read) when the name is cut by the end of the bytes and more may follow.
    /// A name whose bytes spell <paramref name="known"/> (the same column's name or type in the block before) is
    /// <paramref name="known"/> itself: every block repeats its header, and a wide row's names would otherwise be
    /// allocated again for each block.
    /// </summary>
    public bool TryReadName(string what, string? known, out string name)
    {
        int start = _position;
        if (!TryReadVarUInt(what, out ulong length))
        {
            name = "";
            return false;
        }
        bool whole = !Lacks(length) || length > MaxNameBytes;
        if (known is not null && length == (ulong)known.Length && known.Length <= Remaining && Ascii.Equals(_data.Slice(_position, known.Length), known))
        {
            _position += known.Length;
            name = known;
            return true;
        }
        _position = start;
        name = whole ? ReadName(what) : "";
        return whole;
    }

    /// <summary>An unsigned LEB128 varint of at most 10 bytes.</summary>
    public ulong ReadVarUInt(string what)
    {
        long start = Offset;
        ulong result = 0;
        for (int i = 0; i < 10; i++)
        {
            byte b = ReadByte(what);
            result |= (ulong)(b & 0x7F) << (7 * i);
            if (b < 0x80)
            {
                return result;
            }
        }
        throw Invalid(start, what, "a varint is longer than 10 bytes.");
    }

    /// <summary>
    /// A count of values read from the wire, each taking at least one byte in the data that follows: checked against
    /// the bytes left before anything is sized by it.
    /// </summary>
    public int ReadCount(ulong count, string what)
    {
        if (count > (ulong)Remaining)
        {
            if (!_isFinal)
            {
                throw new RowBinaryNeedMoreDataException();
            }
            throw Invalid(Offset, what, $"{count} values need at least {count} bytes, but only {Remaining} remain.");
        }
        return (int)count;
    }

    /// <summary>
    /// Skips a String value shorter than 128 bytes (a one-byte length) that lies whole in the data, and says whether it
    /// did: the common case of <see cref="TrySkipString"/>, without the calls of its checks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TrySkipShortString()
    {
        int position = _position;
        if ((uint)position < (uint)_data.Length)
        {
            uint length = _data[position];
            if (length < 0x80 && position + 1 + (int)length <= _data.Length)
            {
                _position = position + 1 + (int)length;
                return true;
            }
        }
        return false;
    }

    /// <summary>A column or type name of a block header, as UTF-8 text.</summary>
    public string ReadName(string what)
    {
        long start = Offset;
        ulong length = ReadVarUInt(what);
        if (length > MaxNameBytes)
        {
            throw Invalid(start, what, $"a name of {length} bytes is longer than the {MaxNameBytes} bytes allowed.");
        }
        int position = Skip((long)length, what);
        try
        {
            return s_utf8.GetString(_data.Slice(position, (int)length));
        }
        catch (DecoderFallbackException)
        {
            throw Invalid(start, what, "the name is not valid UTF-8.");
        }
    }

    public readonly RowBinaryException Invalid(long offset, string what, string message)
        => new($"Invalid {what} at byte offset {offset}: {message}", offset, what);

    private readonly void Require(long count, string what)
    {
        if (count > Remaining)
        {
            NotEnough(count, what);
        }
    }

    private readonly void NotEnough(long count, string what)
    {
        if (!_isFinal)
        {
            throw new RowBinaryNeedMoreDataException();
        }
        throw new RowBinaryException(
            $"Unexpected end of data at byte offset {Offset} reading {what}: expected {count} more bytes, {Remaining} remain.", Offset, what);
    }
}
