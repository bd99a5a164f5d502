
namespace ClickHouse.RowBinary;

/// <summary>Reads one value of <paramref name="column"/> as <typeparamref name="T"/>.</summary>
internal delegate T ValueRead<T>(ref RowBinaryReader reader, ClickHouseType column);

/// <summary>A reader whose read is one of the static functions of <see cref="ClickHouseValueReaders"/>' table.</summary>
internal sealed class DelegateValueReader<T>(ClickHouseType column, ValueRead<T> read, int rawSize = 0) : ClickHouseValueReader<T>(column)
{
    public override int RawSize => rawSize;

    public override T Read(ref RowBinaryReader reader) => read(ref reader, Column);
}
