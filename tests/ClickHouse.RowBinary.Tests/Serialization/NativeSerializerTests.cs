using System.Buffers;
using System.IO.Pipelines;
using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;
using static ClickHouse.RowBinary.Tests.Native.NativeBytes;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// NativeSerializer over buffers and streams: blocks of <see cref="NativeSerializer.BlockRows"/> rows each way, every
/// entry point giving the same bytes and rows, streams read a byte at a time, the header checked by name, and bad
/// values and bad blocks named by column and row.
/// </summary>
public class NativeSerializerTests
{
    private const int ManyRows = (2 * NativeSerializer.BlockRows) + 1234;

    [Fact]
    public void Write_SplitsRowsIntoBlocksOfBlockRows()
    {
        byte[] data = Write(TickRows.Sequence(ManyRows));

        List<NativeBlocks.Block> blocks = NativeBlocks.Blocks(data);

        Assert.Equal([NativeSerializer.BlockRows, NativeSerializer.BlockRows, 1234], blocks.Select(b => b.Rows));
        Assert.All(blocks, block => Assert.Equal(["id", "at", "value", "status", "label"], block.Columns.Select(c => c.Name)));
        Assert.All(blocks, block => Assert.Equal(["UInt64", "DateTime", "Nullable(Float64)", Tick.StatusType, "String"], block.Columns.Select(c => c.Type)));
    }

    /// <summary>
    /// A streamed write hands a column's staged values to the stream as they are, not copied into its buffer first: a
    /// full block's UInt64 column (512 KiB) arrives as one write of exactly its bytes, and the stream gets the bytes an
    /// in-memory write makes.
    /// </summary>
    [Fact]
    public async Task WriteAsync_HandsLargeStagedColumnsToTheStreamAsTheyAre()
    {
        Tick[] ticks = [.. TickRows.Sequence(ManyRows)];
        using var stream = new VerifyingNullStream(new MemoryStream(Write(ticks)));

        await NativeSerializer.WriteAsync(stream, ticks);

        Assert.True(stream.ExpectedExhausted);
        Assert.Equal(NativeSerializer.BlockRows * sizeof(ulong), stream.LargestWrite);
    }

    /// <summary>
    /// A batch inserter's rows, kept as RowBinary and transcoded into Native blocks, reach the stream the same way: the
    /// bytes of the in-memory write, and each flat column's values as they are, the largest (a full block's UInt64
    /// column, 512 KiB) as one write of exactly its bytes. (A column an encoder lays out, such as a Nullable, still goes
    /// through the send buffer, so the rows are of flat columns only.)
    /// </summary>
    [Fact]
    public async Task TranscodedBatches_HandFlatColumnsToTheStreamAsTheyAre()
    {
        WebVisit[] visits = [.. Enumerable.Range(0, ManyRows).Select(i => new WebVisit(new DateOnly(2025, 1, 1), "u" + (i % 1000), (ushort)i, 1, 2, 3, (ulong)i))];
        var rowBinary = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(rowBinary, visits);
        using var stream = new VerifyingNullStream(new MemoryStream(Write(visits)));

        await NativeBatchBody.TranscodeRows<WebVisit>(rowBinary.WrittenMemory, visits.Length, wireTypes: null, stream);

        Assert.True(stream.ExpectedExhausted);
        Assert.Equal(NativeSerializer.BlockRows * sizeof(ulong), stream.LargestWrite);
    }

    [Theory]
    [InlineData(500, 100_000)]
    [InlineData(12_000, 4_000)]
    public async Task Write_LargeRows_EndBlocksAtBlockBytes(int count, int size)
    {
        // Strings of 100 KB: a block of 65,536 such rows would hold 6.5 GB. WebVisit's columns are all flat (their
        // staged values are their data); Tick has a Nullable column (its staged values are taken apart by an encoder).
        // 12,000 rows are more than a sequence's 4,096 taken at a time, which must not move where blocks end.
        string large = new('u', size);
        WebVisit[] visits = [.. Enumerable.Range(0, count).Select(i => new WebVisit(new DateOnly(2025, 1, 1), large + i, (ushort)i, 1, 2, 3, (ulong)i))];
        Tick[] ticks = [.. Enumerable.Range(0, count).Select(i => TickRows.Create(i) with { Label = large + i })];

        await AssertBlocksEndAtBlockBytes(visits, size);
        await AssertBlocksEndAtBlockBytes(ticks, size);
    }

