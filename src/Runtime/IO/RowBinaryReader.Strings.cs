using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryReader
{
    /// <summary>
    /// Reads a String as text. Bytes that are not valid UTF-8 are an error, never silently replaced: read such
    /// columns as bytes (<see cref="ReadStringBytes"/>). When the reader has a string cache (the library's readers
    /// give it one), a value that repeats in the current column comes back as the same string instance; the cache
    /// turns itself off in a column whose values do not repeat.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string ReadString() => ReadString(repeats: false);

    /// <summary>
    /// Reads a String as text whose values are known to repeat: as <see cref="ReadString()"/>, but the column's cache
    /// stays on whatever its hit rate (generated code calls this for LowCardinality(String) columns and members marked
    /// <see cref="ClickHouseColumnAttribute.CacheStrings"/>). Without a cache it is <see cref="ReadString()"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string ReadCachedString() => ReadString(repeats: true);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private string ReadString(bool repeats)
    {
        int length = ReadLength("String");
        if (_span.Length - _position >= length)
        {
            ReadOnlySpan<byte> bytes = _span.Slice(_position, length);
            _position += length;
            return _strings is null ? DecodeString(bytes) : DecodeThroughCache(bytes, repeats);
        }
        return ReadStringSlow(length);
    }

    private readonly string DecodeThroughCache(ReadOnlySpan<byte> bytes, bool repeats)
    {
        if (bytes.IsEmpty)
        {
            return string.Empty;
        }
        string? cached = _strings!.TryGet(CurrentColumn, bytes, repeats, out int hash);
        if (cached is not null)
        {
            return cached;
        }
        string value = DecodeString(bytes);
        if (hash >= 0)
        {
            _strings.Add(CurrentColumn, bytes, hash, value);
        }
        return value;
    }

    /// <summary>Decodes bytes just read from the current segment.</summary>
    private readonly string DecodeString(ReadOnlySpan<byte> bytes)
        => AsciiText.TryWiden(bytes) ?? Decode(bytes, Offset - bytes.Length, "String");

    private string ReadStringSlow(int length)
    {
        long offset = Offset;
        byte[]? scratch = null;
        try
        {
            return Decode(ReadSpan(length, ref scratch, "String"), offset, "String");
        }
        finally
        {
            if (scratch is not null)
            {
                ArrayPool<byte>.Shared.Return(scratch);
            }
        }
    }

    private static string Decode(ReadOnlySpan<byte> bytes, long offset, string clickHouseType)
        => Utf8Text.TryDecode(bytes) ?? throw InvalidText(bytes, offset, clickHouseType);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static RowBinaryException InvalidText(ReadOnlySpan<byte> bytes, long offset, string clickHouseType)
        => new($"Invalid {clickHouseType} at byte offset {offset}: the {bytes.Length} bytes are not valid UTF-8 text; read the column as byte[] or ReadOnlyMemory<byte> to get the bytes exactly as stored.",
            offset, clickHouseType, Utf8Text.Failure(bytes));

    /// <summary>Reads a String as the bytes exactly as stored.</summary>
    public byte[] ReadStringBytes()
    {
        int length = ReadLength("String");
        byte[] bytes = length == 0 ? [] : new byte[length];
        ReadBytes(bytes, "String");
        return bytes;
    }

    /// <summary>Reads a FixedString(N) as bytes, all N of them.</summary>
    public byte[] ReadFixedStringBytes(int length)
    {
        if (!EnsureAvailable(length, "FixedString"))
        {
            return [];
        }
        byte[] bytes = new byte[length];
        ReadBytes(bytes, "FixedString");
        return bytes;
    }

    /// <summary>Reads a FixedString(N) as text, with the trailing zero bytes trimmed.</summary>
    public string ReadFixedString(int length)
    {
        long offset = Offset;
        byte[]? scratch = null;
        try
        {
            ReadOnlySpan<byte> bytes = ReadSpan(length, ref scratch, "FixedString");
            int end = bytes.Length;
            while (end > 0 && bytes[end - 1] == 0)
            {
                end--;
            }
            return Decode(bytes.Slice(0, end), offset, $"FixedString({length})");
        }
        finally
        {
            if (scratch is not null)
            {
                ArrayPool<byte>.Shared.Return(scratch);
            }
        }
    }
}
