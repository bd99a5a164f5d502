using System;
using System.ComponentModel;

namespace ClickHouse.RowBinary;

/// <summary>
/// A batch of a Map column of a Native block as the generated readers read it: where each row's entries lie
/// (<see cref="Offsets"/>), the keys one after the other and the values one after the other, each a span of fixed-width
/// values or a reader of Strings.
/// For generated code only, not for users: its members may change in any version.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly ref struct NativeMapParts
{
    private readonly ReadOnlySpan<byte> _keys;
    private readonly ReadOnlySpan<byte> _values;
    private readonly long _offset;
    private readonly RowBinaryStringCache? _strings;
    private readonly int _column;

    internal NativeMapParts(NativeOffsets offsets, ReadOnlySpan<byte> keys, ReadOnlySpan<byte> values, long offset, RowBinaryStringCache? strings, int column)
    {
        Offsets = offsets;
        _keys = keys;
        _values = values;
        _offset = offset;
        _strings = strings;
        _column = column;
    }

    /// <summary>Where the column starts in the stream, for messages.</summary>
    public long Offset => _offset;

    /// <summary>Where each row's entries lie among the batch's.</summary>
    public NativeOffsets Offsets { get; }

    /// <summary>The keys, of a fixed-width type stored as <typeparamref name="T"/>.</summary>
    public ReadOnlySpan<T> Keys<T>()
        where T : unmanaged
        => NativeColumns.AsValues<T>(_keys);

    /// <summary>The values, of a fixed-width type stored as <typeparamref name="T"/>.</summary>
    public ReadOnlySpan<T> Values<T>()
        where T : unmanaged
        => NativeColumns.AsValues<T>(_values);

    /// <summary>A reader over the String keys.</summary>
    public RowBinaryReader KeyReader() => new(_keys, _offset, _strings) { CurrentColumn = _column };

    /// <summary>A reader over the String values.</summary>
    public RowBinaryReader ValueReader() => new(_values, _offset, _strings) { CurrentColumn = _column };
}
