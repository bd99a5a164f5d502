using System;
using System.Collections.Generic;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Dynamic as ClickHouse writes a block of it (structure version 1): the types the block's values have, in name order,
/// then the values as a Variant of those types and <c>SharedVariant</c> (which this writer leaves empty).
/// </summary>
internal sealed class DynamicColumnEncoder(ClickHouseType type, int depth) : NativeColumnEncoder(type)
{
    private const ulong VersionWithTypeLimit = 1;
    private const ulong BasicDiscriminators = 0;
    private static readonly byte[] s_sharedVariant = Encoding.UTF8.GetBytes("SharedVariant");

    private readonly List<NativeColumnEncoder> _types = [];
    private readonly Dictionary<ClickHouseType, int> _typeIndexes = [];
    private readonly List<int> _rows = [];

    /// <summary>The discriminator of each type, and the types in discriminator order, worked out for the prefix.</summary>
    private byte[] _discriminators = [];
    private NativeColumnEncoder?[] _arms = [];

    public override void Add(ref RowBinaryReader values)
    {
        ClickHouseType valueType = ClickHouseBinaryTypeCodec.Read(ref values, depth + 1);
        if (valueType.Kind == ClickHouseTypeKind.Nothing)
        {
            AddDefault();
            return;
        }
        if (!_typeIndexes.TryGetValue(valueType, out int index))
        {
            index = _types.Count;
            _types.Add(For(valueType, depth + 1));
            _typeIndexes.Add(valueType, index);
        }
        _types[index].Add(ref values);
        _rows.Add(index);
    }

    public override void AddDefault() => _rows.Add(-1);

    public override void WritePrefix(ref RowBinaryWriter output)
    {
        Order();
        output.WriteUInt64(VersionWithTypeLimit);
        output.WriteVarUInt((uint)_types.Count);
        output.WriteVarUInt((uint)_types.Count);
        foreach (NativeColumnEncoder? arm in _arms)
        {
            if (arm is not null)
            {
                output.WriteString(arm.Type.ToString());
            }
        }
        output.WriteUInt64(BasicDiscriminators);
        foreach (NativeColumnEncoder? arm in _arms)
        {
            arm?.WritePrefix(ref output);
        }
    }

    public override void WriteData(ref RowBinaryWriter output)
    {
        Span<byte> discriminators = output.GetSpan(_rows.Count);
        for (int row = 0; row < _rows.Count; row++)
        {
            int index = _rows[row];
            discriminators[row] = index < 0 ? ClickHouseVariantOrder.NullDiscriminator : _discriminators[index];
        }
        output.Advance(_rows.Count);
        foreach (NativeColumnEncoder? arm in _arms)
        {
            arm?.WriteData(ref output);
        }
    }

    public override void Clear()
    {
        Dispose();
        _types.Clear();
        _typeIndexes.Clear();
        _rows.Clear();
    }

    /// <summary>Returns the buffers of the encoders of the block's types (a new block finds its types again).</summary>
    public override void Dispose()
    {
        foreach (NativeColumnEncoder encoder in _types)
        {
            encoder.Dispose();
        }
    }

    /// <summary>Numbers the types and SharedVariant by name, as ClickHouse numbers the arms of the Variant it keeps.</summary>
    private void Order()
    {
        if (_types.Count + 1 > ClickHouseVariantOrder.MaxArms)
        {
            throw new RowBinaryException($"A block of {Type} holds values of {_types.Count} types; a Dynamic column holds at most {ClickHouseVariantOrder.MaxArms - 1}.", clickHouseType: Type.ToString());
        }
        var names = new byte[_types.Count + 1][];
        for (int i = 0; i < _types.Count; i++)
        {
            names[i] = Encoding.UTF8.GetBytes(_types[i].Type.ToString());
        }
        names[_types.Count] = s_sharedVariant;
        _discriminators = new byte[_types.Count];
        _arms = new NativeColumnEncoder?[names.Length];
        for (int i = 0; i < names.Length; i++)
        {
            int discriminator = 0;
            foreach (byte[] other in names)
            {
                if (other.AsSpan().SequenceCompareTo(names[i]) < 0)
                {
                    discriminator++;
                }
            }
            if (i < _types.Count)
            {
                _discriminators[i] = (byte)discriminator;
                _arms[discriminator] = _types[i];
            }
        }
    }
}
