using System.Buffers;
using ClickHouse.RowBinary.TestSupport;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>Only this class reads it, so that the header its reads keep is theirs alone.</summary>
[ClickHouseRow]
public sealed partial record HeaderReuseRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("name")] string Name,
    [property: ClickHouseColumn("score")] double Score);

/// <summary>
/// A header whose bytes match the last one the row type read is not read again: the same header and column order
/// serve. A header that differs in any byte (another order, another type) is read and checked as before.
/// </summary>
public class KnownHeaderTests
{
    private static readonly HeaderReuseRow[] s_rows = [new(1, "one", 1.5), new(2, "two", 2.5)];

    [Fact]
    public void The_same_header_again_is_matched_by_its_bytes_and_allocates_nothing()
    {
        byte[] data = Written(["id", "name", "score"], ["UInt32", "String", "Float64"], s_rows);
        // Another header read last, whatever this class's tests ran before, so that the first read below is not known.
        Read(Written(["name", "id", "score"], ["String", "UInt32", "Float64"], s_rows));
        long first = AllocatedReadingHeader(data, out _);

        long again = AllocatedReadingHeader(data, out List<HeaderReuseRow> rows);

        Assert.Equal(s_rows, rows);
        Assert.True(first > 300, $"the first read of the header allocated {first} bytes");
        // The parser's guard for cut rows (one object) and nothing for the header.
        Assert.InRange(again, 0, 120);
    }

    [Fact]
    public void A_header_in_another_order_between_two_known_ones_is_read_and_mapped()
    {
        byte[] schemaOrder = Written(["id", "name", "score"], ["UInt32", "String", "Float64"], s_rows);
        byte[] otherOrder = Written(["score", "id", "name"], ["Float64", "UInt32", "String"], s_rows);

        Assert.Equal(s_rows, Read(schemaOrder));
        Assert.Equal(s_rows, Read(otherOrder));
        Assert.Equal(s_rows, Read(schemaOrder));
        Assert.Equal(s_rows, Read(otherOrder));
    }

    [Fact]
    public void A_header_whose_last_type_differs_is_checked_again()
    {
        Assert.Equal(s_rows, Read(Written(["id", "name", "score"], ["UInt32", "String", "Float64"], s_rows)));

        byte[] wrongType = Written(["id", "name", "score"], ["UInt32", "String", "Float32"], s_rows);

        Assert.Throws<RowBinarySchemaMismatchException>(() => Read(wrongType));
    }

    [Fact]
    public void A_known_header_split_across_segments_is_matched()
    {
        byte[] data = Written(["id", "name", "score"], ["UInt32", "String", "Float64"], s_rows);
        Assert.Equal(s_rows, Read(data));

        var parser = new RowBinaryStreamParser<HeaderReuseRow, GeneratedRowDecoder<HeaderReuseRow>>(RowBinaryFormat.RowBinaryWithNamesAndTypes, default);
        var rows = new List<HeaderReuseRow>();
        long consumed = parser.Parse(SegmentedSequence.Split(data, 3, 9, 14), isFinalBlock: true, rows);

        Assert.Equal(data.Length, consumed);
        Assert.Equal(s_rows, rows);
    }

    private static List<HeaderReuseRow> Read(byte[] data)
    {
        var parser = new RowBinaryStreamParser<HeaderReuseRow, GeneratedRowDecoder<HeaderReuseRow>>(RowBinaryFormat.RowBinaryWithNamesAndTypes, default);
        var rows = new List<HeaderReuseRow>();
        parser.Parse(new ReadOnlySequence<byte>(data), isFinalBlock: true, rows);
        if (parser.Failure is not null)
        {
            throw parser.Failure;
        }
        return rows;
    }

    private static long AllocatedReadingHeader(byte[] data, out List<HeaderReuseRow> rows)
    {
        int headerBytes = data.Length - RowBytes(s_rows);
        var parser = new RowBinaryStreamParser<HeaderReuseRow, GeneratedRowDecoder<HeaderReuseRow>>(RowBinaryFormat.RowBinaryWithNamesAndTypes, default);
        rows = new List<HeaderReuseRow>(4);
        long before = GC.GetAllocatedBytesForCurrentThread();
        parser.Parse(new ReadOnlySequence<byte>(data.AsMemory(0, headerBytes)), isFinalBlock: false, rows);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        parser.Parse(new ReadOnlySequence<byte>(data.AsMemory(headerBytes)), isFinalBlock: true, rows);
        return allocated;
    }

    private static int RowBytes(HeaderReuseRow[] rows)
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows, RowBinaryFormat.RowBinary);
        return buffer.WrittenCount;
    }

    /// <summary>A header of these names and types, then the rows' values in that order.</summary>
    private static byte[] Written(string[] names, string[] types, HeaderReuseRow[] rows)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        new RowBinaryHeader(names, types).Write(ref writer);
        foreach (HeaderReuseRow row in rows)
        {
            foreach (string name in names)
            {
                switch (name)
                {
                    case "id": writer.WriteUInt32(row.Id); break;
                    case "name": writer.WriteString(row.Name); break;
                    default:
                        if (types[Array.IndexOf(names, name)] == "Float32")
                        {
                            writer.WriteFloat32((float)row.Score);
                        }
                        else
                        {
                            writer.WriteFloat64(row.Score);
                        }
                        break;
                }
            }
        }
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }
}
