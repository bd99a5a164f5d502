using System.Text.Json;

namespace ClickHouse.RowBinary.TestSupport;

/// <summary>One stream of tables.json: a schema, its RowBinary and RowBinaryWithNamesAndTypes bytes, and the rows.</summary>
internal sealed record TableVector(string Name, string Schema, byte[] RowBinary, byte[] WithNamesAndTypes, JsonElement[] Rows)
{
    public override string ToString() => Name;
}

/// <summary>
/// The one loader of tests/vectors/tables.json, the multi-column streams ClickHouse 26.9 wrote. Absent vectors
/// fail (they are the specification). The byte accessors hand out copies, so a test may corrupt its own.
/// </summary>
internal static class TableVectors
{
    public const int ExpectedCount = 4;

    private static readonly Lazy<TableVector[]> s_tables = new(Load);

    public static IReadOnlyList<TableVector> All => s_tables.Value;

    public static byte[] RowBinary(string table) => Get(table).RowBinary.ToArray();

    public static byte[] WithNamesAndTypes(string table) => Get(table).WithNamesAndTypes.ToArray();

    public static JsonElement[] Rows(string table) => Get(table).Rows;

    public static TableVector Get(string name) => s_tables.Value.Single(t => t.Name == name);

    private static TableVector[] Load()
    {
        using JsonDocument document = SharedFiles.LoadVector("tables.json");
        return
        [
            .. document.RootElement.GetProperty("tables").EnumerateArray().Select(table => new TableVector(
                table.GetProperty("name").GetString()!,
                table.GetProperty("schema").GetString()!,
                Convert.FromHexString(table.GetProperty("rowbinary_hex").GetString()!),
                Convert.FromHexString(table.GetProperty("with_names_and_types_hex").GetString()!),
                [.. table.GetProperty("rows").EnumerateArray().Select(row => row.Clone())])),
        ];
    }
}
