namespace ClickHouse.RowBinary.TestSupport;

/// <summary>A fact that needs the ClickHouse oracle, skipped (saying why) where it is absent.</summary>
public sealed class OracleFactAttribute : FactAttribute
{
    public OracleFactAttribute()
    {
        if (!OracleProcess.IsAvailable)
        {
            Skip = OracleProcess.MissingReason;
        }
    }
}
