namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>A fact that needs shared/vectors, skipped (saying why) where they are absent.</summary>
public sealed class VectorFactAttribute : FactAttribute
{
    public VectorFactAttribute()
    {
        if (VectorFiles.Directory is null)
        {
            Skip = VectorFiles.MissingReason;
        }
    }
}

/// <summary>A theory that needs shared/vectors, skipped (saying why) where they are absent.</summary>
public sealed class VectorTheoryAttribute : TheoryAttribute
{
    public VectorTheoryAttribute()
    {
        if (VectorFiles.Directory is null)
        {
            Skip = VectorFiles.MissingReason;
        }
    }
}
