namespace ClickHouse.RowBinary.TestSupport;

/// <summary>A theory about the workspace's shared folder beside the repository, skipped (saying why) in a checkout without it.</summary>
public sealed class WorkspaceTheoryAttribute : TheoryAttribute
{
    public WorkspaceTheoryAttribute()
    {
        if (SharedFiles.SharedDirectory is null)
        {
            Skip = "Compares with the workspace's shared/vectors, which is not beside this checkout (a clone on its own needs only tests/vectors).";
        }
    }
}
