
namespace ClickHouse.RowBinary;

/// <summary>
/// Variant(T1, ..): the mode 0 (a discriminator per row) before the data, then each row's discriminator, then each arm's
/// column of the values that took it, in discriminator order.
/// </summary>
internal sealed class VariantColumnEncoder(ClickHouseType type, NativeColumnEncoder[] arms) : NativeColumnEncoder(type)
{
    private const ulong BasicDiscriminators = 0;

    private readonly NativeStream _discriminators = new();

    public override void Add(ref RowBinaryReader values)
    {
        byte discriminator = values.ReadVariantDiscriminator(arms.Length, Type.ToString());
        _discriminators.Append(discriminator);
        if (discriminator != ClickHouseVariantOrder.NullDiscriminator)
        {
            arms[discriminator].Add(ref values);
        }
    }

    public override void AddDefault() => _discriminators.Append(ClickHouseVariantOrder.NullDiscriminator);

    public override void WritePrefix(ref RowBinaryWriter output)
    {
        output.WriteUInt64(BasicDiscriminators);
        foreach (NativeColumnEncoder arm in arms)
        {
            arm.WritePrefix(ref output);
        }
    }

    public override void WriteData(ref RowBinaryWriter output)
    {
        output.WriteBytes(_discriminators.Written);
        foreach (NativeColumnEncoder arm in arms)
        {
            arm.WriteData(ref output);
        }
    }

    public override void Clear()
    {
        _discriminators.Clear();
        foreach (NativeColumnEncoder arm in arms)
        {
            arm.Clear();
        }
    }

    public override void Dispose()
    {
        _discriminators.Dispose();
        foreach (NativeColumnEncoder arm in arms)
        {
            arm.Dispose();
        }
    }
}
