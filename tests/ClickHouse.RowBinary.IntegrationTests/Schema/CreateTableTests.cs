using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Http;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Schema;

/// <summary>CREATE TABLE rendered from a row type's annotations: checked against the real server and ClickHouse 26.9.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class CreateTableTests(ClickHouseServerFixture server)
{
    [Fact]
    public void The_statement_quotes_names_and_takes_engine_and_keys_from_the_caller()
    {
        var options = new ClickHouseTableOptions
        {
            Database = "analytics", IfNotExists = true, Engine = "ReplacingMergeTree(id)", PartitionBy = "toYYYYMM(day)",
            PrimaryKey = "id", OrderBy = "(id, day)", Settings = { ["index_granularity"] = "1024" },
        };

        string sql = ClickHouseRowSchema.Of<DdlRow>().CreateTableStatement("visits`; DROP TABLE x", options);

        Assert.Equal("""
            CREATE TABLE IF NOT EXISTS `analytics`.`visits\`; DROP TABLE x`
            (
                `id` UInt32,
                `name` String,
                `note` Nullable(String),
                `tags` Array(String),
                `pair` Tuple(UInt8, String),
                `price` Decimal(18, 4),
                `level` Enum8('Low' = 1, 'High' = 2),
                `uuid` UUID,
                `code` FixedString(3),
                `day` Date,
                `at` DateTime('UTC')
            )
            ENGINE = ReplacingMergeTree(id)
            PARTITION BY toYYYYMM(day)
            PRIMARY KEY id
            ORDER BY (id, day)
            SETTINGS index_granularity = 1024
            """.Replace("\r\n", "\n"), sql);
        Assert.EndsWith("ENGINE = Memory", ClickHouseRowSchema.Of<DdlRow>().CreateTableStatement("t", new ClickHouseTableOptions { Engine = "Memory" }));
        Assert.EndsWith("ENGINE = MergeTree\nORDER BY tuple()", ClickHouseRowSchema.Of<DdlRow>().CreateTableStatement("t"));
    }

    [ServerFact]
    public async Task A_table_created_from_the_row_type_on_the_server_round_trips_its_rows()
    {
        await server.Client.CreateTableAsync<DdlRow>("ddl_rows", new ClickHouseTableOptions { Database = server.Database, OrderBy = "id" });
        DdlRow[] rows =
        [
            new() { Id = 1, Name = "one", Note = null, Tags = ["a", "b"], Pair = (7, "x"), Price = 12.3456m, Level = Level.High,
                Uuid = Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0"), Code = [1, 2, 3], Day = new DateOnly(2025, 1, 2),
                At = new DateTime(2025, 1, 2, 3, 4, 5, DateTimeKind.Utc) },
            new() { Id = 2, Name = "two", Note = "n", Pair = (0, ""), Level = Level.Low, Day = new DateOnly(1970, 1, 1), At = DateTime.UnixEpoch },
        ];

        await server.Client.InsertAsync("ddl_rows", rows, new ClickHouseInsertOptions { Database = server.Database });
        List<DdlRow> read = await server.Client.QueryListAsync<DdlRow>(Tables.Select<DdlRow>(server.Database, "ddl_rows", "id"));

        Assert.Equal(rows.Length, read.Count);
        for (int i = 0; i < rows.Length; i++)
        {
            Assert.Equal(rows[i] with { Tags = [], Code = [] }, read[i] with { Tags = [], Code = [] });
            Assert.Equal(rows[i].Tags, read[i].Tags);
            Assert.Equal(rows[i].Code, read[i].Code);
        }
        string types = await server.Client.QueryTextAsync(
            $"SELECT name, type FROM system.columns WHERE database = '{server.Database}' AND table = 'ddl_rows' FORMAT TabSeparated");
        Assert.Equal(ClickHouseRowSchema.Of<DdlRow>().Columns.Select(c => $"{c.Name}\t{c.Type.Replace("'", "\\'", StringComparison.Ordinal)}"), types.Trim().Split('\n'));
    }

    [OracleFact]
    public void ClickHouse_26_9_creates_the_table_of_types_18_16_lacks_with_exactly_the_row_types_columns()
    {
        string ddl = ClickHouseRowSchema.Of<ModernDdlRow>().CreateTableStatement("modern", new ClickHouseTableOptions { Engine = "Memory" });

        string columns = System.Text.Encoding.UTF8.GetString(TestSupport.OracleProcess.Query(
            ddl + "; SELECT name, type FROM system.columns WHERE table = 'modern' ORDER BY position", "JSONCompactEachRow"));

        Assert.Equal(
            ClickHouseRowSchema.Of<ModernDdlRow>().Columns.Select(c => (c.Name, c.Type)),
            columns.Trim().Split('\n').Select(line => System.Text.Json.JsonSerializer.Deserialize<string[]>(line)!).Select(pair => (pair[0], pair[1])));
    }

    [ServerFact]
    public async Task A_type_the_server_lacks_is_an_error_naming_the_column_and_the_fix_and_nothing_is_created()
    {
        var options = new ClickHouseTableOptions { Database = server.Database };
        string[] families = (await server.Client.QueryTextAsync("SELECT name FROM system.data_type_families")).Split('\n');
        string version = await server.Client.GetServerVersionAsync();
        if (families.Contains("DateTime64") && families.Contains("Date32") && families.Contains("Map"))
        {
            await server.Client.CreateTableAsync<PageView>("ddl_page_views_modern", options);
            Assert.Equal("1", (await server.Client.QueryTextAsync($"EXISTS TABLE `{server.Database}`.ddl_page_views_modern")).Trim());
            return;
        }

        NotSupportedException error = await Assert.ThrowsAsync<NotSupportedException>(() => server.Client.CreateTableAsync<PageView>("ddl_page_views", options));

        string at = $"ClickHouse {version} at {server.Client.Endpoint}";
        Assert.Equal($"""
            CREATE TABLE `ddl_page_views` for PageView was not sent: it needs types {at} does not have:
              - column `at` (PageView.At) is DateTime64(7, 'UTC'): {at} has no DateTime64. Declare the member [ClickHouseColumn("at", Type = "DateTime('UTC')")] (whole seconds, from 1970 to 2106), or use a newer server.
              - column `seen` (PageView.Seen) is Nullable(DateTime64(7, 'UTC')): {at} has no DateTime64. Declare the member [ClickHouseColumn("seen", Type = "Nullable(DateTime('UTC'))")] (whole seconds, from 1970 to 2106), or use a newer server.
              - column `days` (PageView.Days) is Array(Date32): {at} has no Date32. Declare the member [ClickHouseColumn("days", Type = "Array(Date)")] (dates from 1970 to 2149), or use a newer server.
              - column `labels` (PageView.Labels) is Map(String, String): {at} has no Map. Give the member a type this server has with [ClickHouseColumn("labels", Type = "...")], or use a newer server.
            """.Replace("\r\n", "\n").Replace("\n", Environment.NewLine), error.Message);
        Assert.Equal("0", (await server.Client.QueryTextAsync($"EXISTS TABLE `{server.Database}`.ddl_page_views")).Trim());

        // The types the error proposes are ones this server has.
        await server.Client.CreateTableAsync<PageViewForOldServers>("ddl_page_views", options);
        Assert.Equal("1", (await server.Client.QueryTextAsync($"EXISTS TABLE `{server.Database}`.ddl_page_views")).Trim());
    }

    [OracleFact]
    public async Task ClickHouse_26_9_has_every_type_the_row_types_use_so_the_statement_is_sent()
    {
        // What ClickHouse 26.9 answers to the client's question, served by a fake server that records the requests.
        byte[] families = TestSupport.OracleProcess.Query("SELECT name, version() FROM system.data_type_families", "TabSeparated");
        var fake = new FakeClickHouse(request => FakeClickHouse.Ok(request.BodyText.Contains("data_type_families", StringComparison.Ordinal) ? families : []));
        using ClickHouseClient client = FakeClickHouse.Client(fake);

        await client.CreateTableAsync<ModernDdlRow>("modern");
        await client.CreateTableAsync<PageView>("page_views");

        Assert.Equal(4, fake.Requests.Count);
        Assert.StartsWith("CREATE TABLE `modern`", fake.Requests[1].Parameters.GetValueOrDefault("query", fake.Requests[1].BodyText), StringComparison.Ordinal);
        Assert.StartsWith("CREATE TABLE `page_views`", fake.Requests[3].Parameters.GetValueOrDefault("query", fake.Requests[3].BodyText), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_Geometry_column_needs_the_Geometry_family_only()
    {
        // A server with Geometry whose list has no MultiPoint: Geometry's own arms are not the row type's concern.
        var fake = new FakeClickHouse(request => FakeClickHouse.Ok(request.BodyText.Contains("data_type_families", StringComparison.Ordinal)
            ? "UInt32\t25.8.1.1\nGeometry\t25.8.1.1\nPoint\t25.8.1.1\n"u8.ToArray()
            : []));
        using ClickHouseClient client = FakeClickHouse.Client(fake);

        await client.CreateTableAsync<ShapeRow>("shapes");
        NotSupportedException error = await Assert.ThrowsAsync<NotSupportedException>(() => client.CreateTableAsync<ModernDdlRow>("modern"));

        Assert.StartsWith("CREATE TABLE `shapes`", fake.Requests[1].Parameters.GetValueOrDefault("query", fake.Requests[1].BodyText), StringComparison.Ordinal);
        Assert.Contains("column `stops` (ModernDdlRow.Stops) is MultiPoint: ClickHouse 25.8.1.1 at", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("column `shape`", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_server_that_cannot_list_its_types_gets_the_statement_unchecked()
    {
        var fake = new FakeClickHouse(request => request.BodyText.Contains("data_type_families", StringComparison.Ordinal)
            ? FakeClickHouse.Error(HttpStatusCode.NotFound, "Code: 60. DB::Exception: Table system.data_type_families doesn't exist. (UNKNOWN_TABLE)", 60)
            : FakeClickHouse.Ok([]));
        using ClickHouseClient client = FakeClickHouse.Client(fake);

        await client.CreateTableAsync<PageView>("page_views");

        Assert.Equal(2, fake.Requests.Count);
        Assert.StartsWith("CREATE TABLE `page_views`", fake.Requests[1].BodyText, StringComparison.Ordinal);
    }
}
