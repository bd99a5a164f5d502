using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Schema;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// Inserts and typed queries in Native against the real server: the same values stored and read as in RowBinary, the
/// schema check before any block, server errors in the middle of a result, compression both ways and progress.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class NativeWireTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    private static readonly ClickHouseQueryOptions InRowBinary = new() { WireFormat = ClickHouseWireFormat.RowBinary };

    private ClickHouseClient NativeClient(Action<ClickHouseClientOptions>? configure = null)
        => server.CreateClient(o =>
        {
            o.WireFormat = ClickHouseWireFormat.Native;
            configure?.Invoke(o);
        });

    [ServerFact]
    public async Task Every_type_the_server_has_is_stored_and_read_as_in_RowBinary()
    {
        const string table = "native_server_types";
        await server.Client.ExecuteAsync(Tables.Create<ServerTypesRow>(server.Database, table, orderBy: "id"), await server.LowCardinalityTableOptionsAsync());
        ServerTypesRow[] rows = RoundTripTests.s_rows;
        byte[] rowBinary = Tables.RowBinaryOf(rows);
        await using var proxy = new FaultProxy(server.Client.Endpoint, seed: 1);
        using ClickHouseClient client = NativeClient(o => o.Endpoint = proxy.Endpoint);

        ClickHouseInsertResult inserted = await client.InsertAsync(table, rows);

        Assert.Contains(proxy.RequestLines, line => line.Contains("FORMAT%20Native", StringComparison.Ordinal));
        Assert.Equal(rows.Length, inserted.Rows);
        Assert.Equal(Bodies.Native(rows).Length, inserted.Bytes);
        string select = Tables.Select<ServerTypesRow>(server.Database, table, "id");
        await using (Stream raw = await server.Client.QueryStreamAsync(select + " FORMAT RowBinary"))
        {
            Assert.Equal(rowBinary, await Tables.ReadAllAsync(raw));
        }
        Assert.Equal(rowBinary, Tables.RowBinaryOf(await client.QueryListAsync<ServerTypesRow>(select)));
        var streamed = new List<ServerTypesRow>();
        await foreach (ServerTypesRow row in client.QueryAsync<ServerTypesRow>(select))
        {
            streamed.Add(row);
        }
        Assert.Equal(rowBinary, Tables.RowBinaryOf(streamed));
    }

    [ServerFact]
    public async Task Columns_in_another_order_are_read_by_name_where_RowBinary_reads_by_position()
    {
        const string sql = "SELECT toUInt8(0) AS thrown, number FROM system.numbers LIMIT 70000";
        using ClickHouseClient client = NativeClient();

        List<NumberRow> rows = await client.QueryListAsync<NumberRow>(sql);

        NumberRow[] expected = [.. Enumerable.Range(0, 70_000).Select(i => new NumberRow((ulong)i, 0))];
        Assert.Equal(expected, rows);
        if (server.Version.Major < 19)
        {
            // 18.16 has no RowBinaryWithNamesAndTypes: RowBinary reads by position, and 9 bytes a row fit either order.
            Assert.NotEqual(expected, await client.QueryListAsync<NumberRow>(sql, InRowBinary));
        }
    }

    [ServerFact]
    public async Task A_row_type_that_does_not_fit_the_table_is_refused_before_any_block()
    {
        string table = await CreateAsync("native_check_amounts", "amount Float64, price Decimal(18, 2), b String");
        using ClickHouseClient client = NativeClient();

        var error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => client.InsertAsync(table, new[] { new WrongAmountRow(100, 12.34m, "one") }));

        Assert.Equal(["amount", "price"], error.Mismatches.Select(m => m.Column));
        Assert.Equal("0", (await server.Client.QueryTextAsync($"SELECT count() FROM {table}")).Trim());
        await client.InsertAsync(table, new[] { new AmountRow(100, 12.34m, "one") });
        Assert.Equal("100\t12.34\tone\n", await server.Client.QueryTextAsync($"SELECT * FROM {table}"));
    }

    [ServerFact]
    public async Task Unchecked_the_server_stores_what_it_makes_of_a_block_of_other_types()
    {
        string table = await CreateAsync("native_unchecked", "amount Float64, price Decimal(18, 2), b String");
        using ClickHouseClient client = NativeClient();

        await client.InsertAsync(table, new[] { new WrongAmountRow(100, 12.34m, "one") }, new ClickHouseInsertOptions { CheckSchema = false });

        // 18.x reads a block's bytes as the table's types whatever the block names: Int64 100 as a Float64, what the
        // schema check exists to prevent. Servers with input_format_native_allow_types_conversion (26.9: on) convert.
        string stored = (await server.Client.QueryTextAsync($"SELECT amount FROM {table}")).Trim();
        output.WriteLine($"ClickHouse {server.Version} stored {stored}");
        Assert.Equal(server.Version.Major < 19 ? "4.94e-322" : "100", stored);
    }

    [ServerFact]
    public async Task Blocks_name_the_table_types_where_the_row_type_differs_only_where_the_bytes_agree()
    {
        string table = await CreateAsync("native_check_loose",
            "page LowCardinality(String), at DateTime('Europe/Berlin'), level Enum8('LOW' = 1, 'HIGH' = 2), pair Tuple(UInt8, String)",
            await server.LowCardinalityTableOptionsAsync());
        var at = new DateTime(2025, 6, 1, 12, 0, 0, DateTimeKind.Utc);
        using ClickHouseClient client = NativeClient();

        await client.InsertAsync(table, Enumerable.Range(0, 3).Select(i => new LooseRow($"/page/{i % 2}", at.AddSeconds(i), (sbyte)(1 + i % 2), ((byte)i, "x"))));

        Assert.Equal("/page/0\t2025-06-01 12:00:00\tLOW\t(0,'x')\n/page/1\t2025-06-01 12:00:01\tHIGH\t(1,'x')\n/page/0\t2025-06-01 12:00:02\tLOW\t(2,'x')\n",
            await server.Client.QueryTextAsync($"SELECT page, toTimeZone(at, 'UTC'), level, pair FROM {table} ORDER BY at"));
        List<LooseRow> read = await client.QueryListAsync<LooseRow>($"SELECT page, at, level, pair FROM {table} ORDER BY at");
        Assert.Equal(["/page/0", "/page/1", "/page/0"], read.Select(r => r.Page));
    }

    [ServerFact]
    public async Task A_server_error_after_rows_have_streamed_is_thrown_and_no_row_is_made_of_it()
    {
        using ClickHouseClient client = NativeClient();
        ulong expected = 0;

        var error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach (NumberRow row in client.QueryAsync<NumberRow>("SELECT number, throwIf(number = 3000000) AS thrown FROM numbers(5000000)"))
            {
                Assert.Equal(new NumberRow(expected, 0), row);
                expected++;
            }
        });

        output.WriteLine($"{expected:N0} rows, then: {error.Message}");
        Assert.Equal(395, error.Code);
        Assert.InRange(expected, 0UL, 3_000_000UL);
        await Assert.ThrowsAsync<ClickHouseServerException>(
            () => client.QueryListAsync<NumberRow>("SELECT number, throwIf(number = 3000000) AS thrown FROM numbers(5000000)"));
    }

    [ServerFact]
    public async Task Compressed_both_ways_with_progress_the_rows_arrive_whole()
    {
        string table = await CreateAsync("native_compressed", "number UInt64, thrown UInt8");
        using ClickHouseClient client = NativeClient(o =>
        {
            o.RequestCompression = ClickHouseCompression.GZip;
            o.ResponseCompression = ClickHouseCompression.GZip;
        });
        NumberRow[] rows = [.. Enumerable.Range(0, 150_000).Select(i => new NumberRow((ulong)i * 3, (byte)(i % 7)))];
        var reports = new List<ClickHouseInsertProgress>();

        ClickHouseInsertResult inserted = await client.InsertAsync(table, Rows(rows), new ClickHouseInsertOptions { Progress = new Recorded(reports) });

        Assert.Equal(rows.Length, inserted.Rows);
        Assert.Equal(Bodies.Native(rows).Length, inserted.Bytes);
        // One report per block of NativeSerializer.BlockRows rows, then the end.
        Assert.Equal([65_536, 131_072, 150_000], reports.Select(r => r.Rows).Distinct());
        Assert.Equal(new ClickHouseInsertProgress(inserted.Rows, inserted.Bytes), reports[^1]);
        Assert.Equal(rows, await client.QueryListAsync<NumberRow>($"SELECT number, thrown FROM {table} ORDER BY number"));
    }

    private static IEnumerable<NumberRow> Rows(NumberRow[] rows)
    {
        foreach (NumberRow row in rows)
        {
            yield return row;
        }
    }

    private async Task<string> CreateAsync(string table, string columns, ClickHouseQueryOptions? options = null)
    {
        await server.Client.ExecuteAsync($"CREATE TABLE {table} ({columns}) ENGINE = Memory", options);
        return table;
    }

    private sealed class Recorded(List<ClickHouseInsertProgress> reports) : IProgress<ClickHouseInsertProgress>
    {
        public void Report(ClickHouseInsertProgress value)
        {
            lock (reports)
            {
                reports.Add(value);
            }
        }
    }
}
