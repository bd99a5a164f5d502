using System.Text.Json;

namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// The golden vectors of <c>shared/vectors</c>, which live beside the repository. Null when absent (a checkout
/// outside this workspace): tests that need them then skip, saying why.
/// </summary>
internal static class VectorFiles
{
    public static readonly string? Directory = Find();

    public const string MissingReason = "shared/vectors (the golden vectors of ClickHouse 26.9) is not beside this checkout.";

    public static JsonDocument? Load(string fileName)
        => Directory is null ? null : JsonDocument.Parse(File.ReadAllText(Path.Combine(Directory, fileName)));

    private static string? Find()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            string candidate = Path.Combine(directory.FullName, "shared", "vectors");
            if (File.Exists(Path.Combine(candidate, "values.json")) && File.Exists(Path.Combine(candidate, "tables.json")))
            {
                return candidate;
            }
        }
        return null;
    }
}
