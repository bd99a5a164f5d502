using ClickHouse.RowBinary.Tests.Serialization;
using ClickHouse.RowBinary.Tests.Serialization.Rows;
using static ClickHouse.RowBinary.Tests.Native.NativeBytes;

namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>
/// A Native read takes the names, parsed types and column order of the last header its row type checked when a
/// block spells the same columns, and of the block before within a read. Whatever an earlier read or block saw, a
/// header that differs is read and checked as it is: its columns matched by name, a type that does not fit refused.
/// </summary>
public class CheckedHeaderReuseTests
{
    [Fact]
    public void Columns_in_another_order_after_a_read_of_the_usual_order_are_matched_by_name()
    {
        List<WebVisit> visits = ExpectedRows.WebVisits();
        byte[] data = Write(visits);
        byte[] reordered = NativeBlocks.Reorder(data, [6, 5, 4, 3, 2, 1, 0]);

        Assert.Equal(visits, NativeSerializer.ReadList<WebVisit>(data));
        Assert.Equal(visits, NativeSerializer.ReadList<WebVisit>(reordered));
        Assert.Equal(visits, NativeSerializer.ReadList<WebVisit>(data));
    }

    [Fact]
    public void A_block_in_another_order_after_one_in_the_usual_order_is_matched_by_name()
    {
        List<WebVisit> visits = ExpectedRows.WebVisits();
        byte[] data = Write(visits);
        byte[] twoBlocks = [.. data, .. NativeBlocks.Reorder(data, [1, 0, 2, 3, 4, 5, 6])];

        Assert.Equal([.. visits, .. visits], NativeSerializer.ReadList<WebVisit>(twoBlocks));
    }

    [Fact]
    public void A_column_of_another_type_after_a_read_of_the_right_one_is_refused()
    {
        byte[] fits = Write([new TickId(1), new TickId(2)]);
        byte[] otherType = Write(TickRows.Sequence(3));

        Assert.Equal([new TickId(1), new TickId(2)], NativeSerializer.ReadList<TickId>(fits));
        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => NativeSerializer.ReadList<TickId>(otherType));

        Assert.Contains("Column 'id': TickId.Id expects UInt32, but the data has UInt64", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_known_type_name_cut_by_the_end_of_the_data_is_an_error_naming_it()
    {
        byte[] fits = Write([new TickId(1)]);
        Assert.Single(NativeSerializer.ReadList<TickId>(fits));
        // Columns 1, rows 1, the name "id", the type's length 6 ("UInt32") and only its first two bytes.
        byte[] cut = fits[..8];
        Assert.Equal([1, 1, 2, (byte)'i', (byte)'d', 6, (byte)'U', (byte)'I'], cut);

        var exception = Assert.Throws<RowBinaryException>(() => NativeSerializer.ReadList<TickId>(cut));

        Assert.Contains("column type", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_block_with_a_column_of_another_type_after_a_block_that_fits_is_refused_in_a_stream()
    {
        byte[] fits = Write([new TickId(1), new TickId(2)]);
        byte[] twoBlocks = [.. fits, .. Write(TickRows.Sequence(3))];
        var rows = new List<TickId>();

        await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(async () =>
        {
            await foreach (TickId row in NativeSerializer.ReadAsync<TickId>(new MemoryStream(twoBlocks)))
            {
                rows.Add(row);
            }
        });
        Assert.Equal([new TickId(1), new TickId(2)], rows);
    }
}
