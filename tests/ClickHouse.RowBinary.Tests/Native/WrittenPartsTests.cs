using System.Collections.Immutable;
using System.Globalization;

namespace ClickHouse.RowBinary.Tests.Native;

[ClickHouseRow]
public sealed partial class PartsWritten
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("parent")] public long? Parent { get; set; }
    [ClickHouseColumn("ratio")] public float? Ratio { get; set; }
    [ClickHouseColumn("referrer")] public string? Referrer { get; set; }
    [ClickHouseColumn("tags")] public uint[] Tags { get; set; } = [];
    [ClickHouseColumn("codes")] public List<short> Codes { get; set; } = [];
    [ClickHouseColumn("marks")] public ImmutableArray<double> Marks { get; set; } = [];
    [ClickHouseColumn("labels")] public string[] Labels { get; set; } = [];
    [ClickHouseColumn("names")] public List<string> Names { get; set; } = [];
    [ClickHouseColumn("counters")] public Dictionary<string, ulong> Counters { get; set; } = [];
    [ClickHouseColumn("weights")] public List<KeyValuePair<int, double>> Weights { get; set; } = [];
    [ClickHouseColumn("titles")] public Dictionary<uint, string> Titles { get; set; } = [];

    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"{Id}|{Parent?.ToString(CultureInfo.InvariantCulture) ?? "NULL"}|{Ratio?.ToString(CultureInfo.InvariantCulture) ?? "NULL"}|{Referrer ?? "NULL"}|"
        + $"{string.Join(',', Tags)}|{string.Join(',', Codes)}|{string.Join(',', Marks)}|{string.Join(',', Labels)}|{string.Join(',', Names)}|"
        + $"{string.Join(',', Counters.Select(c => c.Key + "=" + c.Value))}|{string.Join(',', Weights.Select(c => c.Key + "=" + c.Value))}|"
        + $"{string.Join(',', Titles.Select(c => c.Key + "=" + c.Value))}");
}

/// <summary>Maps whose values are LowCardinality, of a Nullable too: only the plain one is written as parts.</summary>
[ClickHouseRow]
public sealed partial class LowCardinalityMaps
{
    [ClickHouseColumn("id")] public uint Id { get; set; }
    [ClickHouseColumn("plain", Type = "Map(String, LowCardinality(String))")] public Dictionary<string, string> Plain { get; set; } = [];
    [ClickHouseColumn("maybe", Type = "Map(String, LowCardinality(Nullable(String)))")] public Dictionary<string, string?> Maybe { get; set; } = [];
}

