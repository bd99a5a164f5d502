using System.Buffers;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

[ClickHouseRow]
public partial record Labelled(
    [property: ClickHouseColumn("kind", Type = "LowCardinality(String)")] string Kind,
    [property: ClickHouseColumn("url", CacheStrings = true)] string Url,
    [property: ClickHouseColumn("note")] string Note,
    [property: ClickHouseColumn("tags", Type = "Array(LowCardinality(String))")] string[] Tags);

/// <summary>
/// Values that repeat in a String column come back as one string instance each, and the values are the same as
/// without the cache. A plain column whose values stop repeating turns its cache off; a LowCardinality(String)
/// column or a member marked CacheStrings starts its cache over instead, so values that repeat later are shared.
/// </summary>
public class StringCacheTests
{
    private static Labelled[] Rows(int count, Func<int, string> url) =>
        [.. Enumerable.Range(0, count).Select(i => new Labelled($"kind-{i % 3}", url(i), $"note-{i % 3}", [$"t{i % 2}", $"t{(i + 1) % 2}"]))];

    private static byte[] Write(Labelled[] rows)
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write<Labelled>(buffer, rows, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        return buffer.WrittenSpan.ToArray();
    }

    public static TheoryData<string> Readers => ["span", "stream of 7-byte reads", "ReadAsync"];

