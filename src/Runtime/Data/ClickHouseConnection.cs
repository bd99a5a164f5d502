using System;
using System.Data;
using System.Data.Common;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// An ADO.NET connection to ClickHouse over HTTP, for code and libraries that speak ADO.NET (Dapper, linq2db, report
/// tools). HTTP has no sessions, so opening a connection contacts no server; each command is one request of the
/// <see cref="ClickHouseClient"/> underneath, which the typed APIs can use too (<see cref="Client"/>).
/// </summary>
/// <remarks>
/// Connections made from the same connection string share one client and its pool of HTTP connections, as ADO.NET
/// providers pool connections. ClickHouse has no transactions over HTTP: <c>BeginTransaction</c> says so.
/// </remarks>
public sealed class ClickHouseConnection : DbConnection
{
    /// <summary>Clients of connection strings; bounded, since an application uses a few (beyond it a connection owns its client).</summary>
    private static readonly BoundedCache<string, ClickHouseClient> s_clients = new(64, StringComparer.Ordinal);

    private ClickHouseClient? _client;
    private bool _ownsClient;
    private string _connectionString = "";
    private ConnectionState _state;
    private string? _database;
    private string? _serverVersion;

    public ClickHouseConnection()
    {
    }

    /// <param name="connectionString"><c>Endpoint=http://host:8123;User=...;Password=...;Database=...</c>; see docs/adonet.md.</param>
    public ClickHouseConnection(string connectionString) => ConnectionString = connectionString;

    /// <summary>A connection over a client of the caller's, which it does not dispose.</summary>
    public ClickHouseConnection(ClickHouseClient client)
    {
        ArgumentNullException.ThrowIfNull(client);
        _client = client;
        _connectionString = ClickHouseConnectionString.Format(client.Endpoint, client.DefaultUser, client.DefaultDatabase);
    }

    /// <summary>A connection with a client of its own, made from <paramref name="options"/> and disposed with it.</summary>
    public ClickHouseConnection(ClickHouseClientOptions options)
        : this(new ClickHouseClient(options))
        => _ownsClient = true;

    /// <summary>The client commands run on: use it for typed rows, scalars and inserts on the same connection.</summary>
    public ClickHouseClient Client => _client ?? throw new InvalidOperationException("The connection has no connection string yet; set ConnectionString first.");

    /// <summary>
    /// As given; for a connection over a client, the client's endpoint, user and database (no password). Changing it is
    /// allowed while the connection is closed.
    /// </summary>
    [System.Diagnostics.CodeAnalysis.AllowNull]
    public override string ConnectionString
    {
        get => _connectionString;
        set
        {
            if (_state != ConnectionState.Closed)
            {
                throw new InvalidOperationException("The connection string cannot change while the connection is open.");
            }
            ReleaseClient();
            _connectionString = value ?? "";
            if (_connectionString.Length > 0)
            {
                (_client, _ownsClient) = SharedClient(_connectionString);
            }
        }
    }

    /// <summary>The database unqualified names refer to: the one <see cref="ChangeDatabase"/> set, else the connection string's.</summary>
    public override string Database => _database ?? _client?.DefaultDatabase ?? "";

    /// <summary>The server's address.</summary>
    public override string DataSource => _client?.Endpoint.ToString() ?? "";

    /// <summary>The server's version (<c>SELECT version()</c>), asked on first use.</summary>
    public override string ServerVersion
    {
        get
        {
            if (_state != ConnectionState.Open)
            {
                throw new InvalidOperationException("The connection is not open.");
            }
            return _serverVersion ??= Client.GetServerVersionAsync().GetAwaiter().GetResult();
        }
    }

    public override ConnectionState State => _state;

    /// <summary>Marks the connection open; no request is sent (HTTP needs none until a command runs).</summary>
    public override void Open()
    {
        _ = Client;
        _state = ConnectionState.Open;
    }

    public override Task OpenAsync(CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Open();
        return Task.CompletedTask;
    }

    public override void Close() => _state = ConnectionState.Closed;

    /// <summary>Makes <paramref name="databaseName"/> the database of this connection's later commands.</summary>
    public override void ChangeDatabase(string databaseName)
    {
        ArgumentException.ThrowIfNullOrEmpty(databaseName);
        _database = databaseName;
    }

    /// <summary>
    /// Not supported: ClickHouse has no transactions over HTTP. Each INSERT is committed as the server reads its
    /// blocks (one block, up to <c>max_insert_block_size</c> rows, is all or nothing), and a query sees the data of
    /// the moment it starts; there is nothing to commit or roll back.
    /// </summary>
    protected override DbTransaction BeginDbTransaction(IsolationLevel isolationLevel)
        => throw new NotSupportedException(
            "ClickHouse has no transactions over HTTP: each statement stands alone (an INSERT is committed block by block as the server reads it), " +
            "so there is nothing to commit or roll back. Run the statements without a transaction.");

    public new ClickHouseCommand CreateCommand() => new() { Connection = this };

    protected override DbCommand CreateDbCommand() => CreateCommand();

    protected override DbProviderFactory DbProviderFactory => ClickHouseProviderFactory.Instance;

    /// <summary>The database commands name: null for the client's own.</summary>
    internal string? CommandDatabase => _database;

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
            ReleaseClient();
        }
        base.Dispose(disposing);
    }

    private void ReleaseClient()
    {
        if (_ownsClient)
        {
            _client?.Dispose();
        }
        _client = null;
        _ownsClient = false;
    }

    private static (ClickHouseClient Client, bool Owned) SharedClient(string connectionString)
    {
        if (s_clients.TryGetValue(connectionString, out ClickHouseClient? shared))
        {
            return (shared, false);
        }
        var client = new ClickHouseClient(ClickHouseConnectionString.Parse(connectionString));
        s_clients.TryAdd(connectionString, client);
        if (s_clients.TryGetValue(connectionString, out shared))
        {
            if (!ReferenceEquals(shared, client))
            {
                client.Dispose();
            }
            return (shared, false);
        }
        return (client, true);
    }
}