/// <summary>
/// 46 columns: past the columns written in one pass, so that the fixed-width ones have loops of their own (numbers,
/// dates and times stored as elements of a span of their stored type) and the Nullable and Array ones are written as
/// parts in the pass over the rest.
/// </summary>
[ClickHouseRow]
public sealed partial class WidePartsWritten
{
    [ClickHouseColumn("n0")] public int N0 { get; set; }
    [ClickHouseColumn("n1")] public int N1 { get; set; }
    [ClickHouseColumn("n2")] public int N2 { get; set; }
    [ClickHouseColumn("n3")] public int N3 { get; set; }
    [ClickHouseColumn("n4")] public int N4 { get; set; }
    [ClickHouseColumn("n5")] public int N5 { get; set; }
    [ClickHouseColumn("n6")] public int N6 { get; set; }
    [ClickHouseColumn("n7")] public int N7 { get; set; }
    [ClickHouseColumn("n8")] public int N8 { get; set; }
    [ClickHouseColumn("n9")] public int N9 { get; set; }
    [ClickHouseColumn("n10")] public int N10 { get; set; }
    [ClickHouseColumn("n11")] public int N11 { get; set; }
    [ClickHouseColumn("n12")] public int N12 { get; set; }
    [ClickHouseColumn("n13")] public int N13 { get; set; }
    [ClickHouseColumn("n14")] public int N14 { get; set; }
    [ClickHouseColumn("n15")] public int N15 { get; set; }
    [ClickHouseColumn("n16")] public int N16 { get; set; }
    [ClickHouseColumn("n17")] public int N17 { get; set; }
    [ClickHouseColumn("n18")] public int N18 { get; set; }
    [ClickHouseColumn("n19")] public int N19 { get; set; }
    [ClickHouseColumn("n20")] public int N20 { get; set; }
    [ClickHouseColumn("n21")] public int N21 { get; set; }
    [ClickHouseColumn("n22")] public int N22 { get; set; }
    [ClickHouseColumn("n23")] public int N23 { get; set; }
    [ClickHouseColumn("n24")] public int N24 { get; set; }
    [ClickHouseColumn("n25")] public int N25 { get; set; }
    [ClickHouseColumn("n26")] public int N26 { get; set; }
    [ClickHouseColumn("n27")] public int N27 { get; set; }
    [ClickHouseColumn("n28")] public int N28 { get; set; }
    [ClickHouseColumn("n29")] public int N29 { get; set; }
    [ClickHouseColumn("name")] public string Name { get; set; } = "";
    [ClickHouseColumn("parent")] public long? Parent { get; set; }
    [ClickHouseColumn("referrer")] public string? Referrer { get; set; }
    [ClickHouseColumn("tags")] public uint[] Tags { get; set; } = [];
    [ClickHouseColumn("labels")] public List<string> Labels { get; set; } = [];
    [ClickHouseColumn("last")] public ushort Last { get; set; }
    [ClickHouseColumn("at", Type = "DateTime64(3, 'UTC')")] public DateTime At { get; set; }
    [ClickHouseColumn("day")] public DateOnly Day { get; set; }
    [ClickHouseColumn("score")] public double Score { get; set; }
    [ClickHouseColumn("ratio")] public float Ratio { get; set; }
    [ClickHouseColumn("big")] public Int128 Big { get; set; }
    [ClickHouseColumn("small")] public sbyte Small { get; set; }
    [ClickHouseColumn("code", Type = "FixedString(3)")] public byte[] Code { get; set; } = [0, 0, 0];
    [ClickHouseColumn("key")] public Guid Key { get; set; }
    [ClickHouseColumn("flag")] public bool Flag { get; set; }
    [ClickHouseColumn("amount", Type = "Decimal(18, 4)")] public decimal Amount { get; set; }
}

/// <summary>
/// Native writes of Nullable and Array columns of numbers and Strings put each row's value straight into the column's
/// parts (a null map and the values, counts and the elements). Checked against the other way the library makes the
/// same blocks: the rows written in RowBinary and every value taken apart by the columns' encoders (the batch
/// inserter's transcoding), byte for byte, over several runs and two blocks; and against a table whose types lay the
/// columns out otherwise (LowCardinality), for which the parts are joined back for the encoders.
/// </summary>
public class WrittenPartsTests
{
    /// <summary>Runs of at most 4,096 rows: 5,000 rows are several runs of one block (the encoders' blocks cut by other rules).</summary>
    [Theory]
    [InlineData(1)]
    [InlineData(5_000)]
    public async Task Parts_are_the_bytes_the_encoders_make(int count)
    {
        PartsWritten[] rows = [.. Enumerable.Range(0, count).Select(MakeRow)];

        byte[] written = await WriteAsync(rows, wireTypes: null);

        Assert.Equal(await TranscodeAsync(rows, wireTypes: null), written);
        Assert.Equal(rows.Select(r => r.Describe()), NativeSerializer.ReadList<PartsWritten>(written).Select(r => r.Describe()));
    }

    [Fact]
    public async Task Columns_sent_as_types_laid_out_otherwise_are_joined_back_for_their_encoders()
    {
        PartsWritten[] rows = [.. Enumerable.Range(0, 5_000).Select(MakeRow)];

        byte[] written = await WriteAsync(rows, LowCardinalityTypes);

        Assert.Equal(await TranscodeAsync(rows, LowCardinalityTypes), written);
        Assert.NotEqual(await WriteAsync(rows, wireTypes: null), written);
        Assert.Equal(rows.Select(r => r.Describe()), NativeSerializer.ReadList<PartsWritten>(written).Select(r => r.Describe()));
    }

