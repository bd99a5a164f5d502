using System.Text.Json;

namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>One value of values.json: a type, the RowBinary bytes ClickHouse wrote, and how ClickHouse prints it.</summary>
public sealed record ValueVector(int Index, string Type, string Expr, string Hex, JsonElement Json, string Text)
{
    public override string ToString() => $"#{Index} {Type} {Expr}";
}

/// <summary>
/// The golden vectors produced by ClickHouse 26.9 (tests/vectors). They are the specification and part of the
/// repository, so their absence fails the tests rather than skipping them.
/// </summary>
internal static class GoldenVectors
{
    public const int ExpectedValueCount = 217;

    private static readonly Lazy<IReadOnlyList<ValueVector>> s_values = new(LoadValues);

    public static IReadOnlyList<ValueVector> Values => s_values.Value;

    private static IReadOnlyList<ValueVector> LoadValues()
    {
        using JsonDocument document = JsonDocument.Parse(File.ReadAllBytes(SharedFiles.RequireVector("values.json")));
        var vectors = new List<ValueVector>();
        foreach (JsonElement vector in document.RootElement.GetProperty("vectors").EnumerateArray())
        {
            vectors.Add(new ValueVector(
                vectors.Count,
                vector.GetProperty("type").GetString()!,
                vector.GetProperty("expr").GetString()!,
                vector.GetProperty("hex").GetString()!,
                vector.GetProperty("json").Clone(),
                vector.GetProperty("text").GetString()!));
        }
        return vectors;
    }

}
