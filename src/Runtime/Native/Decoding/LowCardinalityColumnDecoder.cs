using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// LowCardinality(T): a version (a UInt64, 1) before the data; then, for a column with values, granules of: the index
/// width and flags (a UInt64), the dictionary (a UInt64 count, then the keys as a column of T without Nullable), the
/// number of rows (a UInt64) and each row's index into the dictionary. Under <c>LowCardinality(Nullable(T))</c>, index 0
/// is NULL. Values are written out as T in RowBinary, so a reader of T reads them whatever the wire.
/// </summary>
internal sealed class LowCardinalityColumnDecoder : NativeColumnDecoder
{
    private const ulong SharedDictionariesWithAdditionalKeys = 1;
    private const ulong NeedGlobalDictionary = 1UL << 8;
    private const ulong HasAdditionalKeys = 1UL << 9;
    private const ulong NeedUpdateDictionary = 1UL << 10;

    private readonly bool _nullable;
    private readonly int _keySize;
    private readonly List<Granule> _granules = [];
    private int[] _keyStarts = [];
    private int _keyStartCount;

    /// <summary>Each string key of the block made a string, once, when a row first asks for it (<see cref="NextString"/>).</summary>
    private string?[] _keyStrings = [];
    private int _granule;
    private int _row;

    /// <summary>
    /// Where a scan cut by the end of the bytes stopped, for <see cref="TryResumeScan"/>: the column's start and rows,
    /// the rows of the granules it read whole, where the cut granule starts, its first key, and how many of its String
    /// keys were walked and where the next starts (its keys are not walked again). <see cref="_cutGranule"/> is -1 when
    /// no scan was cut.
    /// </summary>
    private int _cutGranule = -1;
    private int _start;
    private int _count;
    private int _cutRows;
    private int _cutFirstKey;
    private int _cutKeys;
    private int _cutKeyPosition;

    public LowCardinalityColumnDecoder(ClickHouseType type)
        : base(type)
    {
        ClickHouseType dictionary = NativeLayout.Expand(type.Arguments[0]);
        _nullable = dictionary.Kind == ClickHouseTypeKind.Nullable;
        ClickHouseType key = NativeLayout.Expand(_nullable ? dictionary.Arguments[0] : dictionary);
        _keySize = key.Kind == ClickHouseTypeKind.String ? -1 : key.ByteSize;
        if (_keySize == 0 || !NativeLayout.IsFlat(key))
        {
            throw new NotSupportedException($"No Native layout is known for {type}: its dictionary keys are {key}.");
        }
    }

    public override void ReadPrefix(ref NativeInput input)
    {
        long offset = input.Offset;
        ulong version = input.ReadUInt64($"{Type} version");
        if (version != SharedDictionariesWithAdditionalKeys)
        {
            throw input.Invalid(offset, $"{Type} version", $"expected {SharedDictionariesWithAdditionalKeys}, found {version}.");
        }
    }

    public override bool TryReadPrefix(ref NativeInput input)
    {
        if (input.Lacks(sizeof(ulong)))
        {
            return false;
        }
        ReadPrefix(ref input);
        return true;
    }

    /// <summary>Whether rows can be read from the dictionary as strings (<see cref="NextString"/>): keys of String, no NULL.</summary>
    public bool HasStringKeys => _keySize < 0 && !_nullable;

    public override void Scan(ref NativeInput input, int count) => ScanWhole(ref input, count);

    public override bool TryScan(ref NativeInput input, int count)
    {
        _granules.Clear();
        Array.Clear(_keyStrings, 0, Math.Min(_keyStrings.Length, _keyStartCount));
        _keyStartCount = 0;
        _granule = 0;
        _row = 0;
        _start = input.Position;
        _count = count;
        return ScanGranules(ref input, rows: 0, walkedKeys: 0, nextKey: 0);
    }

    /// <summary>After a cut, the granules read whole are kept and the cut one is read again, without walking again the String keys it walked.</summary>
    public override bool TryResumeScan(ref NativeInput input, int count)
    {
        if (_cutGranule < 0 || input.Position != _start || _count != count)
        {
            return TryScan(ref input, count);
        }
        input.Skip(_cutGranule - input.Position, $"{Type} dictionary");
        _keyStartCount = _cutFirstKey;
        return ScanGranules(ref input, _cutRows, _cutKeys, _cutKeyPosition);
    }

