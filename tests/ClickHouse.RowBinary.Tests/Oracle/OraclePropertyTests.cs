using System.Buffers;
using System.Globalization;
using System.Text.Json;
using ClickHouse.RowBinary.Tests.Conformance;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.Tests.Oracle;

/// <summary>
/// Random values of every type family, written by the runtime as one RowBinary table and read back by the real
/// ClickHouse engine: every value ClickHouse returns must be the value written. The seed is printed; set
/// CLICKHOUSE_ROWBINARY_SEED to replay a run.
/// </summary>
public class OraclePropertyTests(ITestOutputHelper output)
{
    private const string SeedVariable = "CLICKHOUSE_ROWBINARY_SEED";
    private const int DefaultSeed = 20260229;
    private const int Rows = 24;

    private static readonly (string Name, string Type)[] Columns =
    [
        ("i8", "Int8"), ("i16", "Int16"), ("i32", "Int32"), ("i64", "Int64"), ("i128", "Int128"), ("i256", "Int256"),
        ("u8", "UInt8"), ("u16", "UInt16"), ("u32", "UInt32"), ("u64", "UInt64"), ("u128", "UInt128"), ("u256", "UInt256"),
        ("f32", "Float32"), ("f64", "Float64"), ("bf16", "BFloat16"), ("flag", "Bool"),
        ("s", "String"), ("fs", "FixedString(5)"),
        ("d", "Date"), ("d32", "Date32"), ("dt", "DateTime"), ("dt_tokyo", "DateTime('Asia/Tokyo')"),
        ("dt64_0", "DateTime64(0, 'America/New_York')"), ("dt64_3", "DateTime64(3)"), ("dt64_6", "DateTime64(6, 'Europe/Amsterdam')"), ("dt64_9", "DateTime64(9, 'UTC')"),
        ("dec32", "Decimal(9, 2)"), ("dec64", "Decimal(18, 4)"), ("dec128", "Decimal(38, 10)"), ("dec128_28", "Decimal(28, 6)"), ("dec256", "Decimal(76, 20)"),
        ("uuid", "UUID"), ("ip4", "IPv4"), ("ip6", "IPv6"),
        ("e8", "Enum8('a' = -128, 'b' = 0, 'c' = 127)"), ("e16", "Enum16('x' = -32768, 'y' = 1000, 'it''s' = 32767)"),
        ("n_i32", "Nullable(Int32)"), ("n_s", "Nullable(String)"), ("n_dec", "Nullable(Decimal(18, 3))"),
        ("lc", "LowCardinality(String)"), ("lc_n", "LowCardinality(Nullable(String))"), ("lc_fs", "LowCardinality(FixedString(3))"),
        ("arr", "Array(UInt16)"), ("arr_arr", "Array(Array(Nullable(String)))"), ("arr_lc", "Array(LowCardinality(String))"),
        ("tup", "Tuple(a Int32, b Nullable(String), c Array(UInt8))"), ("tup2", "Tuple(Float64, Nullable(Date))"),
        ("m", "Map(String, UInt64)"), ("m2", "Map(UInt8, Array(String))"), ("m3", "Map(LowCardinality(String), Array(Nullable(Float64)))"),
        ("v", "Variant(String, UInt64, Array(UInt8))"), ("v2", "Variant(Int32, Float64, Bool, Date)"),
        ("dyn", "Dynamic"), ("json", "JSON"),
        ("pt", "Point"), ("ring", "Ring"), ("ls", "LineString"), ("poly", "Polygon"), ("mls", "MultiLineString"), ("mpoly", "MultiPolygon"),
        ("t", "Time"), ("t64_3", "Time64(3)"), ("t64_6", "Time64(6)"),
        ("iv_s", "IntervalSecond"), ("iv_d", "IntervalDay"),
        ("saf", "SimpleAggregateFunction(sum, UInt64)"), ("saf_n", "SimpleAggregateFunction(anyLast, Nullable(String))"),
        ("q32", "QBit(Float32, 4)"), ("qbf16", "QBit(BFloat16, 3)"), ("q64", "QBit(Float64, 2)"), ("qi8", "QBit(Int8, 16, 8)"),
        ("q_n", "Nullable(QBit(Float32, 2))"), ("mpt", "MultiPoint"), ("geo", "Geometry"), ("geos", "Array(Geometry)"),
    ];

    [OracleFact]
    public void ClickHouse_reads_back_every_random_value_the_runtime_writes()
    {
        string? seedText = Environment.GetEnvironmentVariable(SeedVariable);
        int seed = string.IsNullOrEmpty(seedText) ? DefaultSeed : int.Parse(seedText, CultureInfo.InvariantCulture);
        string seedLine = $"seed: {seed} (set {SeedVariable} to replay)";
        output.WriteLine(seedLine);
        Console.WriteLine(seedLine);

        var random = new RandomValues(seed);
        ClickHouseType[] types = Columns.Select(c => ClickHouseType.Parse(c.Type)).ToArray();
        var rows = new object?[Rows][];
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        for (int r = 0; r < Rows; r++)
        {
            rows[r] = new object?[types.Length];
            for (int c = 0; c < types.Length; c++)
            {
                rows[r][c] = random.Next(types[c]);
                ClickHouseValueCodec.Write(ref writer, types[c], rows[r][c]);
            }
        }
        writer.Flush();

        string structure = string.Join(", ", Columns.Select((c, i) => $"{c.Name} {types[i]}"));
        string[] lines = OracleProcess.Parse(structure, "RowBinary", buffer.WrittenSpan.ToArray());

        var mismatches = new List<string>();
        int compared = 0;
        Assert.Equal(Rows, lines.Length);
        for (int r = 0; r < Rows; r++)
        {
            using JsonDocument row = JsonDocument.Parse(lines[r]);
            for (int c = 0; c < types.Length; c++)
            {
                compared++;
                string? mismatch = ClickHouseJsonMatch.Mismatch(types[c], rows[r][c], row.RootElement.GetProperty(Columns[c].Name));
                if (mismatch is not null)
                {
                    mismatches.Add($"row {r}, column {Columns[c].Name} {types[c]}: wrote {RandomValues.Describe(rows[r][c])}; {mismatch}");
                }
            }
        }
        string summary = $"oracle: {compared - mismatches.Count}/{compared} values read back equal ({Columns.Length} columns x {Rows} rows, {buffer.WrittenCount} bytes)";
        output.WriteLine(summary);
        Console.WriteLine(summary);
        Assert.True(compared >= 1000, $"only {compared} values were compared");
        Assert.True(mismatches.Count == 0, $"{summary}; {seedLine}; first mismatches:{Environment.NewLine}{string.Join(Environment.NewLine, mismatches.Take(15))}");
    }
}
