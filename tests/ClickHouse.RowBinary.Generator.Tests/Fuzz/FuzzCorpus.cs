using System.Text.Json;
using ClickHouse.RowBinary.Types;

namespace ClickHouse.RowBinary.Generator.Tests.Fuzz;

/// <summary>Seed inputs: the golden vectors ClickHouse 26.9 wrote (values by type, whole tables), which mutations start from.</summary>
internal static class FuzzCorpus
{
    /// <summary>Each vector's canonical type and bytes.</summary>
    public static readonly (string Type, byte[] Bytes)[] Values = LoadValues();

    /// <summary>Every table of tables.json as RowBinary and as RowBinaryWithNamesAndTypes.</summary>
    public static readonly byte[][] Tables = LoadTables();

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

    private static byte[][] LoadTables()
    {
        using JsonDocument document = SharedFiles.LoadVector("tables.json");
        return
        [
            .. document.RootElement.GetProperty("tables").EnumerateArray().SelectMany(t => new[]
            {
                Convert.FromHexString(t.GetProperty("rowbinary_hex").GetString()!),
                Convert.FromHexString(t.GetProperty("with_names_and_types_hex").GetString()!),
            }),
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
