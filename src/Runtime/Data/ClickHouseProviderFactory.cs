using System.Data.Common;

namespace ClickHouse.RowBinary;

/// <summary>
/// The ADO.NET provider factory, for code that finds providers by name: call <see cref="Register"/> once at startup,
/// then <c>DbProviderFactories.GetFactory("ClickHouse.RowBinary")</c> gives it.
/// </summary>
public sealed class ClickHouseProviderFactory : DbProviderFactory
{
    /// <summary>The provider's invariant name.</summary>
    public const string InvariantName = "ClickHouse.RowBinary";

    /// <summary>The one instance (what DbProviderFactories looks for).</summary>
    public static readonly ClickHouseProviderFactory Instance = new();

    private ClickHouseProviderFactory()
    {
    }

    /// <summary>Registers <see cref="Instance"/> with <see cref="DbProviderFactories"/> under <see cref="InvariantName"/>.</summary>
    public static void Register() => DbProviderFactories.RegisterFactory(InvariantName, Instance);

    public override DbCommand CreateCommand() => new ClickHouseCommand();

    public override DbConnection CreateConnection() => new ClickHouseConnection();

    public override DbParameter CreateParameter() => new ClickHouseParameter();

    public override DbConnectionStringBuilder CreateConnectionStringBuilder() => new();

    public override DbDataSource CreateDataSource(string connectionString) => new ClickHouseDataSource(connectionString);
}
