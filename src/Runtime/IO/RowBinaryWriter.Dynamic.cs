namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryWriter
{
    /// <summary>Writes a Dynamic value: its binary type encoding (0x00 for NULL), then the value of that type.</summary>
    public void WriteDynamic(ClickHouseDynamic value) => WriteDynamic(value, 0);

    internal void WriteDynamic(ClickHouseDynamic value, int depth)
    {
        if (value.Type is null)
        {
            WriteUInt8(BinaryTypeIndex.Nothing);
            return;
        }
        if (depth > ClickHouseValueCodec.MaxDynamicDepth)
        {
            throw new RowBinaryException($"Dynamic and JSON values nest more than {ClickHouseValueCodec.MaxDynamicDepth} levels deep.", clickHouseType: "Dynamic");
        }
        ClickHouseBinaryTypeCodec.Write(ref this, value.Type);
        ClickHouseValueCodec.WriteValue(ref this, value.Type, value.Value, depth);
    }
}
