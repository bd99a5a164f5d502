using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Variant(T1, ..): a mode before the data (a UInt64, 0 for a discriminator per row), then each row's discriminator
/// (255 for NULL), then each arm's column of the values that took it, in discriminator order. In RowBinary a value is
/// its discriminator, then its arm's value.
/// </summary>
internal sealed class VariantColumnDecoder(ClickHouseType type, NativeColumnDecoder[] arms) : NativeColumnDecoder(type)
{
    private const ulong BasicDiscriminators = 0;

    private readonly int[] _counts = new int[arms.Length];
    private int _cursor;

    public override void ReadPrefix(ref NativeInput input)
    {
        long offset = input.Offset;
        ulong mode = input.ReadUInt64($"{Type} discriminators mode");
        if (mode != BasicDiscriminators)
        {
            throw input.Invalid(offset, $"{Type} discriminators mode", $"expected {BasicDiscriminators} (a discriminator per row), found {mode}.");
        }
        foreach (NativeColumnDecoder arm in arms)
        {
            arm.ReadPrefix(ref input);
        }
    }

    public override void Scan(ref NativeInput input, int count)
    {
        _cursor = input.Skip(count, $"{Type} discriminators");
        Array.Clear(_counts);
        ReadOnlySpan<byte> discriminators = input.Data.Slice(_cursor, count);
        for (int i = 0; i < discriminators.Length; i++)
        {
            byte discriminator = discriminators[i];
            if (discriminator == ClickHouseVariantOrder.NullDiscriminator)
            {
                continue;
            }
            if (discriminator >= arms.Length)
            {
                throw input.Invalid(input.OffsetOf(_cursor + i), $"{Type} discriminator", $"{discriminator} names no arm of the {arms.Length}.");
            }
            _counts[discriminator]++;
        }
        for (int arm = 0; arm < arms.Length; arm++)
        {
            arms[arm].Scan(ref input, _counts[arm]);
        }
    }

    /// <summary>The arms in discriminator order.</summary>
    public NativeColumnDecoder[] Arms => arms;

    /// <summary>The next value's discriminator (255 for NULL), moving past it: the caller copies or skips the arm's value.</summary>
    public byte NextDiscriminator(ReadOnlySpan<byte> data) => data[_cursor++];

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        byte discriminator = data[_cursor++];
        output.WriteUInt8(discriminator);
        if (discriminator != ClickHouseVariantOrder.NullDiscriminator)
        {
            arms[discriminator].CopyValue(data, ref output);
        }
    }

    public override void SkipValue(ReadOnlySpan<byte> data)
    {
        byte discriminator = data[_cursor++];
        if (discriminator != ClickHouseVariantOrder.NullDiscriminator)
        {
            arms[discriminator].SkipValue(data);
        }
    }
}
