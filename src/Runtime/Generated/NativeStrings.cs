using System;
using System.ComponentModel;

namespace ClickHouse.RowBinary;

/// <summary>
/// The values of a String column of a Native block that the row type reads through its string cache: from a
/// LowCardinality(String) column's dictionary, each key made a string once a block and every row its key's string;
/// from any other layout, one after the other in RowBinary.
/// For generated code only, not for users: its members may change in any version.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public ref struct NativeStrings
{
    private RowBinaryReader _reader;
    private readonly LowCardinalityColumnDecoder? _dictionary;
    private readonly ReadOnlySpan<byte> _block;
    private readonly RowBinaryStringCache? _strings;
    private readonly long _offset;
    private readonly int _column;

    internal NativeStrings(RowBinaryReader reader)
    {
        _reader = reader;
        _dictionary = null;
        _block = default;
        _strings = null;
        _offset = 0;
        _column = 0;
    }

    internal NativeStrings(LowCardinalityColumnDecoder dictionary, ReadOnlySpan<byte> block, RowBinaryStringCache? strings, long offset, int column)
    {
        _reader = default;
        _dictionary = dictionary;
        _block = block;
        _strings = strings;
        _offset = offset;
        _column = column;
    }

    /// <summary>The next row's value.</summary>
    public string ReadCachedString()
        => _dictionary is null ? _reader.ReadCachedString() : _dictionary.NextString(_block, _strings, _offset, _column);
}
