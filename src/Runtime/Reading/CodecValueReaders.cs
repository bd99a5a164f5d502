
namespace ClickHouse.RowBinary;

/// <summary>Any column as <see cref="ClickHouseValueCodec"/> represents its values (null for NULL).</summary>
internal sealed class CodecValueReader(ClickHouseType column) : ClickHouseValueReader<object?>(column)
{
    public override object? Read(ref RowBinaryReader reader) => ClickHouseValueCodec.Read(ref reader, Column);
}

/// <summary>Any column as a <see cref="ClickHouseDynamic"/>: the value with its ClickHouse type (a Dynamic column's own, a Variant's arm).</summary>
internal sealed class DynamicValueReader(ClickHouseType column) : ClickHouseValueReader<ClickHouseDynamic>(column)
{
    public override ClickHouseDynamic Read(ref RowBinaryReader reader)
    {
        object? value = ClickHouseValueCodec.Read(ref reader, Column);
        return value as ClickHouseDynamic? ?? new ClickHouseDynamic(Column, value);
    }
}
