using System.Collections.Immutable;
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

[ClickHouseRow]
public sealed partial class LowCardinalityParts
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("referrer", Type = "LowCardinality(Nullable(String))")] public string? Referrer { get; set; }
    [ClickHouseColumn("labels", Type = "Array(LowCardinality(String))")] public string[] Labels { get; set; } = [];
}

[ClickHouseRow]
public sealed partial class PlainParts
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("referrer")] public string? Referrer { get; set; }
    [ClickHouseColumn("labels")] public string[] Labels { get; set; } = [];
}

[ClickHouseRow]
public sealed partial class ArrayShapes
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("names")] public List<string> Names { get; set; } = [];
    [ClickHouseColumn("codes")] public List<uint> Codes { get; set; } = [];
    [ClickHouseColumn("weights")] public IReadOnlyList<double> Weights { get; set; } = [];
    [ClickHouseColumn("steps")] public IList<long> Steps { get; set; } = [];
    [ClickHouseColumn("marks")] public ImmutableArray<int> Marks { get; set; } = [];
    [ClickHouseColumn("titles")] public ImmutableArray<string> Titles { get; set; } = [];
}

[ClickHouseRow]
public sealed partial class MapShapes
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("names")] public Dictionary<uint, string> Names { get; set; } = [];
    [ClickHouseColumn("pairs", Type = "Map(String, Int32)")] public List<KeyValuePair<string, int>> Pairs { get; set; } = [];
    [ClickHouseColumn("weights")] public Dictionary<long, double> Weights { get; set; } = [];
}

[ClickHouseRow]
public sealed partial class MapWithRepeats
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("names", Type = "Map(UInt32, String)")] public List<KeyValuePair<uint, string>> Names { get; set; } = [];
    [ClickHouseColumn("pairs", Type = "Map(String, Int32)")] public List<KeyValuePair<string, int>> Pairs { get; set; } = [];
    [ClickHouseColumn("weights", Type = "Map(Int64, Float64)")] public List<KeyValuePair<long, double>> Weights { get; set; } = [];
}

[ClickHouseRow]
public sealed partial class LowCardinalityKeys
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("counters", Type = "Map(LowCardinality(String), UInt64)")] public Dictionary<string, ulong> Counters { get; set; } = [];
}

[ClickHouseRow]
public sealed partial class PlainKeys
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("counters")] public Dictionary<string, ulong> Counters { get; set; } = [];
}

