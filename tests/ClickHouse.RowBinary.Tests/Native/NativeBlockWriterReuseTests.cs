using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>
/// A Native writer is kept for the next write of its row type: a write of a few wide rows then allocates nothing
/// (a staging buffer a column was rented each time, more same-sized arrays than the shared pool keeps on few cores),
/// and what it writes is the same as a new writer's, after a failed write too. A writer whose blocks grew large is not
/// kept. The row types here are this class's own, so that no other test takes their kept writer.
/// </summary>
public class NativeBlockWriterReuseTests
{
    [Fact]
    public void A_writer_is_kept_for_the_next_write_of_the_same_wire_types_only()
    {
        NativeBlockWriter<ReuseRow> first = NativeBlockWriter<ReuseRow>.Rent();
        first.Dispose();
        NativeBlockWriter<ReuseRow> again = NativeBlockWriter<ReuseRow>.Rent();
        Assert.Same(first, again);
        again.Dispose();

        string[] tableTypes = ["UInt32", "String", "Nullable(Float64)"];
        NativeBlockWriter<ReuseRow> typed = NativeBlockWriter<ReuseRow>.Rent(tableTypes);
        Assert.NotSame(first, typed);
        typed.Dispose();
        Assert.Same(typed, NativeBlockWriter<ReuseRow>.Rent([.. tableTypes]));
    }

    [Fact]
    public void A_writer_whose_block_grew_past_a_MiB_is_not_kept()
    {
        ReuseRow[] rows = [.. Enumerable.Range(0, 20_000).Select(i => new ReuseRow((uint)i, new string('x', 100), i))];
        NativeBlockWriter<ReuseRow> large = NativeBlockWriter<ReuseRow>.Rent();
        Assert.Equal(rows.Length, large.Stage(rows));
        large.Dispose();

        NativeBlockWriter<ReuseRow> next = NativeBlockWriter<ReuseRow>.Rent();
        Assert.NotSame(large, next);
        next.Dispose();
    }

    [Fact]
    public void A_kept_writer_writes_what_a_new_one_does_after_a_failed_write_too()
    {
        ReuseRow[] rows = [.. Enumerable.Range(0, 3000).Select(i => new ReuseRow((uint)i, "text " + i, i % 3 == 0 ? null : i / 7.0))];
        byte[] expected = Write(rows);
        ReuseRow[] failing = [.. rows];
        failing[2500] = failing[2500] with { Text = null! };

        Assert.Equal(expected, Write(rows));
        RowBinaryException exception = Assert.Throws<RowBinaryException>(() => Write(failing));
        Assert.Equal(("Text", 2500L), (exception.Column, exception.Row));
        Assert.Equal(expected, Write(rows));
        Assert.Equal(rows, NativeSerializer.ReadList<ReuseRow>(expected));
    }

    [Fact]
    public void Writing_a_few_wide_rows_again_allocates_nothing()
    {
        WideRow[] rows = [.. Enumerable.Range(0, 100).Select(i => new WideRow { I0 = i, I59 = -i, S0 = "s" + (i % 10), S9 = "last" })];
        var buffer = new ArrayBufferWriter<byte>(1 << 20);

        long allocated = 0;
        for (int run = 0; run < 3; run++)
        {
            buffer.ResetWrittenCount();
            long before = GC.GetAllocatedBytesForCurrentThread();
            NativeSerializer.Write(buffer, rows.AsSpan());
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }

        Assert.True(allocated < 1024, $"A write of 100 rows of 70 columns allocated {allocated} bytes.");
        Assert.Equal(rows, NativeSerializer.ReadList<WideRow>(buffer.WrittenSpan));
    }

    private static byte[] Write(ReuseRow[] rows)
    {
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows.AsSpan());
        return buffer.WrittenSpan.ToArray();
    }
}

[ClickHouseRow]
public partial record ReuseRow(uint Id, string Text, double? Value);

[ClickHouseRow]
public partial record WideRow
{
    public int I0 { get; init; }
    public int I1 { get; init; }
    public int I2 { get; init; }
    public int I3 { get; init; }
    public int I4 { get; init; }
    public int I5 { get; init; }
    public int I6 { get; init; }
    public int I7 { get; init; }
    public int I8 { get; init; }
    public int I9 { get; init; }
    public int I10 { get; init; }
    public int I11 { get; init; }
    public int I12 { get; init; }
    public int I13 { get; init; }
    public int I14 { get; init; }
    public int I15 { get; init; }
    public int I16 { get; init; }
    public int I17 { get; init; }
    public int I18 { get; init; }
    public int I19 { get; init; }
    public int I20 { get; init; }
    public int I21 { get; init; }
    public int I22 { get; init; }
    public int I23 { get; init; }
    public int I24 { get; init; }
    public int I25 { get; init; }
    public int I26 { get; init; }
    public int I27 { get; init; }
    public int I28 { get; init; }
    public int I29 { get; init; }
    public int I30 { get; init; }
    public int I31 { get; init; }
    public int I32 { get; init; }
    public int I33 { get; init; }
    public int I34 { get; init; }
    public int I35 { get; init; }
    public int I36 { get; init; }
    public int I37 { get; init; }
    public int I38 { get; init; }
    public int I39 { get; init; }
    public int I40 { get; init; }
    public int I41 { get; init; }
    public int I42 { get; init; }
    public int I43 { get; init; }
    public int I44 { get; init; }
    public int I45 { get; init; }
    public int I46 { get; init; }
    public int I47 { get; init; }
    public int I48 { get; init; }
    public int I49 { get; init; }
    public int I50 { get; init; }
    public int I51 { get; init; }
    public int I52 { get; init; }
    public int I53 { get; init; }
    public int I54 { get; init; }
    public int I55 { get; init; }
    public int I56 { get; init; }
    public int I57 { get; init; }
    public int I58 { get; init; }
    public int I59 { get; init; }
    public string S0 { get; init; } = "";
    public string S1 { get; init; } = "";
    public string S2 { get; init; } = "";
    public string S3 { get; init; } = "";
    public string S4 { get; init; } = "";
    public string S5 { get; init; } = "";
    public string S6 { get; init; } = "";
    public string S7 { get; init; } = "";
    public string S8 { get; init; } = "";
    public string S9 { get; init; } = "";
}