    [Fact]
    public async Task A_row_type_of_LowCardinality_elements_writes_parts_that_are_joined_back_for_the_encoder()
    {
        LowCardinalityParts[] rows = [.. Enumerable.Range(0, 5_000).Select(i => new LowCardinalityParts
        {
            Id = (uint)i, Referrer = i % 3 == 0 ? null : "r" + (i % 7).ToString(CultureInfo.InvariantCulture),
            Labels = [.. Enumerable.Range(0, i % 3).Select(t => "l" + ((i + t) % 5).ToString(CultureInfo.InvariantCulture))],
        })];

        byte[] written = await WriteAsync(rows, wireTypes: null);

        Assert.Equal(await TranscodeAsync(rows, wireTypes: null), written);
        Assert.Equal(rows.Select(r => (r.Id, r.Referrer, string.Join(',', r.Labels))),
            NativeSerializer.ReadList<LowCardinalityParts>(written).Select(r => (r.Id, r.Referrer, string.Join(',', r.Labels))));
    }

    [Fact]
    public async Task Maps_of_LowCardinality_values_write_what_their_encoders_make()
    {
        LowCardinalityMaps[] rows = [.. Enumerable.Range(0, 5_000).Select(i => new LowCardinalityMaps
        {
            Id = (uint)i,
            Plain = Enumerable.Range(0, i % 3).ToDictionary(t => "k" + t.ToString(CultureInfo.InvariantCulture), t => "v" + ((i + t) % 4).ToString(CultureInfo.InvariantCulture)),
            Maybe = Enumerable.Range(0, i % 2).ToDictionary(t => "m" + t.ToString(CultureInfo.InvariantCulture), t => i % 4 == 0 ? null : "x" + (i % 5).ToString(CultureInfo.InvariantCulture)),
        })];

        byte[] written = await WriteAsync(rows, wireTypes: null);

        Assert.Equal(await TranscodeAsync(rows, wireTypes: null), written);
        Assert.Equal(rows.Select(Describe), NativeSerializer.ReadList<LowCardinalityMaps>(written).Select(Describe));

        static string Describe(LowCardinalityMaps row)
            => row.Id + "|" + string.Join(',', row.Plain.Select(e => e.Key + "=" + e.Value)) + "|" + string.Join(',', row.Maybe.Select(e => e.Key + "=" + (e.Value ?? "NULL")));
    }

    /// <summary>Blocks of at most about 2 MiB: 70,000 rows are several, each starting its offsets and parts afresh.</summary>
    [Fact]
    public async Task Parts_over_several_blocks_read_back_and_do_not_depend_on_how_the_rows_were_handed_over()
    {
        PartsWritten[] rows = [.. Enumerable.Range(0, 70_000).Select(MakeRow)];

        byte[] written = await WriteAsync(rows, wireTypes: null);
        var streamed = new System.Buffers.ArrayBufferWriter<byte>();
        NativeSerializer.Write(streamed, rows.Select(row => row));

        Assert.Equal(written, streamed.WrittenSpan.ToArray());
        Assert.Equal(rows.Select(r => r.Describe()), NativeSerializer.ReadList<PartsWritten>(written).Select(r => r.Describe()));
        Assert.Equal(rows.Select(r => r.Describe()), NativeSerializer.ReadList<PartsWritten>(await WriteAsync(rows, LowCardinalityTypes)).Select(r => r.Describe()));
    }

    private static readonly string[] LowCardinalityTypes =
    [
        "UInt32", "LowCardinality(Nullable(Int64))", "Nullable(Float32)", "LowCardinality(Nullable(String))", "Array(LowCardinality(UInt32))",
        "Array(Int16)", "Array(Float64)", "Array(LowCardinality(String))", "Array(LowCardinality(String))",
        "Map(LowCardinality(String), UInt64)", "Map(Int32, Float64)", "Map(UInt32, LowCardinality(String))",
    ];

