using ClickHouse.RowBinary;

/// <summary>The client over real HTTP, compiled ahead of time: every line it prints starts with <c>aot:</c>.</summary>
internal static class HttpRoundTrip
{
    public static async Task<int> RunAsync()
    {
        if (string.IsNullOrWhiteSpace(Environment.GetEnvironmentVariable("CLICKHOUSE_URL")))
        {
            Console.WriteLine("aot: CLICKHOUSE_URL is not set: the HTTP round trip is skipped (bash scripts/aot-sample.sh starts a server)");
            return 0;
        }
        using var client = new ClickHouseClient(ClickHouseClientOptions.FromEnvironment());
        string table = $"aot_events_{Environment.ProcessId}";
        AotEvent[] events =
        [
            new(1, "first", new DateTime(2025, 1, 1, 8, 30, 0, DateTimeKind.Utc)),
            new(2, "zweite ✓", new DateTime(2025, 1, 2, 17, 5, 0, DateTimeKind.Utc)),
            new(3, "", DateTime.UnixEpoch),
        ];
        try
        {
            await client.CreateTableAsync<AotEvent>(table, new ClickHouseTableOptions { OrderBy = "id" });
            ClickHouseInsertResult inserted = await client.InsertAsync(table, events);
            List<AotEvent> read = await client.QueryListAsync<AotEvent>($"SELECT id, name, at FROM {table} ORDER BY id");
            if (!read.SequenceEqual(events))
            {
                Console.Error.WriteLine($"aot: the rows read back from {client.Endpoint} differ from the rows inserted");
                return 1;
            }
            int code;
            try
            {
                await client.QueryListAsync<AotEvent>("SELECT id, name, at FROM aot_no_such_table");
                Console.Error.WriteLine("aot: a query of a missing table did not fail");
                return 1;
            }
            catch (ClickHouseServerException e)
            {
                code = e.Code;
            }
            Console.WriteLine($"aot: ClickHouse {await client.GetServerVersionAsync()} at {client.Endpoint}: created {table} from the row type, " +
                $"inserted {inserted.Rows} rows ({inserted.Bytes} bytes), read {read.Count} back equal, a missing table is server error {code}");
            return code == 60 && await WithoutRowTypeAsync(client, table) ? 0 : 1;
        }
        finally
        {
            await client.ExecuteAsync($"DROP TABLE IF EXISTS {table}");
        }
    }

    /// <summary>Scalars, tuples, arrays, the data reader and ADO.NET: readers chosen at run time from the result's columns.</summary>
    private static async Task<bool> WithoutRowTypeAsync(ClickHouseClient client, string table)
    {
        ulong count = await client.QueryScalarAsync<ulong>($"SELECT count() FROM {table}");
        List<(uint Id, string Name)> pairs = await client.QueryListAsync<uint, string>($"SELECT id, name FROM {table} ORDER BY id");
        uint[] ids = await client.QueryScalarAsync<uint[]>($"SELECT groupArray(id) FROM (SELECT id FROM {table} ORDER BY id)");
        List<string> names = await client.QueryScalarAsync<List<string>>($"SELECT groupArray(name) FROM (SELECT name FROM {table} ORDER BY id)");
        var values = new List<string>();
        await using (ClickHouseDataReader reader = await client.ExecuteReaderAsync($"SELECT id, name, at FROM {table} ORDER BY id"))
        {
            while (await reader.ReadAsync())
            {
                values.Add($"{reader.GetValue(0)}/{reader.GetString(1)}/{reader.GetFieldValue<DateTime>(2):yyyy-MM-dd}");
            }
        }
        await using var source = new ClickHouseDataSource(client);
        await using ClickHouseConnection connection = source.CreateConnection();
        await connection.OpenAsync();
        await using ClickHouseCommand command = connection.CreateCommand();
        command.CommandText = $"SELECT max(id) FROM {table}";
        object? max = await command.ExecuteScalarAsync();
        bool same = count == 3 && pairs.Count == 3 && pairs[1] == (2u, "zweite ✓") && ids.SequenceEqual([1u, 2u, 3u])
            && names.SequenceEqual(["first", "zweite ✓", ""]) && values.Count == 3 && values[0] == "1/first/2025-01-01" && max is uint and 3;
        Console.WriteLine($"aot: without a row type: count() {count}, {pairs.Count} tuples, arrays [{string.Join(",", ids)}] and {names.Count} names, " +
            $"data reader {string.Join(" ", values)}, ADO.NET ExecuteScalar {max}{(same ? "" : " (NOT the expected values)")}");
        return same;
    }
}

[ClickHouseRow]
internal sealed partial record AotEvent(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("name")] string Name,
    [property: ClickHouseColumn("at", Type = "DateTime('UTC')")] DateTime At);
