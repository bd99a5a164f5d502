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
            return code == 60 ? 0 : 1;
        }
        finally
        {
            await client.ExecuteAsync($"DROP TABLE IF EXISTS {table}");
        }
    }
}

[ClickHouseRow]
internal sealed partial record AotEvent(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("name")] string Name,
    [property: ClickHouseColumn("at", Type = "DateTime('UTC')")] DateTime At);
