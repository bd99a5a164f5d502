using System.Text.Json;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>The multi-column streams of the golden vectors (../shared/vectors/tables.json), produced by ClickHouse 26.9.</summary>
internal static class TableVectors
{
    private static readonly Lazy<JsonElement[]> s_tables = new(Load);

    public static byte[] RowBinary(string table) => Convert.FromHexString(Table(table).GetProperty("rowbinary_hex").GetString()!);

    public static byte[] WithNamesAndTypes(string table) => Convert.FromHexString(Table(table).GetProperty("with_names_and_types_hex").GetString()!);

    public static JsonElement[] Rows(string table) => [.. Table(table).GetProperty("rows").EnumerateArray()];

    private static JsonElement Table(string name)
        => s_tables.Value.Single(t => t.GetProperty("name").GetString() == name);

    private static JsonElement[] Load()
    {
        string path = SharedFiles.Vector("tables.json")
            ?? throw new FileNotFoundException("The golden vectors (../shared/vectors/tables.json beside the repository) are not in this checkout.");
        using JsonDocument document = JsonDocument.Parse(File.ReadAllBytes(path));
        return [.. document.RootElement.GetProperty("tables").EnumerateArray().Select(t => t.Clone())];
    }
}
