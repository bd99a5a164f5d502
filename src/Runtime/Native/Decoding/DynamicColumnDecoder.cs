using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Dynamic: before the data, a structure version (a UInt64) and the types the column holds, by name. Versions 1 (with
/// the type limit first) and 2 carry the values as a Variant of those types and <c>SharedVariant</c> (a String column
/// of values that are each a binary type encoding and a RowBinary value), arms in name order; version 3 (flattened)
/// carries each row's index into the types (NULL after the last), then a column per type. In RowBinary a value is its
/// binary type encoding (0x00, Nothing, for NULL), then its value.
/// </summary>
internal sealed class DynamicColumnDecoder(ClickHouseType type, int depth) : NativeColumnDecoder(type)
{
    private const ulong VersionWithTypeLimit = 1;
    private const ulong VersionVariant = 2;
    private const ulong VersionFlattened = 3;
    private const string SharedVariant = "SharedVariant";

    /// <summary>ClickHouse's own cap on a Dynamic's types, which keeps every index, NULL's included, one byte.</summary>
    private const int MaxTypes = 254;

    private ClickHouseType[] _types = [];
    private byte[][] _encodedTypes = [];

    /// <summary>Versions 1 and 2: the Variant, the type each discriminator stands for, and SharedVariant's discriminator.</summary>
    private VariantColumnDecoder? _variant;
    private int[] _typeOfDiscriminator = [];
    private int _sharedDiscriminator;

    /// <summary>Version 3: a column per type, the values each takes, and where the indexes are.</summary>
    private NativeColumnDecoder[] _flattened = [];
    private int[] _flattenedCounts = [];
    private int _cursor;

    public override void ReadPrefix(ref NativeInput input)
    {
        string what = $"{Type} structure";
        long offset = input.Offset;
        ulong version = input.ReadUInt64(what);
        if (version is not (VersionWithTypeLimit or VersionVariant or VersionFlattened))
        {
            throw input.Invalid(offset, what, $"expected version {VersionWithTypeLimit}, {VersionVariant} or {VersionFlattened}, found {version}.");
        }
        if (version == VersionWithTypeLimit)
        {
            input.ReadVarUInt(what);
        }
        offset = input.Offset;
        ulong count = input.ReadVarUInt(what);
        if (count > MaxTypes)
        {
            throw input.Invalid(offset, what, $"{count} types are more than the {MaxTypes} a Dynamic column holds.");
        }
        ReadTypes(ref input, (int)count, what);
        if (version == VersionFlattened)
        {
            _variant = null;
            _flattened = new NativeColumnDecoder[_types.Length];
            _flattenedCounts = new int[_types.Length];
            for (int i = 0; i < _types.Length; i++)
            {
                _flattened[i] = For(_types[i], depth + 1);
                _flattened[i].ReadPrefix(ref input);
            }
            return;
        }
        _variant = new VariantColumnDecoder(Type, VariantArms());
        _variant.ReadPrefix(ref input);
    }

    public override void Scan(ref NativeInput input, int count)
    {
        if (_variant is not null)
        {
            _variant.Scan(ref input, count);
            return;
        }
        string what = $"{Type} type indexes";
        _cursor = input.Skip(count, what);
        Array.Clear(_flattenedCounts);
        for (int row = 0; row < count; row++)
        {
            byte index = input.Data[_cursor + row];
            if (index > _types.Length)
            {
                throw input.Invalid(input.OffsetOf(_cursor + row), what, $"{index} names none of the {_types.Length} types.");
            }
            if (index < _types.Length)
            {
                _flattenedCounts[index]++;
            }
        }
        for (int i = 0; i < _flattened.Length; i++)
        {
            _flattened[i].Scan(ref input, _flattenedCounts[i]);
        }
    }

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        NativeColumnDecoder? decoder = Next(data, out int type);
        if (type == _types.Length + 1)
        {
            output.WriteBytes(((StringColumnDecoder)decoder!).NextBytes(data));
            return;
        }
        if (decoder is null)
        {
            output.WriteUInt8(0);
            return;
        }
        output.WriteBytes(_encodedTypes[type]);
        decoder.CopyValue(data, ref output);
    }

    public override void SkipValue(ReadOnlySpan<byte> data) => Next(data, out _)?.SkipValue(data);

    /// <summary>
    /// Moves past the next value's index or discriminator: returns the decoder of its values, or null for NULL; the
    /// type's index, the number of types for NULL, one more for a value in SharedVariant.
    /// </summary>
    private NativeColumnDecoder? Next(ReadOnlySpan<byte> data, out int type)
    {
        if (_variant is null)
        {
            type = data[_cursor++];
            return type < _types.Length ? _flattened[type] : null;
        }
        int discriminator = _variant.NextDiscriminator(data);
        if (discriminator == ClickHouseVariantOrder.NullDiscriminator)
        {
            type = _types.Length;
            return null;
        }
        type = discriminator == _sharedDiscriminator ? _types.Length + 1 : _typeOfDiscriminator[discriminator];
        return _variant.Arms[discriminator];
    }

    private void ReadTypes(ref NativeInput input, int count, string what)
    {
        _types = new ClickHouseType[count];
        _encodedTypes = new byte[count][];
        var names = new System.Collections.Generic.HashSet<string>(StringComparer.Ordinal);
        for (int i = 0; i < count; i++)
        {
            long offset = input.Offset;
            string name = input.ReadName(what);
            if (!ClickHouseType.TryParse(name, out ClickHouseType? parsed, out string? error) || parsed.Kind == ClickHouseTypeKind.Nothing)
            {
                throw input.Invalid(offset, what, $"'{name}' is not a type a Dynamic value can have{(error is null ? "" : ": " + error)}.");
            }
            if (!names.Add(parsed.ToString()))
            {
                throw input.Invalid(offset, what, $"the type {parsed} is listed twice.");
            }
            _types[i] = parsed;
            _encodedTypes[i] = ClickHouseBinaryTypeCodec.Encode(parsed);
        }
    }

    /// <summary>The arms of the Variant of the types and SharedVariant, in name order.</summary>
    private NativeColumnDecoder[] VariantArms()
    {
        var names = new byte[_types.Length + 1][];
        for (int i = 0; i < _types.Length; i++)
        {
            names[i] = Encoding.UTF8.GetBytes(_types[i].ToString());
        }
        names[_types.Length] = Encoding.UTF8.GetBytes(SharedVariant);
        var arms = new NativeColumnDecoder[names.Length];
        _typeOfDiscriminator = new int[names.Length];
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
            _typeOfDiscriminator[discriminator] = i;
            if (i == _types.Length)
            {
                _sharedDiscriminator = discriminator;
                arms[discriminator] = new StringColumnDecoder(KnownTypes.String);
            }
            else
            {
                arms[discriminator] = For(_types[i], depth + 1);
            }
        }
        return arms;
    }
}
