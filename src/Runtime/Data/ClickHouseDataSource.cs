using System;
using System.Data.Common;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The ADO.NET data source of one ClickHouse server: connections from <see cref="DbDataSource.OpenConnectionAsync"/>
/// (or <see cref="CreateConnection"/>) all share its <see cref="ClickHouseClient"/>, and so its HTTP connection pool.
/// Register it in dependency injection as a singleton.
/// </summary>
public sealed class ClickHouseDataSource : DbDataSource
{
    private readonly bool _ownsClient;

    /// <summary>A data source over a client of the caller's, which it does not dispose.</summary>
    public ClickHouseDataSource(ClickHouseClient client)
    {
        ArgumentNullException.ThrowIfNull(client);
        Client = client;
    }

    /// <summary>A data source with a client of its own, made from <paramref name="options"/> and disposed with it.</summary>
    public ClickHouseDataSource(ClickHouseClientOptions options)
        : this(new ClickHouseClient(options))
        => _ownsClient = true;

    /// <summary>A data source with a client of its own, from a connection string (see <see cref="ClickHouseConnection.ConnectionString"/>).</summary>
    public ClickHouseDataSource(string connectionString)
        : this(ClickHouseConnectionString.Parse(connectionString))
    {
    }

    /// <summary>The client every connection of this source uses.</summary>
    public ClickHouseClient Client { get; }

    /// <summary>The endpoint, user and database; never the password.</summary>
    public override string ConnectionString => ClickHouseConnectionString.Format(Client.Endpoint, Client.DefaultUser, Client.DefaultDatabase);

    public new ClickHouseConnection CreateConnection() => new(Client);

    protected override DbConnection CreateDbConnection() => CreateConnection();

    protected override void Dispose(bool disposing)
    {
        if (disposing && _ownsClient)
        {
            Client.Dispose();
        }
        base.Dispose(disposing);
    }

    protected override ValueTask DisposeAsyncCore()
    {
        if (_ownsClient)
        {
            Client.Dispose();
        }
        return base.DisposeAsyncCore();
    }
}
