using System.Data.Common;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.ExternalTables;

/// <summary>
/// The application's rows as tables of a query, against the server at hand: every query method reads them, and a
/// query over an external table answers what the same query over a real table holding the same rows answers.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class ExternalTableServerTests(ClickHouseServerFixture server)
{
    private const int VisitRows = 200_000;

    /// <summary>50,000 ids, some of which the visits table lacks (it holds 0 to 199,999).</summary>
    private static readonly ulong[] s_ids = [.. Enumerable.Range(0, 50_000).Select(i => (ulong)i * 5 + 3)];

    [ServerFact]
    public async Task Every_type_the_server_takes_reads_back_as_the_same_rows_in_a_real_table_do()
    {
        OldServerExternalRow[] rows = [.. Enumerable.Range(0, 500).Select(i => OldServerExternalRow.Make((uint)i))];
        string real = await RealTableAsync("ext_types_real", rows);
        var options = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("ext_types", rows) } };

        string fromExternal = await server.Client.QueryTextAsync("SELECT * FROM ext_types ORDER BY id FORMAT TabSeparatedWithNamesAndTypes", options);
        string fromReal = await server.Client.QueryTextAsync($"SELECT * FROM {real} ORDER BY id FORMAT TabSeparatedWithNamesAndTypes");
        List<OldServerExternalRow> typed = await server.Client.QueryListAsync<OldServerExternalRow>("SELECT * FROM ext_types ORDER BY id", options);

        Assert.Equal(fromReal, fromExternal);
        Assert.Equal(rows.Length + 2, fromExternal.Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.Equal(rows.Length, typed.Count);
        Assert.Equal(rows.Select(r => (r.Id, r.S, r.Ns, r.Lc, r.Uuid, r.Dt, r.DtTz, string.Join(",", r.Arr))),
            typed.Select(r => (r.Id, r.S, r.Ns, r.Lc, r.Uuid, r.Dt, r.DtTz, string.Join(",", r.Arr))));
    }

    [ServerFact]
    public async Task Joins_and_IN_over_an_external_table_answer_as_over_a_real_table_with_the_same_rows()
    {
        string visits = await VisitsAsync();
        LabelRow[] labels = [.. s_ids.Take(20_000).Select(id => new LabelRow(id, $"label {id % 97}"))];
        string real = await RealTableAsync("ext_labels_real", labels);
        var options = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("labels", labels) } };
        string Join(string table) => $"SELECT id, v, label FROM {visits} ALL INNER JOIN (SELECT id, label FROM {table}) AS joined USING id ORDER BY id";
        string In(string table) => $"SELECT count(), sum(v) FROM {visits} WHERE id IN (SELECT id FROM {table})";
        string LeftJoin(string table) => $"SELECT label, count(), sum(v) FROM {visits} ALL LEFT JOIN (SELECT id, label FROM {table}) AS joined USING id GROUP BY label ORDER BY label";

        foreach (Func<string, string> query in new[] { Join, In, LeftJoin })
        {
            string expected = await server.Client.QueryTextAsync(query(real));
            Assert.Equal(expected, await server.Client.QueryTextAsync(query("labels"), options));
            Assert.NotEqual("", expected.Trim());
        }
        Assert.Equal(labels.Count(l => l.Id < VisitRows), (await server.Client.QueryTextAsync(Join("labels"), options)).Count(c => c == '\n'));
    }

    [ServerFact]
    public async Task Every_query_method_filters_by_a_list_of_ids()
    {
        string visits = await VisitsAsync();
        string idsTable = await RealIdsAsync();
        string filter = $"FROM {visits} WHERE id IN ids";
        ClickHouseQueryOptions Ids() => new() { ExternalTables = { ClickHouseExternalTable.Create("ids", "id", s_ids) } };
        ulong expectedSum = await server.Client.QueryScalarAsync<ulong>($"SELECT sum(v) FROM {visits} WHERE id IN {idsTable}");
        ulong expectedCount = await server.Client.QueryScalarAsync<ulong>($"SELECT count() FROM {visits} WHERE id IN {idsTable}");
        Assert.Equal((ulong)s_ids.Count(id => id < VisitRows), expectedCount);

        Assert.Equal(expectedSum, await server.Client.QueryScalarAsync<ulong>($"SELECT sum(v) {filter}", Ids()));
        Assert.Equal(expectedSum, (await server.Client.QueryValuesAsync<ulong>($"SELECT v {filter}", Ids())).Aggregate(0UL, (a, b) => a + b));
        Assert.Equal($"{expectedCount}\t{expectedSum}\n", await server.Client.QueryTextAsync($"SELECT count(), sum(v) {filter}", Ids()));
        await using (Stream raw = await server.Client.QueryStreamAsync($"SELECT count(), sum(v) {filter} FORMAT CSV", Ids()))
        {
            Assert.Equal($"{expectedCount},{expectedSum}\n", await new StreamReader(raw).ReadToEndAsync());
        }
        List<(ulong Id, ulong V)> pairs = await server.Client.QueryListAsync<ulong, ulong>($"SELECT id, v {filter} ORDER BY id", Ids());
        Assert.Equal(expectedCount, (ulong)pairs.Count);
        List<LabelRow> typed = await server.Client.QueryListAsync<LabelRow>($"SELECT id, toString(v) AS label {filter} ORDER BY id", Ids());
        Assert.Equal(pairs.Select(p => p.Id), typed.Select(r => r.Id));
        long streamed = 0;
        await foreach (LabelRow _ in server.Client.QueryAsync<LabelRow>($"SELECT id, toString(v) AS label {filter}", Ids()))
        {
            streamed++;
        }
        Assert.Equal((long)expectedCount, streamed);
        ClickHouseQueryOptions nativeIds = Ids();
        nativeIds.WireFormat = ClickHouseWireFormat.Native;
        long streamedNative = 0;
        await foreach (LabelRow _ in server.Client.QueryAsync<LabelRow>($"SELECT id, toString(v) AS label {filter}", nativeIds))
        {
            streamedNative++;
        }
        Assert.Equal((long)expectedCount, streamedNative);
        Assert.Equal(pairs.Select(p => p.Id), (await server.Client.QueryListAsync<LabelRow>($"SELECT id, toString(v) AS label {filter} ORDER BY id", nativeIds)).Select(r => r.Id));
        Assert.Equal(pairs[0].Id, (await server.Client.QueryFirstAsync<LabelRow>($"SELECT id, toString(v) AS label {filter} ORDER BY id", Ids())).Id);
        await using (ClickHouseDataReader reader = await server.Client.ExecuteReaderAsync($"SELECT count() AS n, sum(v) AS total {filter}", Ids()))
        {
            Assert.True(await reader.ReadAsync());
            Assert.Equal((expectedCount, expectedSum), (reader.GetFieldValue<ulong>(0), reader.GetFieldValue<ulong>(1)));
        }

        await server.Client.ExecuteAsync($"CREATE TABLE ext_filtered (id UInt64) ENGINE = Memory");
        await server.Client.ExecuteAsync($"INSERT INTO ext_filtered SELECT id {filter}", Ids());
        Assert.Equal(expectedCount, await server.Client.QueryScalarAsync<ulong>("SELECT count() FROM ext_filtered"));
    }

    [ServerFact]
    public async Task ADO_NET_commands_carry_external_tables()
    {
        string visits = await VisitsAsync();
        string idsTable = await RealIdsAsync();
        ulong expectedSum = await server.Client.QueryScalarAsync<ulong>($"SELECT sum(v) FROM {visits} WHERE id IN {idsTable}");
        await using var dataSource = new ClickHouseDataSource(server.Client);
        await using DbConnection connection = await dataSource.OpenConnectionAsync();
        var command = (ClickHouseCommand)connection.CreateCommand();
        command.CommandText = $"SELECT sum(v) FROM {visits} WHERE id IN ids";
        command.ExternalTables.Add(ClickHouseExternalTable.Create("ids", "id", s_ids));

        Assert.Equal(expectedSum, await command.ExecuteScalarAsync());
    }

    [ServerFact]
    public async Task Asynchronous_sequences_of_rows_and_of_values_are_tables_too()
    {
        var options = new ClickHouseQueryOptions
        {
            ExternalTables =
            {
                ClickHouseExternalTable.Create("labels", AsyncLabels(1000)),
                ClickHouseExternalTable.Create("names", "name", AsyncNames(10), "LowCardinality(String)"),
            },
        };

        string text = await server.Client.QueryTextAsync(
            "SELECT (SELECT count() FROM labels), (SELECT sum(id) FROM labels), (SELECT groupArray(name) FROM names), (SELECT toTypeName(any(name)) FROM names)", options);

        Assert.Equal("1000\t499500\t['n0','n1','n2','n3','n4','n5','n6','n7','n8','n9']\tString\n", text);
    }

    [ServerFact]
    public async Task The_columns_of_a_result_over_an_external_table_are_checked_as_any_result_s()
    {
        var options = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("ids", "id", s_ids) } };

        RowBinarySchemaMismatchException error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => server.Client.QueryScalarAsync<long>("SELECT max(id) AS top FROM ids", options));

        Assert.Contains("Column 'top'", error.Message, StringComparison.Ordinal);
        Assert.Equal(s_ids.Max(), await server.Client.QueryScalarAsync<ulong>("SELECT max(id) AS top FROM ids", options));
    }

    [ServerFact]
    public async Task A_server_error_in_the_middle_of_the_result_is_an_exception_never_rows()
    {
        var options = new ClickHouseQueryOptions
        {
            ExternalTables = { ClickHouseExternalTable.Create("ids", "id", Enumerable.Range(0, 100_000).Select(i => (ulong)i)) },
            // One thread: blocks in the order of the ids, so every row before the error has an id below 50,000.
            Settings = { ["max_block_size"] = "1000", ["max_threads"] = "1" },
        };
        long read = 0;

        ClickHouseServerException error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach ((ulong _, byte _) in server.Client.QueryAsync<ulong, byte>("SELECT id, throwIf(id = 50000) AS thrown FROM ids", options))
            {
                read++;
            }
        });

        Assert.Contains("throwIf", error.ServerMessage, StringComparison.Ordinal);
        // Every row before the failing one may arrive (ClickHouse 26.9 sends each block of 1,000 as it is made: all 50,000);
        // none at or after it, and nothing of the error text as rows.
        Assert.True(read <= 50_000, $"{read} rows read");
    }

    [ServerFact]
    public async Task Compression_of_the_client_leaves_external_tables_readable()
    {
        using ClickHouseClient client = server.CreateClient(o =>
        {
            o.RequestCompression = ClickHouseCompression.GZip;
            o.ResponseCompression = ClickHouseCompression.GZip;
        });
        var options = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("ids", "id", s_ids) } };

        Assert.Equal($"{s_ids.Length}\t{s_ids.Aggregate(0UL, (a, b) => a + b)}\n", await client.QueryTextAsync("SELECT count(), sum(id) FROM ids", options));
    }

    [ServerFact]
    public async Task A_row_that_cannot_be_written_fails_the_query_naming_table_column_and_row_and_nothing_of_the_table_is_used()
    {
        await server.Client.ExecuteAsync("CREATE TABLE ext_codes_target (id UInt64, code FixedString(2)) ENGINE = Memory");
        // The bad row comes after several 128 KiB flushes: part of the table has gone out when it fails.
        IEnumerable<ShortCodeRow> Codes() => Enumerable.Range(0, 100_000).Select(i => new ShortCodeRow((ulong)i, i == 60_000 ? "toolong" : "ok"));
        var options = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("codes", Codes()) } };

        RowBinaryException error = await Assert.ThrowsAsync<RowBinaryException>(
            () => server.Client.ExecuteAsync("INSERT INTO ext_codes_target SELECT id, code FROM codes", options));

        Assert.StartsWith("External table 'codes': Column 'code', row 60000:", error.Message, StringComparison.Ordinal);
        Assert.Equal(("code", 60_000L), (error.Column, error.Row));
        Assert.Equal(0UL, await server.Client.QueryScalarAsync<ulong>("SELECT count() FROM ext_codes_target"));
    }

    [ServerFact]
    public async Task A_value_out_of_its_column_s_range_or_a_failing_sequence_aborts_the_request_and_nothing_is_inserted()
    {
        await server.Client.ExecuteAsync("CREATE TABLE ext_small_target (v UInt8) ENGINE = Memory");
        var outOfRange = new ClickHouseQueryOptions
        {
            ExternalTables = { ClickHouseExternalTable.Create("vals", "v", Enumerable.Range(0, 200_000).Select(i => i == 150_000 ? 300 : i % 200), "UInt8") },
        };
        var failing = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("vals", "v", FailingValues(150_000), "UInt8") } };

        RowBinaryException range = await Assert.ThrowsAsync<RowBinaryException>(
            () => server.Client.ExecuteAsync("INSERT INTO ext_small_target SELECT v FROM vals", outOfRange));
        InvalidOperationException source = await Assert.ThrowsAsync<InvalidOperationException>(
            () => server.Client.ExecuteAsync("INSERT INTO ext_small_target SELECT v FROM vals", failing));

        Assert.StartsWith("External table 'vals': Column 'v', row 150000:", range.Message, StringComparison.Ordinal);
        Assert.Contains("UInt8", range.Message, StringComparison.Ordinal);
        Assert.Equal("the application's sequence failed", source.Message);
        Assert.Equal(0UL, await server.Client.QueryScalarAsync<ulong>("SELECT count() FROM ext_small_target"));
    }

    private static IEnumerable<int> FailingValues(int failAt)
    {
        for (int i = 0; ; i++)
        {
            if (i == failAt)
            {
                throw new InvalidOperationException("the application's sequence failed");
            }
            yield return i % 200;
        }
    }

    private static async IAsyncEnumerable<LabelRow> AsyncLabels(int count)
    {
        for (int i = 0; i < count; i++)
        {
            await Task.Yield();
            yield return new LabelRow((ulong)i, "l" + i);
        }
    }

    private static async IAsyncEnumerable<string> AsyncNames(int count)
    {
        for (int i = 0; i < count; i++)
        {
            await Task.Yield();
            yield return "n" + i;
        }
    }

    private async Task<string> VisitsAsync()
    {
        await server.Client.ExecuteAsync("CREATE TABLE IF NOT EXISTS ext_visits (id UInt64, v UInt64) ENGINE = MergeTree ORDER BY id");
        if (await server.Client.QueryScalarAsync<ulong>("SELECT count() FROM ext_visits") == 0)
        {
            await server.Client.ExecuteAsync($"INSERT INTO ext_visits SELECT number, number * 3 + 1 FROM numbers({VisitRows})");
        }
        return "ext_visits";
    }

    private async Task<string> RealIdsAsync()
    {
        await server.Client.ExecuteAsync("CREATE TABLE IF NOT EXISTS ext_ids_real (id UInt64) ENGINE = Memory");
        if (await server.Client.QueryScalarAsync<ulong>("SELECT count() FROM ext_ids_real") == 0)
        {
            await server.Client.InsertAsync("ext_ids_real", s_ids.Select(id => new IdRow(id)));
        }
        return "ext_ids_real";
    }

    private async Task<string> RealTableAsync<T>(string name, IEnumerable<T> rows)
        where T : IClickHouseRow<T>
    {
        await server.Client.ExecuteAsync(Tables.Create<T>(server.Database, name, engine: "Memory"), await server.LowCardinalityTableOptionsAsync());
        await server.Client.InsertAsync(name, rows);
        return name;
    }
}

/// <summary>One UInt64 id.</summary>
[ClickHouseRow]
public sealed partial record IdRow([property: ClickHouseColumn("id")] ulong Id);