    /// <summary>
    /// Large values in columns whose encoders take them apart (a LowCardinality dictionary, a Nullable written as parts
    /// and joined back for a LowCardinality wire type, an Array of LowCardinality) count towards a block's bytes too.
    /// </summary>
    [Theory]
    [InlineData("referrer")]
    [InlineData("labels")]
    public async Task Write_LargeValuesInEncodedColumns_EndBlocksAtBlockBytes(string column)
    {
        const int size = 100_000;
        string large = new('u', size);
        Native.LowCardinalityParts[] rows = [.. Enumerable.Range(0, 120).Select(i => new Native.LowCardinalityParts
        {
            Id = (uint)i,
            Referrer = column == "referrer" ? large + i : null,
            Labels = column == "labels" ? [large + i] : [],
        })];

        await AssertBlocksEndAtBlockBytes(rows, size, (left, right) => left.Id == right.Id && left.Referrer == right.Referrer && left.Labels.SequenceEqual(right.Labels));
    }

    private static async Task AssertBlocksEndAtBlockBytes<T>(T[] rows, int size, Func<T, T, bool>? same = null)
        where T : IClickHouseRow<T>
    {
        byte[] data = Write(rows);
        List<NativeBlocks.Block> blocks = NativeBlocks.Blocks(data);

        Assert.True(blocks.Count >= 3, $"{blocks.Count} blocks of {data.Length:N0} bytes");
        Assert.Equal(rows.Length, blocks.Sum(b => b.Rows));
        // Every block but the last holds BlockBytes of values, and at most a run (1 MiB) and a row more.
        Assert.All(blocks.SkipLast(1), b => Assert.InRange(b.Length, NativeSerializer.BlockBytes, NativeSerializer.BlockBytes + (1024 * 1024) + size + 1_000));
        List<T> read = NativeSerializer.ReadList<T>(data);
        if (same is null)
        {
            Assert.Equal(rows, read);
        }
        else
        {
            Assert.Equal(rows.Length, read.Count);
            Assert.All(rows.Zip(read), pair => Assert.True(same(pair.First, pair.Second)));
        }
        // Every entry point cuts the same blocks.
        Assert.Equal(data, Write(rows.ToList()));
        Assert.Equal(data, Write(rows.Select(r => r)));
        using var stream = new MemoryStream();
        await NativeSerializer.WriteAsync(stream, ToAsync(rows));
        Assert.Equal(data, stream.ToArray());
    }

    private static async IAsyncEnumerable<T> ToAsync<T>(IEnumerable<T> rows)
    {
        foreach (T row in rows)
        {
            await Task.Yield();
            yield return row;
        }
    }

    [Fact]
    public async Task EveryWriteGivesTheSameBytes_AndEveryReadTheSameRows()
    {
        Tick[] ticks = [.. TickRows.Sequence(ManyRows)];
        byte[] fromArray = Write(ticks);
        Assert.Equal(fromArray, Write(ticks.ToList()));
        Assert.Equal(fromArray, Write(TickRows.Sequence(ManyRows)));
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, ticks.AsSpan());
        Assert.Equal(fromArray, buffer.WrittenSpan.ToArray());
        foreach (IEnumerable<Tick> rows in new IEnumerable<Tick>[] { ticks, ticks.ToList(), TickRows.Sequence(ManyRows) })
        {
            using var stream = new MemoryStream();
            await NativeSerializer.WriteAsync(stream, rows);
            Assert.Equal(fromArray, stream.ToArray());
        }
        using (var stream = new MemoryStream())
        {
            await NativeSerializer.WriteAsync(stream, TickRows.AsyncSequence(ManyRows, yieldEvery: 1000));
            Assert.Equal(fromArray, stream.ToArray());
        }

