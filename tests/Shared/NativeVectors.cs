using System.Text.Json;

namespace ClickHouse.RowBinary.TestSupport;

/// <summary>
/// One Native vector: a value of values.json, or a table of tables.json, in Native as a SELECT sends it
/// (<paramref name="Sent"/>), and as ClickHouse writes the same rows read from their RowBinary bytes
/// (<paramref name="Written"/>): the two differ only under a NULL, where a SELECT may keep any value and rows read from
/// RowBinary hold the type's default, as the Native writer writes them.
/// </summary>
internal sealed record NativeVector(string Name, string Type, string Expression, byte[] Sent, byte[] Written)
{
    public override string ToString() => Name;
}

/// <summary>
/// The one loader of tests/vectors/native.json: each value and each table of the other vector files as ClickHouse 26.9
/// wrote it in Native (with the settings the file names: JSON columns as text). Absent vectors fail.
/// </summary>
internal static class NativeVectors
{
    private static readonly Lazy<(NativeVector[] Values, NativeVector[] Tables, string Settings)> s_vectors = new(Load);

    public static IReadOnlyList<NativeVector> Values => s_vectors.Value.Values;

    public static IReadOnlyList<NativeVector> Tables => s_vectors.Value.Tables;

    /// <summary>The settings ClickHouse wrote them with.</summary>
    public static string Settings => s_vectors.Value.Settings;

    public static NativeVector Table(string name) => s_vectors.Value.Tables.Single(t => t.Name == name);

    private static (NativeVector[], NativeVector[], string) Load()
    {
        using JsonDocument document = SharedFiles.LoadVector("native.json");
        JsonElement root = document.RootElement;
        NativeVector[] values =
        [
            .. root.GetProperty("values").EnumerateArray().Select((value, i) => new NativeVector(
                $"#{i} {value.GetProperty("type").GetString()} {value.GetProperty("expr").GetString()}",
                value.GetProperty("type").GetString()!,
                value.GetProperty("expr").GetString()!,
                Convert.FromHexString(value.GetProperty("hex").GetString()!),
                Convert.FromHexString(value.GetProperty("written_hex").GetString()!))),
        ];
        NativeVector[] tables =
        [
            .. root.GetProperty("tables").EnumerateArray().Select(table => new NativeVector(
                table.GetProperty("name").GetString()!, "", "",
                Convert.FromHexString(table.GetProperty("hex").GetString()!),
                Convert.FromHexString(table.GetProperty("written_hex").GetString()!))),
        ];
        return (values, tables, root.GetProperty("settings").GetString()!);
    }
}
