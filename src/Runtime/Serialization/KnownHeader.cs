using System;
using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>
/// A RowBinaryWithNamesAndTypes header kept with its bytes: a query that runs again gets the same header from the
/// server, which then costs a comparison of bytes instead of two strings a column, and the same header object lets
/// the row type's column order be reused too. Only headers of at most <see cref="MaxBytes"/> are kept.
/// </summary>
internal sealed class KnownHeader
{
    public const int MaxBytes = 16 * 1024;

    private readonly byte[] _bytes;

    private KnownHeader(byte[] bytes, RowBinaryHeader header)
    {
        _bytes = bytes;
        Header = header;
    }

    public RowBinaryHeader Header { get; }

    /// <summary>The bytes the header takes.</summary>
    public int Length => _bytes.Length;

    /// <summary>The header read from the first <paramref name="length"/> bytes of <paramref name="data"/>, or null when it is too long to keep.</summary>
    public static KnownHeader? Keep(ReadOnlySequence<byte> data, long length, RowBinaryHeader header)
        => length <= MaxBytes ? new KnownHeader(data.Slice(0, length).ToArray(), header) : null;

    /// <summary>True when <paramref name="data"/> starts with this header's bytes.</summary>
    public bool Starts(ReadOnlySequence<byte> data)
    {
        if (data.Length < _bytes.Length)
        {
            return false;
        }
        if (data.FirstSpan.Length >= _bytes.Length)
        {
            return data.FirstSpan[.._bytes.Length].SequenceEqual(_bytes);
        }
        int position = 0;
        foreach (ReadOnlyMemory<byte> segment in data.Slice(0, _bytes.Length))
        {
            if (!segment.Span.SequenceEqual(_bytes.AsSpan(position, segment.Length)))
            {
                return false;
            }
            position += segment.Length;
        }
        return true;
    }
}
