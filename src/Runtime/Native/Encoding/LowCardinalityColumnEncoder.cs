using System;
using System.Buffers;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary;

/// <summary>
/// LowCardinality(T) as ClickHouse writes a block of it: the version 1 before the data; then, when the column has
/// values, one granule: index width and flags, the dictionary (the default value first, after a NULL placeholder under
/// Nullable, then each value as it first appears), the number of rows and each row's index, in the fewest bytes that
/// hold the dictionary's size.
/// </summary>
internal sealed class LowCardinalityColumnEncoder : NativeColumnEncoder
{
    private const ulong SharedDictionariesWithAdditionalKeys = 1;
    private const ulong HasAdditionalKeysAndNeedUpdateDictionary = (1UL << 9) | (1UL << 10);

    private readonly bool _nullable;
    private readonly int _keySize;
    private readonly NativeStream _keys = new();
    private readonly NativeStream _key = new();
    private readonly string _what;
    private int[] _keyStarts = ArrayPool<int>.Shared.Rent(16);
    private int _keyCount;
    private int[] _slots = ArrayPool<int>.Shared.Rent(64);
    private int _slotCount = 64;
    private int[] _indexes = ArrayPool<int>.Shared.Rent(64);
    private int _rows;

    public LowCardinalityColumnEncoder(ClickHouseType type)
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
        _what = type.ToString();
        Clear();
    }

    public override void Add(ref RowBinaryReader values)
    {
        if (_nullable && values.ReadNullMarker())
        {
            AddDefault();
            return;
        }
        // A key that lies whole in the input is looked up where it lies; only one the input cuts is copied first.
        if (_keySize > 0 ? values.TryReadSpan(_keySize, out ReadOnlySpan<byte> key) : values.TryReadShortString(out key))
        {
            AddIndex(IndexOf(key));
            return;
        }
        _key.Clear();
        if (_keySize > 0)
        {
            _key.AppendFrom(ref values, _keySize, _what);
        }
        else
        {
            int length = values.ReadLength(_what);
            _key.AppendVarUInt((uint)length);
            _key.AppendFrom(ref values, length, _what);
        }
        AddIndex(IndexOf(_key.Written));
    }

    /// <summary>The default of LowCardinality is its first key: NULL under Nullable, else the default value.</summary>
    public override void AddDefault() => AddIndex(0);

    public override void WritePrefix(ref RowBinaryWriter output) => output.WriteUInt64(SharedDictionariesWithAdditionalKeys);

    public override void WriteData(ref RowBinaryWriter output)
    {
        if (_rows == 0)
        {
            return;
        }
        (ulong indexType, int width) = _keyCount <= 1 << 8 ? (0UL, 1) : _keyCount <= 1 << 16 ? (1UL, 2) : (2UL, 4);
        output.WriteUInt64(HasAdditionalKeysAndNeedUpdateDictionary | indexType);
        output.WriteUInt64((ulong)_keyCount);
        output.WriteBytes(_keys.Written);
        output.WriteUInt64((ulong)_rows);
        Span<byte> indexes = output.GetSpan(_rows * width);
        for (int row = 0; row < _rows; row++)
        {
            switch (width)
            {
                case 1:
                    indexes[row] = (byte)_indexes[row];
                    break;
                case 2:
                    BinaryPrimitives.WriteUInt16LittleEndian(indexes.Slice(row * 2), (ushort)_indexes[row]);
                    break;
                default:
                    BinaryPrimitives.WriteUInt32LittleEndian(indexes.Slice(row * 4), (uint)_indexes[row]);
                    break;
            }
        }
        output.Advance(_rows * width);
    }

    public override void Clear()
    {
        _keys.Clear();
        _keyCount = 0;
        _rows = 0;
        _slots.AsSpan(0, _slotCount).Clear();
        _key.Clear();
        if (_keySize > 0)
        {
            for (int i = 0; i < _keySize; i++)
            {
                _key.Append(0);
            }
        }
        else
        {
            _key.Append(0);
        }
        if (_nullable)
        {
            // The NULL placeholder, which no value maps to.
            AppendKey(_key.Written);
        }
        Insert(_key.Written);
    }

    private void AddIndex(int index)
    {
        if (_rows == _indexes.Length)
        {
            Grow(ref _indexes, _rows, _rows * 2);
        }
        _indexes[_rows++] = index;
    }

    private int IndexOf(ReadOnlySpan<byte> key)
    {
        int mask = _slotCount - 1;
        for (int slot = Hash(key) & mask; ; slot = (slot + 1) & mask)
        {
            int entry = _slots[slot];
            if (entry == 0)
            {
                return Insert(key);
            }
            if (Key(entry - 1).SequenceEqual(key))
            {
                return entry - 1;
            }
        }
    }

    private int Insert(ReadOnlySpan<byte> key)
    {
        int index = AppendKey(key);
        if (_keyCount * 2 > _slotCount)
        {
            ArrayPool<int>.Shared.Return(_slots);
            _slotCount *= 2;
            _slots = ArrayPool<int>.Shared.Rent(_slotCount);
            _slots.AsSpan(0, _slotCount).Clear();
            for (int k = _nullable ? 1 : 0; k < _keyCount; k++)
            {
                Place(k);
            }
        }
        else
        {
            Place(index);
        }
        return index;
    }

    private void Place(int index)
    {
        int mask = _slotCount - 1;
        int slot = Hash(Key(index)) & mask;
        while (_slots[slot] != 0)
        {
            slot = (slot + 1) & mask;
        }
        _slots[slot] = index + 1;
    }

    private int AppendKey(ReadOnlySpan<byte> key)
    {
        if (_keyCount + 1 >= _keyStarts.Length)
        {
            Grow(ref _keyStarts, _keyCount + 1, _keyStarts.Length * 2);
        }
        _keyStarts[_keyCount] = _keys.Length;
        _keys.Append(key);
        _keyStarts[_keyCount + 1] = _keys.Length;
        return _keyCount++;
    }

    public override void Dispose()
    {
        _keys.Dispose();
        _key.Dispose();
        foreach (int[] array in (ReadOnlySpan<int[]>)[_keyStarts, _slots, _indexes])
        {
            if (array.Length > 0)
            {
                ArrayPool<int>.Shared.Return(array);
            }
        }
        _keyStarts = _slots = _indexes = [];
        _slotCount = 0;
    }

    private static void Grow(ref int[] array, int used, int size)
    {
        int[] larger = ArrayPool<int>.Shared.Rent(size);
        array.AsSpan(0, used).CopyTo(larger);
        ArrayPool<int>.Shared.Return(array);
        array = larger;
    }

    private ReadOnlySpan<byte> Key(int index) => _keys.Written.Slice(_keyStarts[index], _keyStarts[index + 1] - _keyStarts[index]);

    /// <summary>
    /// Every byte of the key, 8 at a time, each word multiplied in: the dictionary must hold every key, so no part of
    /// one may be left out (as the read side's string cache does). Keys are compared whole after the hash, which only
    /// spreads them.
    /// </summary>
    private static int Hash(ReadOnlySpan<byte> key)
    {
        ulong hash = (ulong)key.Length * 0x9E3779B97F4A7C15UL;
        while (key.Length >= 8)
        {
            hash = (hash ^ BinaryPrimitives.ReadUInt64LittleEndian(key)) * 0xBF58476D1CE4E5B9UL;
            hash ^= hash >> 31;
            key = key.Slice(8);
        }
        // The last 1 to 7 bytes in at most two loads, which may overlap (the length is already in the hash).
        ulong tail = key.Length switch
        {
            >= 4 => BinaryPrimitives.ReadUInt32LittleEndian(key) | ((ulong)BinaryPrimitives.ReadUInt32LittleEndian(key.Slice(key.Length - 4)) << 32),
            > 0 => key[0] | ((ulong)key[key.Length >> 1] << 8) | ((ulong)key[key.Length - 1] << 16),
            _ => 0,
        };
        hash = (hash ^ tail) * 0x94D049BB133111EBUL;
        hash ^= hash >> 29;
        return (int)(hash ^ (hash >> 32)) & int.MaxValue;
    }
}