    private bool ScanGranules(ref NativeInput input, int rows, int walkedKeys, int nextKey)
    {
        _cutGranule = -1;
        // A column with no values (the elements of empty arrays) writes no granule at all.
        while (rows < _count)
        {
            int granuleStart = input.Position;
            int firstKey = _keyStartCount;
            if (!TryScanGranule(ref input, _count - rows, ref walkedKeys, ref nextKey, out Granule granule))
            {
                _cutGranule = granuleStart;
                _cutRows = rows;
                _cutFirstKey = firstKey;
                _cutKeys = walkedKeys;
                _cutKeyPosition = nextKey;
                return false;
            }
            walkedKeys = 0;
            _granules.Add(granule);
            rows += granule.Rows;
        }
        return true;
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        Granule granule = NextGranule();
        ulong index = granule.Index(data, _row++);
        if (_nullable)
        {
            output.WriteUInt8(index == 0 ? (byte)1 : (byte)0);
            if (index == 0)
            {
                return;
            }
        }
        if (_keySize > 0)
        {
            output.WriteBytes(data.Slice(granule.Keys + ((int)index * _keySize), _keySize));
        }
        else
        {
            int start = _keyStarts[granule.FirstKey + (int)index];
            output.WriteBytes(data.Slice(start, _keyStarts[granule.FirstKey + (int)index + 1] - start));
        }
    }

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
        NextGranule();
        _row++;
    }

    /// <summary>
    /// The next row's value as a string, for a column of <see cref="HasStringKeys"/>: its key is made a string (through
    /// the column's string cache, as a RowBinary read of it would) the first time a row of the block asks for it.
    /// </summary>
    /// <param name="data">What the block's scan read.</param>
    /// <param name="strings">The stream's string cache.</param>
    /// <param name="dataOffset">Where <paramref name="data"/> starts in the stream, for messages.</param>
    /// <param name="column">The schema column, whose part of the cache the strings go through.</param>
    public string NextString(ReadOnlySpan<byte> data, RowBinaryStringCache? strings, long dataOffset, int column)
    {
        Granule granule = NextGranule();
        int key = granule.FirstKey + (int)granule.Index(data, _row++);
        return _keyStrings[key] ?? MakeKeyString(data, strings, dataOffset, column, key);
    }

    private string MakeKeyString(ReadOnlySpan<byte> data, RowBinaryStringCache? strings, long dataOffset, int column, int key)
    {
        int start = _keyStarts[key];
        var reader = new RowBinaryReader(data.Slice(start, _keyStarts[key + 1] - start), dataOffset + start, strings) { CurrentColumn = column };
        return _keyStrings[key] = reader.ReadCachedString();
    }

    private Granule NextGranule()
    {
        Granule granule = _granules[_granule];
        if (_row == granule.Rows)
        {
            _row = 0;
            granule = _granules[++_granule];
        }
        return granule;
    }

    // walkedKeys: String keys of this granule a cut scan walked before, which stopped at nextKey; they are passed over,
    // not walked again. On a cut, both say where this scan stopped.
    private bool TryScanGranule(ref NativeInput input, int rowsLeft, ref int walkedKeys, ref int nextKey, out Granule granule)
    {
        granule = default;
        // The flags and the key count.
        if (input.Lacks(2 * sizeof(ulong)))
        {
            return false;
        }
        string what = $"{Type} dictionary";
        long offset = input.Offset;
        ulong flags = input.ReadUInt64(what);
        ulong indexType = flags & ~(NeedGlobalDictionary | HasAdditionalKeys | NeedUpdateDictionary);
        if (indexType > 3 || (flags & NeedGlobalDictionary) != 0 || (flags & HasAdditionalKeys) == 0)
        {
            throw input.Invalid(offset, what, $"index flags 0x{flags:X} are not those of a Native block (a dictionary in the block, indexes of 1, 2, 4 or 8 bytes).");
        }

        ulong keysInGranule = input.ReadUInt64(what);
        if (input.Lacks(keysInGranule))
        {
            return false;
        }
        int keyCount = input.ReadCount(keysInGranule, what);
        int firstKey = _keyStartCount;
        int keys = input.Position;
        if (_keySize > 0)
        {
            if (input.Lacks((ulong)keyCount * (ulong)_keySize))
            {
                return false;
            }
            input.SkipValues(keyCount, _keySize, what);
        }
        else
        {
            EnsureKeyStarts(_keyStartCount + keyCount + 1);
            if (walkedKeys > 0)
            {
                // Their starts are noted from before; the bytes before a cut do not change.
                _keyStartCount += walkedKeys;
                input.Skip(nextKey - input.Position, what);
            }
            for (int k = walkedKeys; k < keyCount; k++)
            {
                walkedKeys = k;
                nextKey = input.Position;
                _keyStarts[_keyStartCount++] = input.Position;
                if (!input.TrySkipString(what))
                {
                    return false;
                }
            }
            walkedKeys = keyCount;
            nextKey = input.Position;
            _keyStarts[_keyStartCount++] = input.Position;
        }

        if (input.Lacks(sizeof(ulong)))
        {
            return false;
        }
        offset = input.Offset;
        ulong rows = input.ReadUInt64(what);
        if (rows > (ulong)rowsLeft)
        {
            throw input.Invalid(offset, what, $"a granule of {rows} rows is more than the {rowsLeft} rows left in the column.");
        }
        int width = 1 << (int)indexType;
        if (input.Lacks(rows * (ulong)width))
        {
            return false;
        }
        int indexes = input.SkipValues((long)rows, width, what);
        granule = new Granule(keys, firstKey, keyCount, indexes, width, (int)rows);
        for (int row = 0; row < granule.Rows; row++)
        {
            ulong index = granule.Index(input.Data, row);
            if (index >= (ulong)keyCount)
            {
                throw input.Invalid(input.OffsetOf(indexes + (row * width)), what, $"index {index} is past the dictionary of {keyCount} keys.");
            }
        }
        return true;
    }

    private void EnsureKeyStarts(int size)
    {
        if (_keyStarts.Length < size)
        {
            Array.Resize(ref _keyStarts, Math.Max(size, _keyStarts.Length * 2));
            Array.Resize(ref _keyStrings, _keyStarts.Length);
        }
    }

    /// <summary>
    /// One granule: where its keys start (fixed-width keys are found from there), the index of its first key among
    /// the string key starts, its key count, where its indexes start, their width, and its rows.
    /// </summary>
    private readonly record struct Granule(int Keys, int FirstKey, int KeyCount, int Indexes, int Width, int Rows)
    {
        public ulong Index(ReadOnlySpan<byte> data, int row)
        {
            int at = Indexes + (row * Width);
            return Width switch
            {
                1 => data[at],
                2 => BinaryPrimitives.ReadUInt16LittleEndian(data.Slice(at)),
                4 => BinaryPrimitives.ReadUInt32LittleEndian(data.Slice(at)),
                _ => BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(at)),
            };
        }
    }
}