    [Theory]
    [InlineData("Nullable(Int64)", "Nullable(Int64)", true, false, false, 0, 8)]
    [InlineData("Nullable(Int64)", "LowCardinality(Nullable(Int64))", false, false, false, 0, 8)]
    [InlineData("Nullable(String)", "Nullable(String)", true, false, false, 0, -1)]
    [InlineData("Array(UInt32)", "Array(UInt32)", true, true, false, 0, 4)]
    [InlineData("Array(LowCardinality(String))", "Array(LowCardinality(String))", false, true, false, 0, -1)]
    [InlineData("Array(String)", "Array(LowCardinality(String))", false, true, false, 0, -1)]
    [InlineData("Map(String, UInt64)", "Map(String, UInt64)", true, false, true, -1, 8)]
    [InlineData("Map(Int32, Float64)", "Map(Int32, Float64)", true, false, true, 4, 8)]
    [InlineData("Map(LowCardinality(String), UInt8)", "Map(LowCardinality(String), UInt8)", false, false, true, -1, 1)]
    public void The_parts_of_a_column_are_its_data_only_where_the_type_it_is_sent_as_lays_it_out_so(
        string rowType, string wireType, bool isData, bool isArray, bool isMap, int keySize, int valueSize)
    {
        NativeWrittenParts parts = NativeWrittenParts.For(ClickHouseType.Parse(rowType), ClickHouseType.Parse(wireType))!;

        Assert.Equal((isData, isArray, isMap, keySize, valueSize), (parts.IsData, parts.IsArray, parts.IsMap, parts.KeySize, parts.ValueSize));
    }

    [Theory]
    [InlineData("Int64")]
    [InlineData("Array(Nullable(Int32))")]
    [InlineData("Array(Array(UInt8))")]
    [InlineData("Map(String, Array(UInt8))")]
    [InlineData("LowCardinality(Nullable(String))")]
    [InlineData("Nullable(Tuple(a Int32))")]
    public void Columns_of_other_types_have_no_parts(string type)
        => Assert.Null(NativeWrittenParts.For(ClickHouseType.Parse(type), ClickHouseType.Parse(type)));

    [Fact]
    public async Task A_row_wider_than_one_pass_writes_its_parts_in_the_pass_over_the_columns_that_are_not_fixed_width_and_transcodes_to_the_same_bytes()
    {
        WidePartsWritten[] rows = [.. Enumerable.Range(0, 9_000).Select(i => new WidePartsWritten
        {
            N0 = i, N17 = -i, N29 = i * 3, Name = "n" + (i % 13).ToString(CultureInfo.InvariantCulture),
            Parent = i % 4 == 0 ? null : i * 7L, Referrer = i % 5 == 0 ? null : "r" + i.ToString(CultureInfo.InvariantCulture),
            Tags = [.. Enumerable.Range(0, i % 4).Select(t => (uint)(i + t))], Labels = [.. Enumerable.Range(0, i % 3).Select(t => "l" + t.ToString(CultureInfo.InvariantCulture))],
            Last = (ushort)i, At = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMilliseconds(i * 1_001L), Day = new DateOnly(2000, 1, 1).AddDays(i % 20_000),
            Score = i / 3.0, Ratio = -i / 7f, Big = (Int128)i * long.MaxValue, Small = (sbyte)(i % 200 - 100),
            Code = [(byte)i, (byte)(i >> 8), 7], Key = new Guid(i, (short)i, 3, 4, 5, 6, 7, 8, 9, 10, 11), Flag = i % 3 == 0, Amount = i / 16m,
        })];

        byte[] written = await WriteAsync(rows, wireTypes: null);

        Assert.Equal(await TranscodeAsync(rows, wireTypes: null), written);
        Assert.Equal(rows.Select(r => (r.N17, r.Parent, r.Referrer, string.Join(',', r.Tags), string.Join(',', r.Labels), r.Last, r.At, r.Day, r.Score, r.Ratio, r.Big, r.Small)),
            NativeSerializer.ReadList<WidePartsWritten>(written).Select(r => (r.N17, r.Parent, r.Referrer, string.Join(',', r.Tags), string.Join(',', r.Labels), r.Last, r.At, r.Day, r.Score, r.Ratio, r.Big, r.Small)));
        Assert.Equal(rows.Select(r => (Convert.ToHexString(r.Code), r.Key, r.Flag, r.Amount)),
            NativeSerializer.ReadList<WidePartsWritten>(written).Select(r => (Convert.ToHexString(r.Code), r.Key, r.Flag, r.Amount)));
    }

