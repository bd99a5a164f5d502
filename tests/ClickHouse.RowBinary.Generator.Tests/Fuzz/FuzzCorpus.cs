using System.Text.Json;

namespace ClickHouse.RowBinary.Generator.Tests.Fuzz;

/// <summary>Seed inputs: the golden vectors ClickHouse 26.9 wrote (values by type, whole tables), which mutations start from.</summary>
internal static class FuzzCorpus
{
    /// <summary>Each vector's canonical type and bytes.</summary>
    public static readonly (string Type, byte[] Bytes)[] Values = LoadValues();

    /// <summary>Every table of tables.json as RowBinary and as RowBinaryWithNamesAndTypes.</summary>
    public static readonly byte[][] Tables = [.. TableVectors.All.SelectMany(t => new[] { t.RowBinary.ToArray(), t.WithNamesAndTypes.ToArray() })];

    /// <summary>Native blocks: each value of native.json by its canonical type (the block's column is <c>v</c>, as the row types').</summary>
    public static readonly (string Type, byte[] Bytes)[] NativeValues =
        [.. NativeVectors.Values.Select(v => (ClickHouseType.Parse(v.Type).ToString(), v.Sent.ToArray()))];

    /// <summary>Every table of native.json, as sent and as written.</summary>
    public static readonly byte[][] NativeTables = [.. NativeVectors.Tables.SelectMany(t => new[] { t.Sent.ToArray(), t.Written.ToArray() })];

    /// <summary>The Native blocks of a column type.</summary>
    public static byte[][] NativeOfType(string canonicalType)
        => [.. NativeValues.Where(v => v.Type == canonicalType).Select(v => v.Bytes)];

    /// <summary>Type strings: every vector's type and a few that exercise the parser's corners.</summary>
    public static readonly string[] TypeStrings =
    [
        .. Values.Select(v => v.Type).Distinct(),
        "Tuple(a Nullable(String), `b c` Array(Map(LowCardinality(String), Tuple(UInt8, Variant(String, Int64)))))",
        "JSON(max_dynamic_paths=10, max_dynamic_types=3, a.b UInt32, `x y` Array(String), SKIP c.d, SKIP REGEXP 'e.*')",
        "Nested(id UInt32, name String)", "Enum16('a\\'b' = -3, 'c' = 1000)", "Dynamic(max_types=5)",
        "SimpleAggregateFunction(anyLast, Nullable(Decimal(38, 10)))", "DateTime64(9, 'America/New_York')",
    ];

    /// <summary>The binary type encoding of every type of <see cref="TypeStrings"/> that has one.</summary>
    public static readonly byte[][] BinaryTypes = [.. TypeStrings.Select(TryEncode).OfType<byte[]>()];

    /// <summary>The vectors that read through <see cref="RowBinaryReader.ReadDynamic()"/> and the JSON readers.</summary>
    public static byte[][] OfKind(ClickHouseTypeKind kind)
        => [.. Values.Where(v => ClickHouseType.Parse(v.Type).Kind == kind).Select(v => v.Bytes)];

    /// <summary>
    /// Dynamic values in the shapes of the hostile-bytes issue's reproducers (small and valid here), for mutations to
    /// grow: Array(Tuple()) of 3, FixedString(3), Array(Dynamic) nested 3 deep, LowCardinality(Nullable(UInt8)), a
    /// JSON type with a SKIP REGEXP, DateTime64(8) and DateTime('Asia/Tokyo').
    /// </summary>
    public static readonly byte[][] HostileDynamicShapes =
    [
        [0x1E, 0x1F, 0x00, 0x03],
        [0x16, 0x03, 0x61, 0x62, 0x63],
        [0x1E, 0x2B, 0x20, 0x01, 0x1E, 0x2B, 0x20, 0x01, 0x1E, 0x2B, 0x20, 0x01, 0x00],
        [0x26, 0x23, 0x01, 0x00, 0x07],
        [0x30, 0x00, 0x80, 0x08, 0x20, 0x00, 0x00, 0x01, 0x02, 0x61, 0x2A, 0x01, 0x01, 0x62, 0x07, 0x01],
        [0x13, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80],
        [0x12, 0x0A, .. "Asia/Tokyo"u8, 0x25, 0x26, 0x94, 0x65],
    ];

    /// <summary>The vectors of a column type, concatenated one to three at a time by the generators.</summary>
    public static byte[][] OfType(string canonicalType)
        => [.. Values.Where(v => v.Type == canonicalType).Select(v => v.Bytes)];

    private static (string, byte[])[] LoadValues()
    {
        using JsonDocument document = SharedFiles.LoadVector("values.json");
        return
        [
            .. document.RootElement.GetProperty("vectors").EnumerateArray().Select(v =>
                (ClickHouseType.Parse(v.GetProperty("type").GetString()!).ToString(), Convert.FromHexString(v.GetProperty("hex").GetString()!))),
        ];
    }

    private static byte[]? TryEncode(string type)
    {
        try
        {
            return ClickHouseBinaryTypeCodec.Encode(ClickHouseType.Parse(type));
        }
        catch (RowBinaryException)
        {
            return null;
        }
    }
}
