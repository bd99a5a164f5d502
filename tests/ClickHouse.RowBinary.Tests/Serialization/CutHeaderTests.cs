using System.Buffers;
using ClickHouse.RowBinary.TestSupport;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>Only this class reads it, so that no header another test read is known to it.</summary>
[ClickHouseRow]
public sealed partial record CutHeaderRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("label")] string Label,
    [property: ClickHouseColumn("tags")] string[] Tags);

/// <summary>
/// A RowBinaryWithNamesAndTypes stream whose header arrives in pieces (a small answer's first read often ends inside it)
/// is read once the header is whole, without an exception inside: the runtime's exception counters, which applications
/// watch, counted one or two per query against ClickHouse 26.9 before.
/// </summary>
public class CutHeaderTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(7)]
    [InlineData(64)]
    public async Task A_header_and_rows_arriving_in_pieces_are_read_whole_and_nothing_is_thrown_inside(int piece)
    {
        CutHeaderRow[] rows = [.. Enumerable.Range(0, 200).Select(i => new CutHeaderRow((uint)i, $"row {i}", [.. Enumerable.Repeat($"t{i}", i % 4)]))];
        var bytes = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(bytes, rows, RowBinaryFormat.RowBinaryWithNamesAndTypes);

        var read = new List<string>();
        int thrown = await ThrownInside.CountAsync(async () =>
        {
            var stream = new ChunkedReadStream(bytes.WrittenSpan.ToArray(), () => piece, pause: true);
            await foreach (CutHeaderRow row in RowBinarySerializer.ReadAsync<CutHeaderRow>(stream, RowBinaryFormat.RowBinaryWithNamesAndTypes))
            {
                read.Add($"{row.Id} {row.Label} {string.Join(",", row.Tags)}");
            }
        }, e => e is RowBinaryException or RowBinaryNeedMoreDataException);

        Assert.Equal(rows.Select(r => $"{r.Id} {r.Label} {string.Join(",", r.Tags)}"), read);
        Assert.Equal(0, thrown);
    }

    [Fact]
    public async Task A_header_with_an_empty_type_name_is_still_refused_whole_or_in_pieces()
    {
        // One column "id" whose type name is empty.
        byte[] header = [1, 2, (byte)'i', (byte)'d', 0];

        RowBinaryException whole = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<CutHeaderRow>(header, RowBinaryFormat.RowBinaryWithNamesAndTypes));
        RowBinaryException streamed = await Assert.ThrowsAsync<RowBinaryException>(async () =>
        {
            await foreach (CutHeaderRow _ in RowBinarySerializer.ReadAsync<CutHeaderRow>(new ChunkedReadStream(header, () => 1, pause: true), RowBinaryFormat.RowBinaryWithNamesAndTypes))
            {
            }
        });

        Assert.Contains("empty type name", whole.Message, StringComparison.Ordinal);
        Assert.Contains("empty type name", streamed.Message, StringComparison.Ordinal);
    }
}
