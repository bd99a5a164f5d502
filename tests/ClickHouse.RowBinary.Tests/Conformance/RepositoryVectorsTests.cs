using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>
/// The repository's golden vectors (tests/vectors) extend the workspace's (shared/vectors): the same ClickHouse
/// release wrote both, and every vector and table of the workspace's copy is in the repository's, equal field by
/// field and in the same order. The repository adds vectors after them (for types the workspace's copy predates), so
/// the files are no longer equal byte for byte; what was shared stays exactly as ClickHouse wrote it.
/// </summary>
public sealed class RepositoryVectorsTests
{
    [WorkspaceTheory]
    [InlineData("values.json", "vectors")]
    [InlineData("tables.json", "tables")]
    public void The_repository_copy_extends_the_workspace_vectors_without_changing_them(string fileName, string listName)
    {
        JsonNode workspace = JsonNode.Parse(File.ReadAllText(Path.Combine(SharedFiles.SharedDirectory!, "vectors", fileName)))!;
        JsonNode repository = JsonNode.Parse(File.ReadAllText(SharedFiles.RequireVector(fileName)))!;

        Assert.Equal((string?)workspace["clickhouse"], (string?)repository["clickhouse"]);
        JsonArray shared = workspace[listName]!.AsArray();
        JsonArray own = repository[listName]!.AsArray();
        Assert.True(own.Count >= shared.Count, $"tests/vectors/{fileName} has {own.Count} {listName}, fewer than the workspace's {shared.Count}.");
        for (int i = 0; i < shared.Count; i++)
        {
            Assert.True(JsonNode.DeepEquals(shared[i], own[i]),
                $"tests/vectors/{fileName}: {listName}[{i}] differs from the workspace's shared/vectors/{fileName}: "
                + $"{shared[i]!.ToJsonString()} against {own[i]!.ToJsonString()}. Regenerate with tests/vectors/generate.py, which keeps the earlier vectors first.");
        }
    }
}