    [Theory]
    [InlineData("labels")]
    [InlineData("names")]
    [InlineData("tags")]
    [InlineData("codes")]
    [InlineData("counters")]
    [InlineData("titles")]
    public void A_null_array_map_or_element_names_its_column_and_row(string column)
    {
        PartsWritten[] rows = [.. Enumerable.Range(0, 5_000).Select(MakeRow)];
        PartsWritten row = rows[4_321];
        switch (column)
        {
            case "labels": row.Labels = null!; break;
            case "names": row.Names = ["x", null!]; break;
            case "tags": row.Tags = null!; break;
            case "codes": row.Codes = null!; break;
            case "counters": row.Counters = null!; break;
            default: row.Titles = new Dictionary<uint, string> { [1] = null! }; break;
        }

        var error = Assert.Throws<RowBinaryException>(() => NativeSerializer.Write(new System.Buffers.ArrayBufferWriter<byte>(), rows));

        Assert.Contains(column, error.Message, StringComparison.Ordinal);
        Assert.Contains("4321", error.Message, StringComparison.Ordinal);
    }

    private static PartsWritten MakeRow(int i) => new()
    {
        Id = (uint)i,
        Parent = i % 3 == 0 ? null : -i * 11L,
        Ratio = i % 7 == 0 ? null : i / 8f,
        Referrer = i % 5 == 0 ? null : i % 5 == 1 ? "" : "r" + (i % 97).ToString(CultureInfo.InvariantCulture),
        Tags = [.. Enumerable.Range(0, i % 3).Select(t => (uint)(i + t))],
        Codes = [.. Enumerable.Range(0, i % 2).Select(t => (short)(i - t))],
        Marks = [.. Enumerable.Range(0, (i / 3) % 2).Select(t => i * 0.5 + t)],
        Labels = [.. Enumerable.Range(0, i % 4 == 3 ? 0 : 1).Select(t => "é" + (i % 11).ToString(CultureInfo.InvariantCulture))],
        Names = [.. Enumerable.Range(0, i % 2).Select(t => "")],
        Counters = Enumerable.Range(0, i % 3).ToDictionary(t => "c" + t.ToString(CultureInfo.InvariantCulture), t => (ulong)(i + t)),
        Weights = [.. Enumerable.Range(0, (i / 2) % 3).Select(t => new KeyValuePair<int, double>(t % 2, i * 0.25))],
        Titles = Enumerable.Range(0, i % 2).ToDictionary(t => (uint)(i + t), t => i % 9 == 0 ? "" : "t" + (i % 13).ToString(CultureInfo.InvariantCulture)),
    };

    private static async Task<byte[]> WriteAsync<T>(T[] rows, IReadOnlyList<string>? wireTypes)
        where T : IClickHouseRow<T>
    {
        using var output = new MemoryStream();
        await NativeSerializer.WriteAsync(output, rows, wireTypes, rowsSent: null, CancellationToken.None);
        return output.ToArray();
    }

    private static async Task<byte[]> TranscodeAsync<T>(T[] rows, IReadOnlyList<string>? wireTypes)
        where T : IClickHouseRow<T>
    {
        var rowBinary = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(rowBinary, rows, RowBinaryFormat.RowBinary);
        using var output = new MemoryStream();
        await NativeBatchBody.TranscodeRows<T>(rowBinary.WrittenMemory, rows.Length, wireTypes, output);
        return output.ToArray();
    }
}
