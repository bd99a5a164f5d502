
namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryReader
{
    /// <summary>Reads a Dynamic value: its binary type encoding (0x00 for NULL), then the value of that type.</summary>
    public ClickHouseDynamic ReadDynamic() => ReadDynamic(0);

    internal ClickHouseDynamic ReadDynamic(int depth)
    {
        ClickHouseValueCodec.CheckReadDepth(ref this, depth, KnownTypes.Dynamic);
        ClickHouseType type = ClickHouseBinaryTypeCodec.Read(ref this, depth + 1);
        if (type.Kind == ClickHouseTypeKind.Nothing)
        {
            return ClickHouseDynamic.Null;
        }
        return new ClickHouseDynamic(type, ClickHouseValueCodec.ReadValue(ref this, type, depth + 1));
    }

    /// <summary>
    /// Reads a Variant discriminator: 255 for NULL, else the arm's position in the sorted arm order (see
    /// <see cref="ClickHouseVariantOrder"/>). A discriminator with no arm is an error naming the type and offset.
    /// </summary>
    /// <param name="armCount">The number of arms of the Variant.</param>
    /// <param name="variantType">The Variant type, for the error message.</param>
    public byte ReadVariantDiscriminator(int armCount, string variantType)
    {
        long offset = Offset;
        byte discriminator = ReadUInt8();
        if (discriminator >= armCount && discriminator != ClickHouseVariantOrder.NullDiscriminator)
        {
            ClickHouseVariantOrder.ThrowUnknownDiscriminator(offset, variantType, discriminator, armCount);
        }
        return discriminator;
    }
}