        Assert.Equal(ticks, NativeSerializer.ReadList<Tick>(fromArray));
        Assert.Equal(ticks, await NativeSerializer.ReadListAsync<Tick>(ChunkedReadStream.RandomChunks(fromArray, seed: 1, maxChunk: 70_000)));
        var streamed = new List<Tick>();
        await foreach (Tick tick in NativeSerializer.ReadAsync<Tick>(ChunkedReadStream.RandomChunks(fromArray, seed: 2, maxChunk: 5_000)))
        {
            streamed.Add(tick);
        }
        Assert.Equal(ticks, streamed);
    }

    [Fact]
    public void Write_StringsOfEveryLengthClass_InArraysAndMaps_RoundTrip()
    {
        // A run of strings nested in arrays and maps is copied as it lies: one-byte and longer length prefixes, empty
        // strings and non-ASCII text must come out value for value.
        string[] texts = ["", "a", new string('s', 127), new string('m', 128), new string('l', 20_000), "é€𝄞", new string('x', 16_383), new string('y', 16_384)];
        Event sample = ExpectedRows.Events()[0];
        Event[] events = [.. Enumerable.Range(0, 5_000).Select(i => new Event
        {
            Id = Guid.NewGuid(),
            Ts = sample.Ts,
            Kind = texts[i % texts.Length],
            Tags = [.. Enumerable.Range(0, i % 5).Select(k => texts[(i + k) % texts.Length])],
            Props = Enumerable.Range(0, i % 3).ToDictionary(k => texts[(i + k) % texts.Length] + k, k => texts[(i + 2 * k) % texts.Length]),
            Ip = sample.Ip,
        })];

        byte[] native = Write(events);

        ExpectedRows.AssertEqual([.. events], NativeSerializer.ReadList<Event>(native));
    }

    [Fact]
    public async Task ReadAsync_OneByteAtATime_ReadsEveryRow()
    {
        List<Event> events = ExpectedRows.Events();
        byte[] data = Write(events);

        List<Event> read = await NativeSerializer.ReadListAsync<Event>(ChunkedReadStream.OneByteAtATime(data));

        ExpectedRows.AssertEqual(events, read);
    }

    [Fact]
    public async Task ReadAsync_AfterDisposeAsync_ThrowsObjectDisposedException_AndReadsNothingMore()
    {
        ChunkedReadStream stream = ChunkedReadStream.OneByteAtATime(Write(TickRows.Sequence(1000)));
        IAsyncEnumerator<Tick> rows = NativeSerializer.ReadAsync<Tick>(stream).GetAsyncEnumerator();
        Assert.True(await rows.MoveNextAsync());
        await rows.DisposeAsync();
        int reads = stream.Reads;

        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await rows.MoveNextAsync());

        Assert.Equal(reads, stream.Reads);
    }

    [Fact]
    public async Task ReadAsync_StreamPausesAfterABlock_YieldsItsRowsWithoutWaitingForTheNext()
    {
        // A block arrives in two pieces, then the stream pauses (a slow query between two blocks): the reader must not
        // hold the block back waiting for the bytes its doubling rule would prefer.
        byte[] data = Write(TickRows.Sequence(1000));
        var pipe = new Pipe();
        await using Stream stream = pipe.Reader.AsStream();
        await using IAsyncEnumerator<Tick> rows = NativeSerializer.ReadAsync<Tick>(stream).GetAsyncEnumerator();

        await pipe.Writer.WriteAsync(data.AsMemory(0, data.Length - 100));
        ValueTask<bool> next = rows.MoveNextAsync();
        await Task.Delay(50);
        Assert.False(next.IsCompleted, "the block is not whole yet");
        await pipe.Writer.WriteAsync(data.AsMemory(data.Length - 100));
        Task<bool> first = next.AsTask();

        Assert.Same(first, await Task.WhenAny(first, Task.Delay(TimeSpan.FromSeconds(10))));
        Assert.True(await first);
        Assert.Equal(TickRows.Create(0), rows.Current);
        for (int i = 1; i < 1000; i++)
        {
            Assert.True(await rows.MoveNextAsync());
        }
        Assert.Equal(TickRows.Create(999), rows.Current);
        await pipe.Writer.CompleteAsync();
        Assert.False(await rows.MoveNextAsync());
    }

    [Fact]
    public void Read_ColumnsInAnotherOrder_AreMatchedByName()
    {
        List<WebVisit> visits = ExpectedRows.WebVisits();
        byte[] data = Write(visits);
        byte[] reordered = NativeBlocks.Reorder(data, [6, 5, 4, 3, 2, 1, 0]);

        Assert.Equal(visits, NativeSerializer.ReadList<WebVisit>(reordered));
    }

    [Fact]
    public void Read_ColumnOfAnotherType_IsASchemaMismatchListingEveryColumn()
    {
        byte[] data = Write(TickRows.Sequence(3));

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => NativeSerializer.ReadList<TickId>(data));

        Assert.StartsWith("The columns of the Native data do not match TickId:", exception.Message, StringComparison.Ordinal);
        Assert.Contains("Column 'id': TickId.Id expects UInt32, but the data has UInt64", exception.Message, StringComparison.Ordinal);
        Assert.Contains("Column 'label' (String) is in the data", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_EmptyData_HasNoRows()
        => Assert.Empty(NativeSerializer.ReadList<Tick>(ReadOnlySpan<byte>.Empty));

    [Fact]
    public void Read_DataCutInsideABlock_NamesTheColumnAndTheOffset()
    {
        byte[] data = Write(ExpectedRows.WebVisits());

        var exception = Assert.Throws<RowBinaryException>(() => NativeSerializer.ReadList<WebVisit>(data.AsSpan(0, data.Length - 3)));

        Assert.Equal("visits", exception.Column);
        Assert.Contains("Unexpected end of data", exception.Message, StringComparison.Ordinal);
        Assert.NotNull(exception.Offset);
    }

    [Fact]
    public void Read_InvalidValue_NamesColumnAndRow()
    {
        Tick[] ticks = [.. TickRows.Sequence(10)];
        byte[] data = Write(ticks);
        // The status column's values: an Enum8 byte per row, after its name and type.
        int status = NativeBlocks.ColumnDataStart(data, column: 3);
        data[status + 6] = 9;

        var exception = Assert.Throws<RowBinaryException>(() => NativeSerializer.ReadList<Tick>(data));

        Assert.Equal(("status", 6L), (exception.Column, exception.Row));
    }

    [Fact]
    public async Task ReadAsync_BuildsABlocksRowsAsTheyAreTaken_ABatchAtATime()
    {
        // One block in the stream, a bad value in its last batch: the rows of the batches before it are handed out
        // first (built as they are taken, not the whole block at once), and the error names the block's row.
        const int Batch = NativeLayout.BatchRows; // the stream reader's rows built at once
        int rows = (2 * Batch) + 10;
        byte[] data = Write(TickRows.Sequence(rows));
        int badRow = (2 * Batch) + 3;
        data[NativeBlocks.ColumnDataStart(data, column: 3) + badRow] = 9;

        var read = new List<Tick>();
        RowBinaryException exception = await Assert.ThrowsAsync<RowBinaryException>(async () =>
        {
            await foreach (Tick tick in NativeSerializer.ReadAsync<Tick>(new MemoryStream(data)))
            {
                read.Add(tick);
            }
        });

        Assert.Equal(TickRows.Sequence(2 * Batch), read);
        Assert.Equal(("status", (long)badRow), (exception.Column, exception.Row));
        RowBinaryException listed = Assert.Throws<RowBinaryException>(() => NativeSerializer.ReadList<Tick>(data));
        Assert.Equal(("status", (long)badRow), (listed.Column, listed.Row));
    }

    [Fact]
    public async Task ReadAsync_RowHandedOut_IsNotKeptAliveByTheReader()
    {
        // A streamed row the caller is done with must be free to die young: were the reader's batch to keep it until
        // the next batch, every collection meanwhile would promote it (a wide row's read spent 7 ms a read in such
        // collections instead of 3).
        WebVisit[] visits = [.. Enumerable.Range(0, NativeLayout.BatchRows * 2).Select(i => new WebVisit(new DateOnly(2025, 1, 1), "/page/" + i, (ushort)i, 1, 2, 3, (ulong)i))];
        byte[] data = Write(visits);
        await using IAsyncEnumerator<WebVisit> rows = NativeSerializer.ReadAsync<WebVisit>(new MemoryStream(data)).GetAsyncEnumerator();

        WeakReference first = await TakeWeaklyAsync(rows);
        WeakReference second = await TakeWeaklyAsync(rows);
        Assert.True(await rows.MoveNextAsync());
        GC.Collect();
        GC.WaitForPendingFinalizers();

        Assert.False(first.IsAlive, "The first row is still referenced after the caller moved past it.");
        Assert.False(second.IsAlive, "The second row is still referenced after the caller moved past it.");
        Assert.Equal(visits[2], rows.Current);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static async Task<WeakReference> TakeWeaklyAsync(IAsyncEnumerator<WebVisit> rows)
    {
        Assert.True(await rows.MoveNextAsync());
        return new WeakReference(rows.Current);
    }

    [Fact]
    public void Write_NullValue_NamesColumnAndRow()
    {
        Tick[] ticks = [.. TickRows.Sequence(NativeSerializer.BlockRows + 10)];
        ticks[NativeSerializer.BlockRows + 3] = ticks[NativeSerializer.BlockRows + 3] with { Label = null };

        var exception = Assert.Throws<RowBinaryException>(() => Write(ticks));

        Assert.Equal(("label", (long)NativeSerializer.BlockRows + 3, "String"), (exception.Column, exception.Row, exception.ClickHouseType));
        Assert.StartsWith($"Column 'label', row {NativeSerializer.BlockRows + 3}: A String value cannot be null", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Write_BadValue_OfARowWrittenRowByRow_NamesColumnAndRow()
    {
        // Event has arrays, a map and a Nullable: its blocks are staged row by row, in runs of rows past the first.
        List<Event> samples = ExpectedRows.Events();
        Event[] events = [.. Enumerable.Range(0, NativeSerializer.BlockRows + 5000).Select(i => samples[i % samples.Count])];
        int badRow = NativeSerializer.BlockRows + 4100;
        Event good = events[badRow];
        events[badRow] = new Event { Id = good.Id, Ts = good.Ts, UserId = good.UserId, Kind = good.Kind, Tags = good.Tags, Props = good.Props, Amount = 1e20m, Ip = good.Ip, Flag = good.Flag };

        var exception = Assert.Throws<RowBinaryException>(() => Write(events));

        Assert.Equal(("amount", (long)badRow), (exception.Column, exception.Row));
        Assert.Equal(events.Take(badRow).Select(e => e.Id), NativeSerializer.ReadList<Event>(Write(events.Take(badRow))).Select(e => e.Id));
    }

    [Fact]
    public void LowCardinality_KeysShortLongAndRepeated_RoundTripThroughOneDictionaryEach()
    {
        // Keys under 128 bytes are looked up where they lie in the staged rows; longer ones are copied first.
        string[] texts = ["", "a", new string('x', 127), new string('y', 128), new string('z', 5000), "é€"];
        Label[] rows = [.. Enumerable.Range(0, 10_000).Select(i => new Label(texts[i % texts.Length], i % 3 == 0 ? null : texts[(i / 3) % texts.Length], (uint)(i % 7)))];

        byte[] native = Write(rows);

        Assert.Equal(rows, NativeSerializer.ReadList<Label>(native));
        // Each block's dictionaries hold each value once, so the 5,000 'z' appear twice a block (text, maybe), not per row.
        var rowBinary = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(rowBinary, rows.AsSpan());
        int blocks = (rowBinary.WrittenCount / NativeSerializer.BlockBytes) + 1;
        Assert.True(native.Length < 10_000 * 3 + blocks * (2 * 5_000 + 2_000), $"{native.Length} bytes in at most {blocks} blocks: a value is in a dictionary more than once");
    }

    [Fact]
    public async Task WriteAsync_ValueOutsideTheEnum_NamesColumnAndRow()
    {
        IEnumerable<Tick> ticks = TickRows.Sequence(5).Select((t, i) => i == 2 ? t with { Status = (TickStatus)9 } : t);

        var exception = await Assert.ThrowsAsync<RowBinaryException>(() => NativeSerializer.WriteAsync(Stream.Null, ticks));

        Assert.Equal(("status", 2L), (exception.Column, exception.Row));
    }

    [Fact]
    public void Write_NullRow_NamesTheRow()
    {
        List<Event> events = ExpectedRows.Events();
        events[2] = null!;

        var exception = Assert.Throws<ArgumentException>(() => Write(events));

        Assert.Contains("Row 2 is null", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WriteAsync_Canceled_StopsBetweenColumns()
    {
        using var cancellation = new CancellationTokenSource();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => NativeSerializer.WriteAsync(Stream.Null, TickRows.Sequence(10), cancellation.Token));
    }
}

/// <summary>A row of one column of the ticks' names, of another type.</summary>
[ClickHouseRow]
public partial record TickId([property: ClickHouseColumn("id")] uint Id);
