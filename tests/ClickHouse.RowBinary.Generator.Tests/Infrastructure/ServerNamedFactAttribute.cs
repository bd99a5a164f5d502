namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>A fact that needs the ClickHouse server <c>CLICKHOUSE_URL</c> names (scripts/test.sh starts one and sets it), skipped saying so elsewhere.</summary>
public sealed class ServerNamedFactAttribute : FactAttribute
{
    public ServerNamedFactAttribute()
    {
        if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CLICKHOUSE_URL")))
        {
            Skip = "CLICKHOUSE_URL names no ClickHouse server: run through scripts/test.sh, which starts one, or set it.";
        }
    }
}
