using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>Generated row types against a real server: what we write is what the server stores and sends back.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class RoundTripTests(ClickHouseServerFixture server)
{
    internal static readonly ServerTypesRow[] s_rows =
    [
        new()
        {
            Id = 1, I8 = sbyte.MinValue, I16 = short.MinValue, I32 = int.MinValue, I64 = long.MinValue,
            U8 = byte.MaxValue, U16 = ushort.MaxValue, U32 = uint.MaxValue, U64 = ulong.MaxValue,
            F32 = float.MaxValue, F64 = double.NegativeInfinity,
            S = "Zürich 東京 🙂 tab\t newline\n", SBytes = [0xFF, 0x00, 0x80], Fs = "abcde", FsBytes = [1, 0, 2],
            D = new DateOnly(1970, 1, 1), DAsDateTime = new DateTime(2105, 12, 31, 0, 0, 0, DateTimeKind.Utc),
            Dt = DateTime.UnixEpoch, DtTz = new DateTimeOffset(2024, 2, 29, 23, 59, 59, TimeSpan.FromHours(9)),
            Dec9 = -9_999_999.99m, Dec18 = 99_999_999_999_999.9999m, Dec38 = ClickHouseDecimal.Parse("-1234567890123456789012345678.0123456789"),
            Dec28 = 123_456_789_012_345_678.0123456789m, Uuid = Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0"),
            Fruit = Fruit.Cherry, Planet = Planet.Earth, FruitLabel = "Banana",
            Ns = null, Ni = null, Lc = "low", Arr = [], ArrNs = [], ArrArr = [], Tup = (0, ""), Tags = [],
        },
        new()
        {
            Id = 2, I8 = sbyte.MaxValue, I16 = short.MaxValue, I32 = int.MaxValue, I64 = long.MaxValue,
            F32 = -0.0f, F64 = double.Epsilon,
            S = new string('x', 300), SBytes = [], Fs = "ab", FsBytes = [0, 0, 0],
            D = new DateOnly(2105, 12, 31), DAsDateTime = new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc),
            Dt = new DateTime(2105, 12, 31, 23, 59, 59, DateTimeKind.Utc), DtTz = new DateTimeOffset(1999, 12, 31, 15, 0, 0, TimeSpan.Zero),
            Dec9 = 0.01m, Dec18 = -0.0001m, Dec38 = ClickHouseDecimal.Parse("0.0000000001"), Dec28 = -1m,
            Uuid = Guid.Empty, Fruit = Fruit.Apple, Planet = Planet.Mercury, FruitLabel = "Cherry",
            Ns = "", Ni = -5, Lc = "", Arr = [1, -2, int.MaxValue], ArrNs = [null, "a", ""], ArrArr = [[1], [], [2, ulong.MaxValue]],
            Tup = (255, "tuple"), Tags = [new("k1", 1.5f), new("k2", float.NegativeInfinity)],
        },
        new()
        {
            Id = 3, S = "third", Fs = "", D = new DateOnly(2025, 6, 15), DAsDateTime = new DateTime(2025, 6, 15, 0, 0, 0, DateTimeKind.Utc),
            Dt = new DateTime(2025, 6, 15, 12, 30, 45, DateTimeKind.Utc), DtTz = new DateTimeOffset(2025, 6, 15, 12, 30, 45, TimeSpan.FromHours(-7)),
            Dec38 = ClickHouseDecimal.Parse("9999999999999999999999999999.9999999999"), Uuid = Guid.Parse("00000000-0000-4000-8000-000000000001"),
            Fruit = Fruit.Banana, Planet = Planet.Venus, FruitLabel = "Apple", Ns = "value", Ni = int.MaxValue, Lc = "low",
            Arr = [7], ArrNs = ["only"], ArrArr = [[]], Tup = (1, "t"), Tags = [new("", 0f)],
        },
    ];

    [ServerTheory]
    [InlineData(ClickHouseWireFormat.RowBinary)]
    [InlineData(ClickHouseWireFormat.Native)]
    public async Task Every_type_the_server_has_round_trips_byte_for_byte(ClickHouseWireFormat insertedAs)
    {
        string table = $"server_types_{insertedAs}";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {ClickHouseIdentifier.QuoteTable(server.Database, table)}");
        await server.Client.ExecuteAsync(Tables.Create<ServerTypesRow>(server.Database, table, orderBy: "id"), await server.LowCardinalityTableOptionsAsync());
        byte[] written = Tables.RowBinaryOf(s_rows);

        ClickHouseInsertResult inserted = await server.Client.InsertAsync(table, s_rows, new ClickHouseInsertOptions { WireFormat = insertedAs });

        Assert.Equal(s_rows.Length, inserted.Rows);
        // The bytes sent: the rows' RowBinary (with their names and types where the server reads them), or Native blocks of
        // the same values (each column named, with its type).
        long withHeader = Tables.RowBinaryOf(s_rows, RowBinaryFormat.RowBinaryWithNamesAndTypes).Length;
        Assert.True(insertedAs == ClickHouseWireFormat.RowBinary ? inserted.Bytes == written.Length || inserted.Bytes == withHeader : inserted.Bytes > written.Length,
            $"{inserted.Bytes} bytes sent; {written.Length} in RowBinary, {withHeader} with names and types");
        string select = Tables.Select<ServerTypesRow>(server.Database, table, "id");
        await using (Stream raw = await server.Client.QueryStreamAsync(select + " FORMAT RowBinary"))
        {
            Assert.Equal(written, await Tables.ReadAllAsync(raw));
        }
        List<ServerTypesRow> read = await server.Client.QueryListAsync<ServerTypesRow>(select);
        Assert.Equal(written, Tables.RowBinaryOf(read));

        ServerTypesRow first = read[0];
        Assert.Equal(s_rows[0].S, first.S);
        Assert.Equal(s_rows[0].SBytes, first.SBytes);
        Assert.Equal("abcde", first.Fs);
        Assert.Equal("ab", read[1].Fs);
        Assert.Equal(DateTimeKind.Utc, first.Dt.Kind);
        Assert.Equal(s_rows[0].DtTz.UtcDateTime, first.DtTz.UtcDateTime);
        Assert.Equal(s_rows[0].Dec38, first.Dec38);
        Assert.Equal(Planet.Earth, first.Planet);
        Assert.Equal("Cherry", read[1].FruitLabel);
        Assert.Null(first.Ns);
        Assert.Equal([null, "a", ""], read[1].ArrNs);
        Assert.Equal([new TagItem("k1", 1.5f), new TagItem("k2", float.NegativeInfinity)], read[1].Tags);
        Assert.Equal((byte)255, read[1].Tup.Item1);
    }

    [ServerFact]
    public async Task The_server_reads_the_values_as_the_CSharp_values_they_are()
    {
        const string table = "server_types_text";
        await server.Client.ExecuteAsync(Tables.Create<ServerTypesRow>(server.Database, table, orderBy: "id"), await server.LowCardinalityTableOptionsAsync());
        await server.Client.InsertAsync(table, s_rows);

        string text = await server.Client.QueryTextAsync(
            $"SELECT i64, u64, s, fs, d, dt, dt_tz, dec38, uuid, fruit, arr_ns, tup, tags.key FROM {ClickHouseIdentifier.QuoteTable(server.Database, table)} WHERE id = 2 FORMAT TabSeparated");

        Assert.Equal(
            string.Join('\t', "9223372036854775807", "0", new string('x', 300), "ab\\0\\0\\0", "2105-12-31", "2105-12-31 23:59:59",
                "2000-01-01 00:00:00", "0.0000000001", "00000000-0000-0000-0000-000000000000", "Apple", "[NULL,'a','']", "(255,'tuple')", "['k1','k2']") + "\n",
            text);
    }

    [ServerFact]
    public async Task Identifiers_with_quotes_and_backticks_round_trip_without_injection()
    {
        const string table = "we`ird\"tab\\le";
        string tablesBefore = await server.Client.QueryTextAsync($"SELECT count() FROM system.tables WHERE database = '{server.Database}'");
        await server.Client.ExecuteAsync(Tables.Create<WeirdNameRow>(server.Database, table, orderBy: "id"));
        WeirdNameRow[] rows = [new(1, "one"), new(2, "two `; DROP TABLE x; --")];

        await server.Client.InsertAsync(table, rows);

        List<WeirdNameRow> read = await server.Client.QueryListAsync<WeirdNameRow>(Tables.Select<WeirdNameRow>(server.Database, table, "id"));
        Assert.Equal(rows, read);
        string names = await server.Client.QueryTextAsync(
            $"SELECT name FROM system.tables WHERE database = '{server.Database}' AND name LIKE 'we%' FORMAT TabSeparatedRaw");
        Assert.Equal(table + "\n", names);
        string columns = await server.Client.QueryTextAsync(
            $"SELECT name FROM system.columns WHERE database = '{server.Database}' AND table = 'we`ird\"tab\\\\le' ORDER BY name FORMAT TabSeparatedRaw");
        Assert.Equal("co`l\nid\n", columns);
        string tablesAfter = await server.Client.QueryTextAsync($"SELECT count() FROM system.tables WHERE database = '{server.Database}'");
        Assert.Equal(int.Parse(tablesBefore) + 1, int.Parse(tablesAfter));
    }

    [ServerFact]
    public async Task A_value_that_does_not_fit_fails_the_insert_naming_column_and_row_and_the_client_goes_on()
    {
        const string table = "codes";
        await server.Client.ExecuteAsync(Tables.Create<CodeRow>(server.Database, table, orderBy: "id"));

        var error = await Assert.ThrowsAsync<RowBinaryException>(
            () => server.Client.InsertAsync(table, new[] { new CodeRow(1, "ok"), new CodeRow(2, "too long") }));

        Assert.Equal("code", error.Column);
        Assert.Equal(1, error.Row);
        Assert.Contains("FixedString(2)", error.Message);
        string count = await server.Client.QueryTextAsync($"SELECT count() FROM {ClickHouseIdentifier.QuoteTable(server.Database, table)}");
        Assert.Equal("0\n", count);
    }

    [ServerFact]
    public async Task Gzip_both_ways_round_trips()
    {
        const string table = "gzip_visits";
        await server.Client.ExecuteAsync(Tables.Create<WebVisit>(server.Database, table, orderBy: "(day, page_url)"));
        using ClickHouseClient gzip = server.CreateClient(o =>
        {
            o.RequestCompression = ClickHouseCompression.GZip;
            o.ResponseCompression = ClickHouseCompression.GZip;
        });

        ClickHouseInsertResult inserted = await gzip.InsertAsync(table, WebVisit.Generate(100_000));
        List<WebVisit> read = await gzip.QueryListAsync<WebVisit>(Tables.Select<WebVisit>(server.Database, table, "visits"));

        Assert.Equal(100_000, inserted.Rows);
        Assert.Equal(WebVisit.Generate(100_000).ToList(), read);
    }

    [ServerFact]
    public async Task Zstd_both_ways_round_trips_or_the_error_names_the_encoding()
    {
        const string table = "zstd_visits";
        await server.Client.ExecuteAsync(Tables.Create<WebVisit>(server.Database, table, orderBy: "(day, page_url)"));
        using ClickHouseClient zstd = server.CreateClient(o =>
        {
            o.RequestCompression = ClickHouseCompression.Zstd;
            o.ResponseCompression = ClickHouseCompression.Zstd;
        });

        // Newer servers decode zstd request bodies; older ones (such as Debian's 18.16) reject them, and the error
        // must say which encoding and what to do.
        ClickHouseInsertResult inserted;
        try
        {
            inserted = await zstd.InsertAsync(table, WebVisit.Generate(100_000));
        }
        catch (ClickHouseServerException error) when (error.Code == 89)
        {
            Assert.Contains("zstd", error.Message, StringComparison.Ordinal);
            Assert.Contains("RequestCompression", error.Message, StringComparison.Ordinal);
            Assert.True(server.Version < new Version(23, 1), $"ClickHouse {server.Version} should decode zstd: {error.Message}");
            return;
        }
        List<WebVisit> read = await zstd.QueryListAsync<WebVisit>(Tables.Select<WebVisit>(server.Database, table, "visits"));

        Assert.Equal(100_000, inserted.Rows);
        Assert.Equal(WebVisit.Generate(100_000).ToList(), read);
    }

    [ServerFact]
    public async Task The_database_option_picks_the_database_for_inserts_and_queries()
    {
        string other = server.Database + "_other";
        await server.Client.ExecuteAsync($"CREATE DATABASE IF NOT EXISTS {ClickHouseIdentifier.Quote(other)}");
        try
        {
            await server.Client.ExecuteAsync(Tables.Create<WebVisit>(other, "visits", orderBy: "day"));
            var insert = new ClickHouseInsertOptions { Database = other };

            await server.Client.InsertAsync("visits", WebVisit.Generate(10), insert);

            var query = new ClickHouseQueryOptions { Database = other };
            Assert.Equal($"{other}\t10\n", await server.Client.QueryTextAsync("SELECT currentDatabase(), count() FROM visits", query));
            using ClickHouseClient otherClient = server.CreateClient(o => o.Database = other);
            Assert.Equal(WebVisit.Generate(10).ToList(), await otherClient.QueryListAsync<WebVisit>(Tables.Select<WebVisit>(other, "visits", "visits")));
            Assert.Equal($"{server.Database}\n", await server.Client.QueryTextAsync("SELECT currentDatabase()"));
        }
        finally
        {
            await server.Client.ExecuteAsync($"DROP DATABASE IF EXISTS {ClickHouseIdentifier.Quote(other)}");
        }
    }

    [ServerFact(MinimumVersion = "23.8")]
    public async Task RowBinaryWithDefaults_lets_the_server_fill_in_marked_columns()
    {
        await server.Client.ExecuteAsync(
            $"CREATE TABLE {ClickHouseIdentifier.QuoteTable(server.Database, "defaults")} (id UInt32, label Nullable(String) DEFAULT 'none') ENGINE = MergeTree ORDER BY id");

        await server.Client.InsertAsync("defaults", new[] { new DefaultedRow(1, null), new DefaultedRow(2, "given") },
            new ClickHouseInsertOptions { Format = RowBinaryFormat.RowBinaryWithDefaults });

        List<DefaultedRow> read = await server.Client.QueryListAsync<DefaultedRow>("SELECT id, label FROM defaults ORDER BY id");
        Assert.Equal([new DefaultedRow(1, "none"), new DefaultedRow(2, "given")], read);
    }

    [ServerFact(MinimumVersion = "19.11")]
    public async Task Query_parameters_reach_the_server_as_the_values_they_are()
    {
        var parameters = new Dictionary<string, object?>
        {
            ["s"] = "tab\there\nnew line \\ back'slash \"quoted\" {braces}",
            ["arr"] = new[] { "a'b", "c\\d" },
            ["dt"] = new DateTime(2025, 1, 31, 23, 59, 58, DateTimeKind.Utc),
            ["n"] = -42L,
        };

        List<TextRow> rows = await server.Client.QueryListAsync<TextRow>(
            "SELECT {s:String} AS text UNION ALL SELECT arrayStringConcat({arr:Array(String)}, '|') UNION ALL "
            + "SELECT toString({dt:DateTime('UTC')}) UNION ALL SELECT toString({n:Int64})",
            parameters);

        // UNION ALL parts may arrive in any order.
        string[] expected = [(string)parameters["s"]!, "a'b|c\\d", "2025-01-31 23:59:58", "-42"];
        Assert.Equal(expected.Order(StringComparer.Ordinal), rows.Select(r => r.Text).Order(StringComparer.Ordinal));
    }
}
