namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>The repository's copy of the golden vectors (tests/vectors) is the workspace's, byte for byte.</summary>
public sealed class RepositoryVectorsTests
{
    [WorkspaceTheory]
    [InlineData("values.json")]
    [InlineData("tables.json")]
    public void The_repository_copy_equals_the_workspace_vectors(string fileName)
    {
        byte[] workspace = File.ReadAllBytes(Path.Combine(SharedFiles.SharedDirectory!, "vectors", fileName));
        byte[] repository = File.ReadAllBytes(SharedFiles.RequireVector(fileName));

        Assert.True(workspace.AsSpan().SequenceEqual(repository),
            $"tests/vectors/{fileName} differs from the workspace's shared/vectors/{fileName}: copy it, or regenerate both with tests/vectors/generate.py.");
    }
}
