using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Schema;

/// <summary>
/// An INSERT whose row type does not fit its table never sends a row: on the real server, through
/// <c>InsertAsync</c> and the batch inserter, with what fits (the bytes agree) still inserted.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class InsertSchemaCheckTests(ClickHouseServerFixture server)
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(60);

    [ServerFact]
    public async Task A_row_type_whose_types_differ_from_the_table_is_refused_and_nothing_is_stored()
    {
        string table = await CreateAsync("check_amounts", "amount Float64, price Decimal(18, 2), b String");

        var error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => server.Client.InsertAsync(table, new[] { new WrongAmountRow(100, 12.34m, "one"), new WrongAmountRow(-5, 0.5m, "two") }));

        Assert.Equal(["amount", "price"], error.Mismatches.Select(m => m.Column));
        Assert.All(error.Mismatches, m => Assert.Equal(RowBinaryColumnMismatchKind.TypeMismatch, m.Kind));
        Assert.Equal(("Int64", "Float64"), (error.Mismatches[0].ExpectedType, error.Mismatches[0].ActualType));
        Assert.Equal(("Decimal(18, 4)", "Decimal(18, 2)"), (error.Mismatches[1].ExpectedType, error.Mismatches[1].ActualType));
        Assert.Contains("WrongAmountRow does not fit the table", error.Message);
        Assert.Contains("nothing was sent", error.Message);
        Assert.Contains("[ClickHouseColumn(\"amount\", Type = \"Float64\")]", error.Message);
        Assert.Contains("[ClickHouseColumn(\"price\", Type = \"Decimal(18, 2)\")]", error.Message);
        Assert.Equal($"`{server.Database}`.`{table}`", error.Table);
        Assert.Equal(0, await CountAsync(table));

        await server.Client.InsertAsync(table, new[] { new AmountRow(100, 12.34m, "one") });
        Assert.Equal("100\t12.34\tone\n", await server.Client.QueryTextAsync($"SELECT * FROM {table}"));
    }

    [ServerFact]
    public async Task The_batch_inserter_fails_the_callers_of_every_batch_at_once_without_sending_until_told_to_ask_again()
    {
        string table = await CreateAsync("check_batches", "amount Float64, price Decimal(18, 2), b String");
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 1);
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);
        var options = new ClickHouseBatchInserterOptions { MaxRows = 2, MaxDelay = TimeSpan.FromMilliseconds(20) };
        await using ClickHouseBatchInserter<WrongAmountRow> inserter = client.CreateBatchInserter<WrongAmountRow>(table, options);

        Task[] first = [inserter.InsertAsync(new WrongAmountRow(100, 12.34m, "one")), inserter.InsertAsync(new WrongAmountRow(-5, 0.5m, "two"))];
        foreach (Task call in first)
        {
            var error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(() => call.WaitAsync(Patience));
            Assert.Equal(["amount", "price"], error.Mismatches.Select(m => m.Column));
        }
        int requestsAfterFirst = proxy.RequestLines.Count;
        await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(() => inserter.InsertAsync(new WrongAmountRow(1, 1m, "three")).WaitAsync(Patience));

        Assert.Equal(requestsAfterFirst, proxy.RequestLines.Count); // the known verdict: no probe, no INSERT, no retry
        Assert.DoesNotContain(proxy.RequestLines, line => line.Contains("query=INSERT", StringComparison.Ordinal));
        Assert.Equal(0, await CountAsync(table));

        // The table is changed to fit the rows; once the client forgets what it knew, they go.
        await server.Client.ExecuteAsync($"ALTER TABLE {table} MODIFY COLUMN amount Int64, MODIFY COLUMN price Decimal(18, 4)");
        client.ForgetTableSchemas();
        await inserter.InsertAsync(new WrongAmountRow(100, 12.34m, "four")).WaitAsync(Patience);
        Assert.Equal("100\t123400\tfour\n", await server.Client.QueryTextAsync($"SELECT amount, toInt64(price * 10000), b FROM {table}"));
    }

    [ServerFact]
    public async Task A_row_type_that_differs_only_where_the_bytes_agree_inserts()
    {
        ClickHouseQueryOptions lowCardinality = await server.LowCardinalityTableOptionsAsync();
        string table = await CreateAsync("check_loose",
            "page LowCardinality(String), at DateTime('Europe/Berlin'), level Enum8('LOW' = 1, 'HIGH' = 2), pair Tuple(UInt8, String)", lowCardinality);
        var at = new DateTime(2025, 6, 1, 12, 0, 0, DateTimeKind.Utc);

        await server.Client.InsertAsync(table, new[] { new LooseRow("/home", at, 2, (7, "x")) });

        Assert.Equal("/home\t2025-06-01 12:00:00\tHIGH\t(7,'x')\n",
            await server.Client.QueryTextAsync($"SELECT page, toTimeZone(at, 'UTC'), level, pair FROM {table}"));
        Assert.Empty(await server.Client.ValidateTableAsync<LooseRow>(table));
    }

    [ServerFact]
    public async Task Table_columns_the_row_type_leaves_out_need_a_default_and_computed_ones_may_not_be_sent()
    {
        string withDefaults = await CreateAsync("check_defaults",
            "id UInt32, note String, d UInt8 DEFAULT 7, m UInt8 MATERIALIZED 3, a UInt8 ALIAS d + 1, n Nullable(String)");
        string withoutDefault = await CreateAsync("check_no_default", "id UInt32, note String, plain UInt32");

        await server.Client.InsertAsync(withDefaults, new[] { new NoteRow(1, "x") });
        Assert.Equal("1\tx\t7\t3\t8\t\\N\n", await server.Client.QueryTextAsync($"SELECT id, note, d, m, a, n FROM {withDefaults}"));

        var missing = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(() => server.Client.InsertAsync(withoutDefault, new[] { new NoteRow(1, "x") }));
        RowBinaryColumnMismatch plain = Assert.Single(missing.Mismatches);
        Assert.Equal(("plain", RowBinaryColumnMismatchKind.MissingFromRowType, "UInt32"), (plain.Column, plain.Kind, plain.ActualType));
        Assert.Contains("every row would store the type's default", plain.Description);
        Assert.Equal(0, await CountAsync(withoutDefault));

        string computed = await CreateAsync("check_computed", "id UInt32, note String MATERIALIZED 'server'");
        RowBinaryColumnMismatch note = Assert.Single(await server.Client.ValidateTableAsync<NoteRow>(computed));
        Assert.Equal((RowBinaryColumnMismatchKind.ComputedInTable, "String"), (note.Kind, note.ActualType));
        Assert.Contains("MATERIALIZED", note.Description);
    }

    [ServerFact]
    public async Task Columns_the_table_lacks_and_a_table_that_does_not_exist_are_named()
    {
        string table = await CreateAsync("check_lacks", "id UInt32");

        RowBinaryColumnMismatch note = Assert.Single(await server.Client.ValidateTableAsync<NoteRow>(table));
        Assert.Equal(("note", RowBinaryColumnMismatchKind.NotInTable, "String"), (note.Column, note.Kind, note.ExpectedType));
        Assert.Contains($"ALTER TABLE `{server.Database}`.`{table}` ADD COLUMN `note` String", note.Description);

        var error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(() => server.Client.InsertAsync("check_no_such_table", new[] { new NoteRow(1, "x") }));
        Assert.Equal(["id", "note"], error.Mismatches.Select(m => m.Column));
        Assert.Contains("lists no column", error.Mismatches[0].Description);
        Assert.Contains("does not exist", error.Mismatches[0].Description);
    }

    [ServerTheory]
    [InlineData(ClickHouseWireFormat.RowBinary)]
    [InlineData(ClickHouseWireFormat.Native)]
    public async Task A_table_changed_after_the_probe_is_found_out_by_the_next_insert(ClickHouseWireFormat wireFormat)
    {
        string table = await CreateAsync($"check_changed_{wireFormat}", "id UInt32, note String");
        var options = new ClickHouseInsertOptions { WireFormat = wireFormat };
        await server.Client.InsertAsync(table, new[] { new NoteRow(1, "7") }, options);

        // ClickHouse 18.16 does not check a header: with the schema it knew, the client sends rows the table can no
        // longer parse (RowBinary) or a column of another type (Native), the server refuses them, and that refusal
        // makes the client ask again.
        await server.Client.ExecuteAsync($"ALTER TABLE {table} MODIFY COLUMN note UInt64");
        var refused = await Record.ExceptionAsync(() => server.Client.InsertAsync(table, new[] { new NoteRow(2, "yy") }, options));
        var error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(() => server.Client.InsertAsync(table, new[] { new NoteRow(3, "zz") }, options));

        Assert.True(refused is ClickHouseServerException or RowBinarySchemaMismatchException, $"the first insert after the change: {refused}");
        Assert.Equal(("note", "String", "UInt64"), (error.Mismatches[0].Column, error.Mismatches[0].ExpectedType, error.Mismatches[0].ActualType));
        Assert.Equal(1, await CountAsync(table));
    }

    [ServerFact]
    public async Task With_the_check_off_nothing_is_asked_and_the_rows_go_as_they_are()
    {
        string table = await CreateAsync("check_off", "id UInt32, note String, plain UInt32");
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 1);
        using ClickHouseClient client = server.CreateClient(o => o.Endpoint = proxy.Endpoint);

        await client.InsertAsync(table, new[] { new NoteRow(1, "x") }, new ClickHouseInsertOptions { CheckSchema = false });

        Assert.Single(proxy.RequestLines);
        Assert.Equal("1\tx\t0\n", await server.Client.QueryTextAsync($"SELECT * FROM {table}"));
    }

    [ServerFact]
    public async Task Create_table_if_not_exists_checks_a_table_that_was_there_already()
    {
        string other = await CreateAsync("check_existing", "id UInt32, name String");
        var options = new ClickHouseTableOptions { Database = server.Database, IfNotExists = true, Engine = "Memory" };

        var error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(() => server.Client.CreateTableAsync<NoteRow>(other, options));
        await server.Client.CreateTableAsync<NoteRow>("check_created", options);
        await server.Client.CreateTableAsync<NoteRow>("check_created", options); // there now, and fitting

        Assert.StartsWith($"The table `{server.Database}`.`{other}` exists already (CREATE TABLE IF NOT EXISTS left it as it was) and does not fit NoteRow", error.Message);
        Assert.Equal([("note", RowBinaryColumnMismatchKind.NotInTable), ("name", RowBinaryColumnMismatchKind.MissingFromRowType)],
            error.Mismatches.Select(m => (m.Column, m.Kind)));
        Assert.Equal("id\tUInt32\nname\tString\n", await server.Client.QueryTextAsync($"SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = '{other}'"));
    }

    /// <summary>A MergeTree table, so that ALTER can change its columns.</summary>
    [ServerFact]
    public async Task A_schema_probe_that_gets_no_answer_gives_up_after_its_own_limit_even_when_the_client_waits_forever()
    {
        // Every INSERT into the table waits on the one probe, so it has a limit of its own (30 s) below the client's.
        string table = await CreateAsync("check_probe_limit", "amount Float64, price Decimal(18, 2), b String");
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 5) { ResponseDelay = TimeSpan.FromSeconds(90) };
        using ClickHouseClient client = server.CreateClient(o =>
        {
            o.Endpoint = proxy.Endpoint;
            o.Timeout = Timeout.InfiniteTimeSpan;
        });
        var watch = System.Diagnostics.Stopwatch.StartNew();

        var error = await Assert.ThrowsAsync<TimeoutException>(() => client.ValidateTableAsync<AmountRow>(table).WaitAsync(TimeSpan.FromSeconds(80)));

        Assert.InRange(watch.Elapsed, TimeSpan.FromSeconds(29), TimeSpan.FromSeconds(60));
        Assert.Contains("schema probe", error.Message);
        Assert.Contains(proxy.Endpoint.Authority, error.Message);
    }

    private async Task<string> CreateAsync(string table, string columns, ClickHouseQueryOptions? options = null)
    {
        await server.Client.ExecuteAsync($"CREATE TABLE {table} ({columns}) ENGINE = MergeTree ORDER BY tuple()", options);
        return table;
    }

    private async Task<long> CountAsync(string table) => long.Parse(await server.Client.QueryTextAsync($"SELECT count() FROM {table}"), System.Globalization.CultureInfo.InvariantCulture);
}
