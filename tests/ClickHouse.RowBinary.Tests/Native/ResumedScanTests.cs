using System.Buffers;
using System.Buffers.Binary;

namespace ClickHouse.RowBinary.Tests.Native;

[ClickHouseRow]
public sealed partial class IdAndMaybeText
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("s")] public string? S { get; set; }
}

/// <summary>
/// A Native block cut by the end of what has arrived is scanned again, from the column it could not finish, once more
/// bytes are there. A String column, and the Nullable, Array, Map and Tuple columns around one, go on from where the cut
/// stopped them: a column arriving in many small pieces (ClickHouse 18.16 sends 4 KB at a time) is walked once, not
/// once per piece. To prove that a resumed scan does not walk what it walked before, the bytes before the cut are
/// spoiled (every String length the first scan passed made invalid) and the resumed scan must still find the column's
/// end where a whole scan of the unspoiled bytes does.
/// </summary>
public class ResumedScanTests
{
    private const int Rows = 600;

    public static TheoryData<string, double> Cuts()
    {
        var data = new TheoryData<string, double>();
        foreach (string type in new[] { "String", "Nullable(String)", "Array(String)", "Map(String, UInt64)", "Tuple(String, String)", "LowCardinality(String)" })
        {
            foreach (double cut in new[] { 0.1, 0.5, 0.93 })
            {
                data.Add(type, cut);
            }
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Cuts))]
    public void A_resumed_scan_goes_on_from_the_cut_without_walking_the_values_before_it(string type, double cutShare)
    {
        (byte[] column, List<(int Start, int End)> strings) = Column(type);
        int cut = (int)(column.Length * cutShare);
        NativeColumnDecoder decoder = NativeColumnDecoder.For(ClickHouseType.Parse(type));

        var partial = new NativeInput(column.AsSpan(0, cut), startOffset: 0, isFinal: false);
        Assert.False(decoder.TryScan(ref partial, Rows));

        byte[] spoiled = (byte[])column.Clone();
        int walked = 0;
        foreach ((int start, int end) in strings)
        {
            if (end <= cut)
            {
                spoiled[start] = 0xFF;
                walked++;
            }
        }
        Assert.True(walked > 0, "the cut fell before any String value: nothing shows whether the scan walked again");

        var whole = new NativeInput(spoiled, startOffset: 0, isFinal: true);
        Assert.True(decoder.TryResumeScan(ref whole, Rows));
        Assert.Equal(column.Length, whole.Position);
    }

    [Theory]
    [MemberData(nameof(Cuts))]
    public void A_resumed_scan_is_a_whole_scan_when_the_column_starts_elsewhere(string type, double cutShare)
    {
        // A decoder is kept from block to block: a resumed scan must not trust what it noted for other bytes.
        (byte[] column, _) = Column(type);
        NativeColumnDecoder decoder = NativeColumnDecoder.For(ClickHouseType.Parse(type));
        var partial = new NativeInput(column.AsSpan(0, (int)(column.Length * cutShare)), startOffset: 0, isFinal: false);
        Assert.False(decoder.TryScan(ref partial, Rows));

        byte[] moved = [0, 0, 0, .. column];
        var input = new NativeInput(moved, startOffset: 0, isFinal: true);
        input.Skip(3, "prefix");
        Assert.True(decoder.TryResumeScan(ref input, Rows));
        Assert.Equal(moved.Length, input.Position);
    }

    [Theory]
    [InlineData("Nullable(String)")]
    [InlineData("Array(String)")]
    [InlineData("Map(String, UInt64)")]
    public void A_scan_cut_before_its_values_checks_its_null_map_or_offsets_when_resumed(string type)
    {
        // The decoder scanned a whole column of the same rows at the same place in the block before (the block
        // before): the null map or offsets of this block, cut before its values, must still be checked.
        (byte[] column, _) = Column(type);
        NativeColumnDecoder decoder = NativeColumnDecoder.For(ClickHouseType.Parse(type));
        var before = new NativeInput(column, startOffset: 0, isFinal: true);
        Assert.True(decoder.TryScan(ref before, Rows));

        byte[] invalid = (byte[])column.Clone();
        if (type.StartsWith("Nullable", StringComparison.Ordinal))
        {
            invalid[Rows / 2] = 2; // a null map byte is 0 or 1
        }
        else
        {
            invalid[(Rows / 2 * 8) + 7] = 0x80; // an offset far past the elements
        }
        var cut = new NativeInput(invalid.AsSpan(0, 300), startOffset: 0, isFinal: false);
        Assert.False(decoder.TryScan(ref cut, Rows));

        Assert.ThrowsAny<RowBinaryException>(() =>
        {
            var whole = new NativeInput(invalid, startOffset: 0, isFinal: true);
            decoder.TryResumeScan(ref whole, Rows);
        });
    }

    [Fact]
    public void A_block_cut_in_a_column_name_scans_that_column_whole_when_more_arrives()
    {
        // The block before held the same rows, so the Nullable column's null map starts at the same place: what its
        // decoder noted then must not stand for this block's map.
        IdAndMaybeText[] rows = [.. Enumerable.Range(0, Rows).Select(i => new IdAndMaybeText { Id = (uint)i, S = i % 3 == 0 ? null : "v" + i })];
        byte[] first = Block(rows);
        byte[] second = Block(rows);
        int type = second.AsSpan().IndexOf("Nullable(String)"u8);
        second[type + "Nullable(String)".Length + 3] = 2; // a null map byte is 0 or 1

        var reader = new NativeBlockReader<IdAndMaybeText>();
        var whole = new NativeInput(first, startOffset: 0, isFinal: true);
        Assert.True(reader.TryScan(ref whole, out _));
        var cut = new NativeInput(second.AsSpan(0, type - 1), startOffset: first.Length, isFinal: false);
        Assert.False(reader.TryScan(ref cut, out _));

        byte[] held = second;
        Assert.Throws<RowBinaryException>(() =>
        {
            var more = new NativeInput(held, startOffset: first.Length, isFinal: true);
            reader.TryScan(ref more, out _);
        });
    }

    private static byte[] Block(IdAndMaybeText[] rows)
    {
        var output = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(output, rows);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>A column of <see cref="Rows"/> values of <paramref name="type"/> as Native lays it out, and where each of its String values lies.</summary>
    private static (byte[] Column, List<(int Start, int End)> Strings) Column(string type)
    {
        var random = new Random(type.Length);
        var output = new ArrayBufferWriter<byte>();
        var strings = new List<(int, int)>();
        void Text(int length)
        {
            int start = output.WrittenCount;
            var writer = new RowBinaryWriter(output);
            writer.WriteString(new string('x', length));
            writer.Flush();
            strings.Add((start, output.WrittenCount));
        }
        void Offsets(int[] counts)
        {
            ulong end = 0;
            foreach (int count in counts)
            {
                end += (ulong)count;
                BinaryPrimitives.WriteUInt64LittleEndian(output.GetSpan(8), end);
                output.Advance(8);
            }
        }
        int[] counts = [.. Enumerable.Range(0, Rows).Select(_ => random.Next(0, 4))];
        switch (type)
        {
            case "String":
                for (int i = 0; i < Rows; i++)
                {
                    Text(random.Next(0, 200));
                }
                break;
            case "Nullable(String)":
                bool[] nulls = [.. Enumerable.Range(0, Rows).Select(_ => random.Next(4) == 0)];
                output.Write(nulls.Select(n => n ? (byte)1 : (byte)0).ToArray());
                foreach (bool isNull in nulls)
                {
                    Text(isNull ? 0 : random.Next(0, 200));
                }
                break;
            case "Array(String)":
                Offsets(counts);
                for (int i = 0; i < counts.Sum(); i++)
                {
                    Text(random.Next(0, 200));
                }
                break;
            case "Map(String, UInt64)":
                Offsets(counts);
                for (int i = 0; i < counts.Sum(); i++)
                {
                    Text(random.Next(0, 200));
                }
                output.Write(new byte[8 * counts.Sum()]);
                break;
            case "LowCardinality(String)":
                // One granule: flags (indexes of one byte, keys in the block), the keys, the rows and their indexes.
                BinaryPrimitives.WriteUInt64LittleEndian(output.GetSpan(8), 1UL << 9);
                output.Advance(8);
                BinaryPrimitives.WriteUInt64LittleEndian(output.GetSpan(8), 200);
                output.Advance(8);
                for (int k = 0; k < 200; k++)
                {
                    Text(random.Next(0, 200));
                }
                BinaryPrimitives.WriteUInt64LittleEndian(output.GetSpan(8), Rows);
                output.Advance(8);
                output.Write(Enumerable.Range(0, Rows).Select(_ => (byte)random.Next(0, 200)).ToArray());
                break;
            case "Tuple(String, String)":
                for (int i = 0; i < 2 * Rows; i++)
                {
                    Text(random.Next(0, 200));
                }
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(type), type, null);
        }
        return (output.WrittenSpan.ToArray(), strings);
    }
}
