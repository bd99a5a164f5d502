using System.Buffers;
using System.Globalization;
using System.Linq;

namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>A row of many small values: one Array(String) of 20,000 short strings, about 60 KB.</summary>
[ClickHouseRow]
public partial record ManySmallValues([property: ClickHouseColumn("values")] string[] Values);

/// <summary>A row holding one large document: a 10 MB String, as a JSON document or a log blob.</summary>
[ClickHouseRow]
public partial record OneLargeValue([property: ClickHouseColumn("id")] uint Id, [property: ClickHouseColumn("text")] string Text);

/// <summary>The RowBinaryWithNamesAndTypes bytes of each large row.</summary>
public static class LargeRows
{
    public static byte[] ManySmallValues()
    {
        string[] values = Enumerable.Range(0, 20_000).Select(i => (i % 1000).ToString(CultureInfo.InvariantCulture)).ToArray();
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write<Data.ManySmallValues>(buffer, [new Data.ManySmallValues(values)], RowBinaryFormat.RowBinaryWithNamesAndTypes);
        return buffer.WrittenSpan.ToArray();
    }

    public static byte[] OneLargeValue()
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write<Data.OneLargeValue>(buffer, [new Data.OneLargeValue(1, new string('j', 10_000_000))], RowBinaryFormat.RowBinaryWithNamesAndTypes);
        return buffer.WrittenSpan.ToArray();
    }
}