/// <summary>
/// A Native read of a Nullable or Array column: the generated reader reads a null map and values (or offsets and
/// elements) where the block has them, when they are fixed-width or String; other such columns are copied into
/// RowBinary a batch in one call. Over batches and blocks of every size, with NULLs, empty arrays and arrays of NULLs,
/// the rows read are the rows written; a block that lays such a column out otherwise (LowCardinality inside) is taken
/// apart from RowBinary and reads the same.
/// </summary>
public class NullableAndArrayColumnTests
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

    [Fact]
    public void A_column_laid_out_otherwise_is_read_from_its_values_taken_apart()
    {
        LowCardinalityParts[] written =
        [
            .. Enumerable.Range(0, 2_500).Select(i => new LowCardinalityParts
            {
                Id = (uint)i,
                Referrer = i % 3 == 0 ? null : "site" + (i % 7),
                Labels = [.. Enumerable.Range(0, i % 4).Select(k => k == 2 ? "" : "label" + ((i + k) % 5))],
            }),
        ];
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, written);

        List<PlainParts> read = NativeSerializer.ReadList<PlainParts>(buffer.WrittenSpan);

        Assert.Equal(
            written.Select(row => $"{row.Id}|{row.Referrer ?? "NULL"}|{string.Join(',', row.Labels)}"),
            read.Select(row => $"{row.Id}|{row.Referrer ?? "NULL"}|{string.Join(',', row.Labels)}"));
    }

    [Fact]
    public void Nullable_values_in_RowBinary_split_into_a_null_map_and_values_with_placeholders()
    {
        byte[] rowBinary = [0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0];

        (byte[] nullMap, byte[] values) = NativeColumnParts.SplitNullable(rowBinary, valueSize: 8);

        Assert.Equal([0, 1, 0], nullMap);
        Assert.Equal([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], values);
    }

    [Fact]
    public void Nullable_strings_in_RowBinary_split_into_a_null_map_and_strings_with_empty_ones_under_nulls()
    {
        byte[] rowBinary = [1, 0, 2, (byte)'a', (byte)'b', 1, 0, 0];

        (byte[] nullMap, byte[] values) = NativeColumnParts.SplitNullable(rowBinary, NativeColumnParts.StringValues);

        Assert.Equal([1, 0, 1, 0], nullMap);
        Assert.Equal([0, 2, (byte)'a', (byte)'b', 0, 0], values);
    }

    [Fact]
    public void Arrays_in_RowBinary_split_into_offsets_and_elements()
    {
        byte[] fixedWidth = [2, 1, 0, 2, 0, 0, 1, 3, 0];
        byte[] strings = [1, 1, (byte)'x', 0, 2, 0, 2, (byte)'y', (byte)'z'];

        (byte[] ends, byte[] elements) = NativeColumnParts.SplitArrays(fixedWidth, valueSize: 2);
        (byte[] stringEnds, byte[] stringElements) = NativeColumnParts.SplitArrays(strings, NativeColumnParts.StringValues);

        Assert.Equal([2, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0], ends);
        Assert.Equal([1, 0, 2, 0, 3, 0], elements);
        Assert.Equal([1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0], stringEnds);
        Assert.Equal([1, (byte)'x', 0, 2, (byte)'y', (byte)'z'], stringElements);
        var offsets = new NativeOffsets(ends, before: 0);
        Assert.Equal((0, 2), (offsets.Start(0), offsets.Count(0)));
        Assert.Equal((2, 0), (offsets.Start(1), offsets.Count(1)));
        Assert.Equal((2, 1), (offsets.Start(2), offsets.Count(2)));
    }

    private static string Describe(ArrayShapes row) => string.Create(CultureInfo.InvariantCulture,
        $"{row.Id}|{string.Join(',', row.Names)}|{string.Join(',', row.Codes)}|{string.Join(',', row.Weights)}|{string.Join(',', row.Steps)}|{string.Join(',', row.Marks)}|{string.Join(',', row.Titles)}");

    [Fact]
    public void Arrays_into_lists_read_only_lists_and_immutable_arrays_read_the_elements_written()
    {
        ArrayShapes[] rows =
        [
            .. Enumerable.Range(0, 2_300).Select(i => new ArrayShapes
            {
                Id = (uint)i,
                Names = [.. Enumerable.Range(0, i % 3).Select(k => "n" + (i + k))],
                Codes = [.. Enumerable.Range(0, i % 4).Select(k => (uint)(i * 7 + k))],
                Weights = [.. Enumerable.Range(0, i % 5).Select(k => k / 4.0)],
                Steps = [.. Enumerable.Range(0, i % 2).Select(k => -(long)i * k)],
                Marks = [.. Enumerable.Range(0, i % 6).Select(k => k - i)],
                Titles = [.. Enumerable.Range(0, i % 3).Select(k => k == 0 ? "" : "title " + i)],
            }),
        ];
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);

        List<ArrayShapes> read = NativeSerializer.ReadList<ArrayShapes>(buffer.WrittenSpan);

        Assert.Equal(rows.Select(Describe), read.Select(Describe));
        Assert.All(read, row => Assert.IsType<List<string>>(row.Names));
    }

    private static string Describe(MapShapes row) => string.Create(CultureInfo.InvariantCulture,
        $"{row.Id}|{string.Join(',', row.Names.Select(e => e.Key + "=" + e.Value))}|{string.Join(',', row.Pairs.Select(e => e.Key + "=" + e.Value))}|{string.Join(',', row.Weights.Select(e => e.Key + "=" + e.Value))}");

    [Fact]
    public async Task Maps_of_every_key_and_value_layout_read_the_entries_written()
    {
        MapShapes[] rows =
        [
            .. Enumerable.Range(0, 2_600).Select(i => new MapShapes
            {
                Id = (uint)i,
                Names = Enumerable.Range(0, i % 4).ToDictionary(k => (uint)(i * 10 + k), k => k == 1 ? "" : "name" + (i + k)),
                // Repeated keys stay in a list.
                Pairs = [.. Enumerable.Range(0, i % 3).Select(k => new KeyValuePair<string, int>("k" + (k % 2), -i * k))],
                Weights = Enumerable.Range(0, i % 5).ToDictionary(k => (long)i * -k - k, k => k / 3.0),
            }),
        ];
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);

        List<MapShapes> read = NativeSerializer.ReadList<MapShapes>(buffer.WrittenSpan);
        var streamed = new List<MapShapes>();
        await foreach (MapShapes row in NativeSerializer.ReadAsync<MapShapes>(new Serialization.Streams.ChunkedReadStream(buffer.WrittenSpan.ToArray(), () => 211)))
        {
            streamed.Add(row);
        }

        Assert.Equal(rows.Select(Describe), read.Select(Describe));
        Assert.Equal(rows.Select(Describe), streamed.Select(Describe));
    }

    [Theory]
    [InlineData("names", "Map(UInt32, String)")]
    [InlineData("weights", "Map(Int64, Float64)")]
    public void A_key_repeated_in_a_map_read_into_a_dictionary_names_the_column_and_row(string column, string type)
    {
        MapWithRepeats[] rows =
        [
            .. Enumerable.Range(0, 1_500).Select(i => new MapWithRepeats
            {
                Id = (uint)i,
                Names = i == 1_234 && column == "names" ? [new(7, "a"), new(7, "b")] : [new((uint)i, "x")],
                Weights = i == 1_234 && column == "weights" ? [new(-3, 1.0), new(-3, 2.0)] : [new(i, 0.5)],
            }),
        ];
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);

        RowBinaryException error = Assert.ThrowsAny<RowBinaryException>(() => NativeSerializer.ReadList<MapShapes>(buffer.WrittenSpan));

        Assert.Contains("appears more than once", error.ToString(), StringComparison.Ordinal);
        Assert.Contains(type, error.ToString(), StringComparison.Ordinal);
        Assert.Contains($"'{column}'", error.Message, StringComparison.Ordinal);
        Assert.Contains("1234", error.Message.Replace(",", "", StringComparison.Ordinal), StringComparison.Ordinal);
    }

    [Fact]
    public void A_map_laid_out_otherwise_is_read_from_its_values_taken_apart()
    {
        LowCardinalityKeys[] written =
        [
            .. Enumerable.Range(0, 2_100).Select(i => new LowCardinalityKeys
            {
                Id = (uint)i,
                Counters = Enumerable.Range(0, i % 4).ToDictionary(k => "counter" + k, k => (ulong)(i * 100 + k)),
            }),
        ];
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, written);

        List<PlainKeys> read = NativeSerializer.ReadList<PlainKeys>(buffer.WrittenSpan);

        Assert.Equal(
            written.Select(row => $"{row.Id}|{string.Join(',', row.Counters.Select(e => e.Key + "=" + e.Value))}"),
            read.Select(row => $"{row.Id}|{string.Join(',', row.Counters.Select(e => e.Key + "=" + e.Value))}"));
    }

    [Fact]
    public void Maps_in_RowBinary_split_into_offsets_keys_and_values()
    {
        // Two maps: {"a": 1, "bc": 2} and {}.
        byte[] rowBinary = [2, 1, (byte)'a', 1, 0, 2, (byte)'b', (byte)'c', 2, 0, 0];

        (byte[] ends, byte[] keys, byte[] values) = NativeColumnParts.SplitMaps(rowBinary, NativeColumnParts.StringValues, valueSize: 2);

        Assert.Equal([2, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], ends);
        Assert.Equal([1, (byte)'a', 2, (byte)'b', (byte)'c'], keys);
        Assert.Equal([1, 0, 2, 0], values);
    }
}
