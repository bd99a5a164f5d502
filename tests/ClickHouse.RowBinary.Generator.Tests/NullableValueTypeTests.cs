using System.Buffers;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// A NULL read into <c>ReadOnlyMemory&lt;byte&gt;?</c> stays null: <c>c ? null : new ReadOnlyMemory&lt;byte&gt;(..)</c>
/// has the natural type ReadOnlyMemory&lt;byte&gt; (null converts from byte[]), so it read NULL as an empty value and
/// wrote it back as one.
/// </summary>
public class NullableValueTypeTests
{
    [Fact]
    public void NULL_read_into_a_nullable_ReadOnlyMemory_is_null_and_writes_back_as_NULL()
    {
        // s NULL; t = (NULL, [5]).
        byte[] data = Convert.FromHexString("0101" + "0105");

        Rows.NullableBytesRow row = Assert.Single(RowBinarySerializer.ReadList<Rows.NullableBytesRow>(data, RowBinaryFormat.RowBinary));

        Assert.Null(row.S);
        Assert.Null(row.T.Item1);
        Assert.Equal([5], row.T.Item2);
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [row], RowBinaryFormat.RowBinary);
        Assert.Equal(Convert.ToHexString(data), Convert.ToHexString(buffer.WrittenSpan));
    }
}
