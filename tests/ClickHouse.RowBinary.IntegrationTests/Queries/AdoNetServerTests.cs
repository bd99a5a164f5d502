using System.Data;
using System.Data.Common;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>The ADO.NET provider against the server at hand: data source, connection, command, scalar, non-query, cancellation.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class AdoNetServerTests(ClickHouseServerFixture server)
{
    [ServerFact]
    public async Task A_data_source_opens_connections_that_share_its_client()
    {
        await using var source = new ClickHouseDataSource(server.Client);
        await using DbConnection connection = await source.OpenConnectionAsync();
        await using DbCommand command = connection.CreateCommand();
        command.CommandText = "SELECT count() FROM numbers(42)";

        object? count = await command.ExecuteScalarAsync();

        Assert.Equal(ConnectionState.Open, connection.State);
        Assert.Equal(42UL, count);
        Assert.Same(server.Client, ((ClickHouseConnection)connection).Client);
        Assert.Equal(server.Database, connection.Database);
        Assert.StartsWith(server.Client.Endpoint.ToString(), source.ConnectionString.Replace("endpoint=", "", StringComparison.OrdinalIgnoreCase), StringComparison.Ordinal);
        Assert.DoesNotContain("assword", source.ConnectionString, StringComparison.Ordinal);
    }

    [ServerFact]
    public async Task A_connection_string_gives_a_connection_and_ExecuteNonQuery_runs_statements()
    {
        ClickHouseClientOptions options = TestServer.CreateOptions(server.Database);
        string connectionString = $"Endpoint={options.Endpoint};User={options.User ?? "default"};Password={options.Password};Database={server.Database}";
        await using var connection = new ClickHouseConnection(connectionString);
        await connection.OpenAsync();

        await using ClickHouseCommand create = connection.CreateCommand();
        create.CommandText = "CREATE TABLE IF NOT EXISTS ado_items (id UInt64, name String) ENGINE = Memory";
        int created = await create.ExecuteNonQueryAsync();
        await using ClickHouseCommand insert = connection.CreateCommand();
        insert.CommandText = "INSERT INTO ado_items SELECT number, toString(number) FROM numbers(5)";
        int inserted = await insert.ExecuteNonQueryAsync();
        await using ClickHouseCommand count = connection.CreateCommand();
        count.CommandText = "SELECT count() FROM ado_items";

        Assert.Equal(5UL, await count.ExecuteScalarAsync());
        // Servers that send X-ClickHouse-Summary (20.x and later) say how many rows the INSERT wrote; older ones do not.
        Assert.Equal(server.Version.Major >= 20 ? 5 : -1, inserted);
        Assert.True(created is -1 or 0);
        Assert.Same(connection.Client, new ClickHouseConnection(connectionString).Client);
    }

    [ServerFact]
    public async Task ExecuteScalar_of_no_rows_is_null_and_of_NULL_is_DBNull()
    {
        await using var connection = new ClickHouseConnection(server.Client);
        connection.Open();
        using ClickHouseCommand command = connection.CreateCommand();

        command.CommandText = "SELECT number FROM numbers(10) WHERE number > 100";
        Assert.Null(command.ExecuteScalar());
        command.CommandText = "SELECT CAST(NULL AS Nullable(String)), 1";
        Assert.Equal(DBNull.Value, command.ExecuteScalar());
        command.CommandText = "SELECT 'first', 2";
        Assert.Equal("first", command.ExecuteScalar());
    }

    [ServerFact]
    public async Task The_synchronous_reader_reads_every_row()
    {
        await using var connection = new ClickHouseConnection(server.Client);
        connection.Open();
        using ClickHouseCommand command = connection.CreateCommand();
        command.CommandText = "SELECT number FROM numbers(100000)";

        using ClickHouseDataReader reader = command.ExecuteReader();
        Assert.True(reader.HasRows);
        ulong sum = 0;
        while (reader.Read())
        {
            sum += reader.GetFieldValue<ulong>(0);
        }

        Assert.Equal(99_999UL * 100_000 / 2, sum);
    }

    [ServerFact]
    public async Task Transactions_are_refused_with_the_reason()
    {
        await using var connection = new ClickHouseConnection(server.Client);
        connection.Open();

        NotSupportedException error = Assert.Throws<NotSupportedException>(() => connection.BeginTransaction());

        Assert.Contains("no transactions", error.Message, StringComparison.Ordinal);
    }

    [ServerFact]
    public async Task Cancel_aborts_a_reader_in_the_middle_of_an_endless_result()
    {
        await using var connection = new ClickHouseConnection(server.Client);
        connection.Open();
        using ClickHouseCommand command = connection.CreateCommand();
        command.CommandText = "SELECT number FROM system.numbers";
        await using ClickHouseDataReader reader = await command.ExecuteReaderAsync();
        for (int i = 0; i < 1000; i++)
        {
            Assert.True(await reader.ReadAsync());
        }

        command.Cancel();

        using var patience = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            while (await reader.ReadAsync(patience.Token))
            {
            }
        });
        Assert.False(patience.IsCancellationRequested);
    }

    [ServerFact]
    public async Task The_provider_factory_is_found_by_its_invariant_name()
    {
        ClickHouseProviderFactory.Register();

        DbProviderFactory factory = DbProviderFactories.GetFactory(ClickHouseProviderFactory.InvariantName);
        await using DbConnection connection = factory.CreateConnection()!;
        ClickHouseClientOptions options = TestServer.CreateOptions(server.Database);
        connection.ConnectionString = $"Endpoint={options.Endpoint};User={options.User ?? "default"};Password={options.Password}";
        await connection.OpenAsync();
        await using DbCommand command = factory.CreateCommand()!;
        command.Connection = connection;
        command.CommandText = "SELECT 'via factory'";

        Assert.Same(ClickHouseProviderFactory.Instance, factory);
        Assert.Equal("via factory", await command.ExecuteScalarAsync());
        Assert.IsType<ClickHouseParameter>(factory.CreateParameter());
        await using DbDataSource source = factory.CreateDataSource(connection.ConnectionString);
        Assert.IsType<ClickHouseDataSource>(source);
    }
}
