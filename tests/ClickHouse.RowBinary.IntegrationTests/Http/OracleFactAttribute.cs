namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>A test that asks the ClickHouse 26.9 oracle (../shared/clickhouse-oracle); skipped, saying why, where it is absent.</summary>
public sealed class OracleFactAttribute : FactAttribute
{
    public OracleFactAttribute()
    {
        if (Oracle.Path is null)
        {
            Skip = "The ClickHouse oracle (../shared/clickhouse-oracle/oracle beside the repository) is absent; `pip install chdb-core` gives the same engine.";
        }
    }
}
