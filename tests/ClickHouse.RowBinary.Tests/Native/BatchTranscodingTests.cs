using System.Buffers;
using System.Globalization;

namespace ClickHouse.RowBinary.Tests.Native;

[ClickHouseRow]
public sealed partial class NullablesAndArrays
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("parent")] public long? Parent { get; set; }
    [ClickHouseColumn("level")] public byte? Level { get; set; }
    [ClickHouseColumn("short_code", Type = "Nullable(FixedString(3))")] public byte[]? ShortCode { get; set; }
    [ClickHouseColumn("key")] public Guid? Key { get; set; }
    [ClickHouseColumn("referrer")] public string? Referrer { get; set; }
    [ClickHouseColumn("tags")] public uint[] Tags { get; set; } = [];
    [ClickHouseColumn("labels")] public string[] Labels { get; set; } = [];
    [ClickHouseColumn("scores")] public int?[] Scores { get; set; } = [];
    [ClickHouseColumn("counters")] public Dictionary<string, ulong> Counters { get; set; } = [];

    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"{Id}|{Parent?.ToString(CultureInfo.InvariantCulture) ?? "NULL"}|{Level?.ToString(CultureInfo.InvariantCulture) ?? "NULL"}|"
        + $"{(ShortCode is null ? "NULL" : Convert.ToHexString(ShortCode))}|{Key?.ToString() ?? "NULL"}|{Referrer ?? "NULL"}|"
        + $"{string.Join(',', Tags)}|{string.Join(',', Labels)}|{string.Join(',', Scores.Select(s => s?.ToString(CultureInfo.InvariantCulture) ?? "NULL"))}|"
        + $"{string.Join(',', Counters.Select(c => c.Key + "=" + c.Value))}");
}

/// <summary>
/// A Native read copies a batch of a Nullable or Array column into RowBinary in one call (the null map read once, a
/// fixed-width or String element column copied by its own type): over batches and blocks of every size, with NULLs,
/// empty arrays and arrays of NULLs, the rows read are the rows written.
/// </summary>
public class BatchTranscodingTests
{
    private static NullablesAndArrays[] Rows(int count) =>
    [
        .. Enumerable.Range(0, count).Select(i => new NullablesAndArrays
        {
            Id = (uint)i,
            Parent = i % 3 == 0 ? null : (long)i * -7_777_777_777,
            Level = i % 5 == 1 ? null : (byte)(i * 13),
            ShortCode = i % 4 == 2 ? null : [(byte)i, (byte)(i >> 8), 0x7F],
            Key = i % 7 == 3 ? null : new Guid(i, (short)i, (short)(i >> 3), 1, 2, 3, 4, 5, 6, 7, (byte)i),
            Referrer = i % 2 == 0 ? null : "https://example.com/" + new string('p', i % 40) + "ü",
            Tags = [.. Enumerable.Range(0, i % 6).Select(k => (uint)(i * 31 + k))],
            Labels = [.. Enumerable.Range(0, i % 4).Select(k => k == 1 ? "" : "label" + ((i + k) % 9))],
            Scores = [.. Enumerable.Range(0, i % 3).Select(k => (k + i) % 2 == 0 ? (int?)null : -i * k)],
            Counters = Enumerable.Range(0, i % 4).ToDictionary(k => "c" + k, k => (ulong)(i + k) * 1_000_000_007),
        }),
    ];

    [Theory]
    [InlineData(1)]
    [InlineData(1_023)]
    [InlineData(1_025)]
    [InlineData(5_000)]
    public void Rows_read_from_memory_are_the_rows_written(int count)
    {
        NullablesAndArrays[] rows = Rows(count);
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows.Take(count / 2));
        NativeSerializer.Write(buffer, rows.Skip(count / 2));

        List<NullablesAndArrays> read = NativeSerializer.ReadList<NullablesAndArrays>(buffer.WrittenSpan);

        Assert.Equal(rows.Select(row => row.Describe()), read.Select(row => row.Describe()));
    }

    [Fact]
    public async Task Rows_streamed_in_small_reads_are_the_rows_written()
    {
        NullablesAndArrays[] rows = Rows(3_000);
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);

        var read = new List<string>();
        await foreach (NullablesAndArrays row in NativeSerializer.ReadAsync<NullablesAndArrays>(new Serialization.Streams.ChunkedReadStream(buffer.WrittenSpan.ToArray(), () => 257)))
        {
            read.Add(row.Describe());
        }

        Assert.Equal(rows.Select(row => row.Describe()), read);
    }
}