    private static async Task<List<Labelled>> Read(string how, byte[] data) => how switch
    {
        "span" => RowBinarySerializer.ReadList<Labelled>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes),
        "stream of 7-byte reads" => await RowBinarySerializer.ReadListAsync<Labelled>(new ChunkedReadStream(data, () => 7), RowBinaryFormat.RowBinaryWithNamesAndTypes),
        _ => await RowBinarySerializer.ReadAsync<Labelled>(new MemoryStream(data), RowBinaryFormat.RowBinaryWithNamesAndTypes).ToListAsync(),
    };

    [Theory]
    [MemberData(nameof(Readers))]
    public async Task RepeatedValues_OfCachedColumns_AreOneInstance(string how)
    {
        Labelled[] written = Rows(300, i => $"https://example.com/p/{i % 10}");

        List<Labelled> rows = await Read(how, Write(written));

        Assert.Equal(written.Select(r => (r.Kind, r.Url, r.Note, string.Join(',', r.Tags))), rows.Select(r => (r.Kind, r.Url, r.Note, string.Join(',', r.Tags))));
        Assert.Equal(3, rows.Select(r => r.Kind).Distinct(ReferenceEqualityComparer.Instance).Count());
        Assert.Equal(10, rows.Select(r => r.Url).Distinct(ReferenceEqualityComparer.Instance).Count());
        Assert.Equal(2, rows.SelectMany(r => r.Tags).Distinct(ReferenceEqualityComparer.Instance).Count());
        Assert.Equal(3, rows.Select(r => r.Note).Distinct(ReferenceEqualityComparer.Instance).Count());
    }

    [Theory]
    [MemberData(nameof(Readers))]
    public async Task AfterAWindowOfValuesThatDoNotRepeat_APlainColumnStopsCaching_AndACacheStringsColumnStartsOver(string how)
    {
        // 10,000 distinct values fill each table and miss through a whole window of lookups; then 10 values repeat
        // for three windows of 8,192 lookups (a stream of small reads reads cut rows again: its windows end later).
        const int unique = 10_000;
        Labelled[] written = [.. Enumerable.Range(0, unique + (3 * 8192)).Select(i => i < unique
            ? new Labelled("k", $"https://example.com/unique/{i}", $"note {i}", [])
            : new Labelled("k", $"https://example.com/p/{i % 10}", $"note {i % 10}", []))];

        List<Labelled> rows = await Read(how, Write(written));

        Assert.Equal(written.Select(r => (r.Url, r.Note)), rows.Select(r => (r.Url, r.Note)));
        List<Labelled> repeating = rows[^300..];
        Assert.Equal(10, repeating.Select(r => r.Url).Distinct(ReferenceEqualityComparer.Instance).Count());
        Assert.Equal(300, repeating.Select(r => r.Note).Distinct(ReferenceEqualityComparer.Instance).Count());
    }

    [Fact]
    public void ValuesThatDifferOnlyWhereTheHashDoesNotLook_AreEachReadAsThemselves()
    {
        // 64-byte values that differ only at byte 20, which the hash does not sample: they share one chain of slots,
        // of which only the first few are searched, so most are not cached; each must still come back exactly.
        Labelled[] written = [.. Enumerable.Range(0, 2_000).Select(i => new Labelled("k", Colliding(i % 200), Colliding(i % 200), []))];

        List<Labelled> rows = RowBinarySerializer.ReadList<Labelled>(Write(written), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(written.Select(r => (r.Url, r.Note)), rows.Select(r => (r.Url, r.Note)));

        static string Colliding(int i) => new string('a', 20) + (char)('!' + (i % 90)) + (char)('!' + (i / 90)) + new string('b', 42);
    }

    [Fact]
    public void ValuesThatNeverRepeat_AreReadRightAfterTheCacheGivesUp()
    {
        // More distinct values than the cache holds, then repeats of early ones that it may no longer keep.
        Labelled[] written = Rows(30_000, i => i < 20_000 ? $"https://example.com/unique/{i}" : $"https://example.com/unique/{i % 50}");

        List<Labelled> rows = RowBinarySerializer.ReadList<Labelled>(Write(written), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(written.Select(r => r.Url), rows.Select(r => r.Url));
    }

    [Fact]
    public void InvalidUtf8_InACachedColumn_IsStillAnError()
    {
        byte[] data = Write(Rows(1, _ => "x"));
        // The url column's single byte 'x' becomes a lone continuation byte.
        int at = Array.LastIndexOf(data, (byte)'x');
        data[at] = 0x80;

        var error = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<Labelled>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Contains("url", error.Message, StringComparison.Ordinal);
        Assert.Contains("UTF-8", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_small_read_of_values_that_do_not_repeat_allocates_its_rows_and_strings_and_little_more()
    {
        // 1,000 distinct values of about 40 bytes in each of two String columns: the cache keeps them all (it decides
        // whether it pays only after 2,048 lookups). Its slots and keys are pooled, so the read allocates what the same
        // rows built by hand do, plus a few KB; before, it allocated about 150 KB more (a key array per value, the slots).
        Labelled[] written = Rows(1_000, i => $"https://example.com/unique/{i}/page-{i * 7919}");
        byte[] data = Write(written);
        RowBinarySerializer.ReadList<Labelled>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        BuildByHand(written);

        long start = GC.GetAllocatedBytesForCurrentThread();
        List<Labelled> rows = RowBinarySerializer.ReadList<Labelled>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        long read = GC.GetAllocatedBytesForCurrentThread() - start;
        start = GC.GetAllocatedBytesForCurrentThread();
        List<Labelled> byHand = BuildByHand(written);
        long built = GC.GetAllocatedBytesForCurrentThread() - start;

        Assert.Equal(written.Select(r => (r.Url, r.Note)), rows.Select(r => (r.Url, r.Note)));
        Assert.Equal(byHand.Count, rows.Count);
        Assert.True(read <= built + (16 * 1024), $"The read allocated {read} bytes; the same rows built by hand {built}.");
    }

    /// <summary>The rows a reader must make at the least: each string decoded once (the repeated kinds and tags shared), each row, the list.</summary>
    private static List<Labelled> BuildByHand(Labelled[] written)
    {
        string[] kinds = ["kind-0", "kind-1", "kind-2"];
        string[][] tags = [["t0", "t1"], ["t1", "t0"]];
        var rows = new List<Labelled>();
        for (int i = 0; i < written.Length; i++)
        {
            rows.Add(new Labelled(kinds[i % 3], new string(written[i].Url), written[i].Note, [.. tags[i % 2]]));
        }
        return rows;
    }
}
