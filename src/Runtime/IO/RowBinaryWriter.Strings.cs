using System;
using System.Runtime.CompilerServices;
using System.Text;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryWriter
{
    /// <summary>Writes a String: the UTF-8 length as a varint, then the UTF-8 bytes, transcoded straight into the output.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteString(string? value)
    {
        if (value is null)
        {
            ThrowHelper.ThrowNullString();
        }
        // Strings of up to 42 chars encode to at most 126 bytes, so a one-byte length slot always fits.
        if (value.Length <= 42 && _buffer.Length - _buffered > 127)
        {
            Span<byte> span = _buffer.Slice(_buffered);
            int written = Encoding.UTF8.GetBytes(value, span.Slice(1));
            span[0] = (byte)written;
            _buffered += written + 1;
            return;
        }
        WriteStringSlow(value);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteStringSlow(string value)
    {
        int maxBytes = RowBinaryPrimitives.MaxStringBytes(value);
        if (maxBytes <= RowBinaryPrimitives.MaxRowReservation)
        {
            // One transcoding pass into a worst-case reservation, rather than counting the bytes first.
            // GetSpan may refill and reset _buffered, so it runs before _buffered is read.
            int written = RowBinaryPrimitives.WriteString(GetSpan(maxBytes), value);
            _buffered += written;
            return;
        }
        int byteCount = Encoding.UTF8.GetByteCount(value);
        WriteVarUInt((uint)byteCount);
        Span<byte> span = GetSpan(byteCount);
        Encoding.UTF8.GetBytes(value, span);
        _buffered += byteCount;
    }

    /// <summary>Writes a String from UTF-8 characters.</summary>
    public void WriteString(scoped ReadOnlySpan<char> value)
    {
        int byteCount = Encoding.UTF8.GetByteCount(value);
        WriteVarUInt((uint)byteCount);
        Span<byte> span = GetSpan(byteCount);
        Encoding.UTF8.GetBytes(value, span);
        _buffered += byteCount;
    }

    /// <summary>Writes a String holding exactly these bytes.</summary>
    public void WriteString(scoped ReadOnlySpan<byte> value)
    {
        WriteVarUInt((uint)value.Length);
        WriteBytes(value);
    }

    /// <summary>Writes a FixedString(N): the bytes, zero-padded to N. Longer than N is an error.</summary>
    public void WriteFixedString(scoped ReadOnlySpan<byte> value, int length)
    {
        if (value.Length > length)
        {
            ThrowHelper.ThrowFixedStringTooLong(value.Length, length);
        }
        Span<byte> span = GetSpan(length);
        value.CopyTo(span);
        span.Slice(value.Length, length - value.Length).Clear();
        _buffered += length;
    }

    /// <summary>Writes a FixedString(N) from text: UTF-8, zero-padded to N. Longer than N bytes is an error.</summary>
    public void WriteFixedString(string? value, int length)
    {
        if (value is null)
        {
            ThrowHelper.ThrowNullString();
        }
        int byteCount = Encoding.UTF8.GetByteCount(value);
        if (byteCount > length)
        {
            ThrowHelper.ThrowFixedStringTooLong(byteCount, length);
        }
        Span<byte> span = GetSpan(length);
        Encoding.UTF8.GetBytes(value, span);
        span.Slice(byteCount, length - byteCount).Clear();
        _buffered += length;
    }
}
