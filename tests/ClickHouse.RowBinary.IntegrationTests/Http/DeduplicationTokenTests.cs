using System.Globalization;
using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Server;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// <see cref="ClickHouseInsertOptions.DeduplicationToken"/>: what the client sends to a server with the setting (26.9's
/// answers, on the replay server) and without it (18.16's), and, with the oracle, what ClickHouse 26.9 does with a
/// retried import: the blocks of one token are numbered, so the same rows with the same token insert exactly the
/// blocks a failure left out.
/// </summary>
public sealed class DeduplicationTokenTests
{
    [Fact]
    public async Task The_token_goes_where_the_server_has_the_setting_and_the_server_is_asked_once()
    {
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(TableColumns.Of<EventRow>(), request => RecordedSettings.IsQuestion(request.Query)
            ? new ReplayResponse(Encoding.UTF8.GetBytes(RecordedSettings.ClickHouse26_9))
            : ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });

        await client.InsertAsync("events", Rows(3), new ClickHouseInsertOptions { DeduplicationToken = "import-7" });
        await client.InsertAsync("events", Rows(3), new ClickHouseInsertOptions { DeduplicationToken = "import-8" });
        await client.InsertAsync("events", Rows(3));
        await client.InsertRawAsync("events", "RowBinary", new MemoryStream(Tables.RowBinaryOf(Rows(3))), new ClickHouseInsertOptions { DeduplicationToken = "import-9" });

        ReplayRequest[] inserts = [.. server.Requests.Where(r => r.IsInsert)];
        Assert.Equal(["import-7", "import-8", null, "import-9"], inserts.Select(r => r.Parameters.GetValueOrDefault("insert_deduplication_token")));
        Assert.Single(server.Requests, r => RecordedSettings.IsQuestion(r.Query));
    }

    [Fact]
    public async Task No_token_goes_to_a_server_without_the_setting()
    {
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(TableColumns.Of<EventRow>(), request => RecordedSettings.IsQuestion(request.Query)
            ? new ReplayResponse(Encoding.UTF8.GetBytes(RecordedSettings.ClickHouse18_16))
            : ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });

        await client.InsertAsync("events", Rows(3), new ClickHouseInsertOptions { DeduplicationToken = "import-7" });
        await client.InsertAsync("events", Rows(3), new ClickHouseInsertOptions { DeduplicationToken = "import-8" });

        Assert.All(server.Requests.Where(r => r.IsInsert), r => Assert.False(r.Parameters.ContainsKey("insert_deduplication_token")));
        Assert.Single(server.Requests, r => RecordedSettings.IsQuestion(r.Query));
        var both = new ClickHouseInsertOptions { DeduplicationToken = "a" };
        both.Settings["insert_deduplication_token"] = "b";
        await Assert.ThrowsAsync<ArgumentException>(() => client.InsertAsync("events", Rows(1), both));
    }

    /// <summary>A server whose profile changes how it cuts blocks (26.9's answer with one setting changed), learnt from system.settings.</summary>
    public static TheoryData<string, string, long, bool> Profiles => new()
    {
        { "max_insert_block_size\t1048449", "max_insert_block_size\t5000", 5_000, false },
        { "min_insert_block_size_rows\t1048449\nmin_insert_block_size_bytes\t268402944", "min_insert_block_size_rows\t2000\nmin_insert_block_size_bytes\t0", 2_000, false },
        { "min_insert_block_size_rows\t1048449", "min_insert_block_size_rows\t2000", 1_048_449, true },
        { "max_insert_block_size_bytes\t0", "max_insert_block_size_bytes\t1000000", 1_048_449, true },
    };

    [Theory]
    [MemberData(nameof(Profiles))]
    public async Task A_failed_import_names_its_token_and_the_blocks_the_server_cuts(string recorded, string profile, long blockRows, bool anyRowMayHaveStayed)
    {
        string settings = RecordedSettings.ClickHouse26_9.Replace(recorded, profile, StringComparison.Ordinal);
        Assert.NotEqual(RecordedSettings.ClickHouse26_9, settings);
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(TableColumns.Of<EventRow>(), request => RecordedSettings.IsQuestion(request.Query)
            ? new ReplayResponse(Encoding.UTF8.GetBytes(settings))
            : ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });

        ClickHousePartialInsertException error = await Assert.ThrowsAsync<ClickHousePartialInsertException>(
            () => client.InsertAsync("events", FailAfter(Rows(40_000)), new ClickHouseInsertOptions { DeduplicationToken = "import-9", WireFormat = ClickHouseWireFormat.RowBinary }));

        Assert.Equal(blockRows, error.BlockRows);
        Assert.Equal(anyRowMayHaveStayed ? error.RowsSent : error.RowsSent / blockRows * blockRows, error.MayHaveCommittedRows);
        Assert.InRange(error.MayHaveCommittedRows, 2_000, 40_000);
        Assert.Equal("import-9", error.DeduplicationToken);
        Assert.Contains("the same DeduplicationToken ('import-9')", error.Message, StringComparison.Ordinal);
        Assert.IsType<InvalidOperationException>(error.InnerException);
    }

    /// <summary>The recorded 26.9 answer is what the oracle answers today.</summary>
    [OracleFact]
    public void The_recorded_answer_of_ClickHouse_26_9_is_the_oracles()
    {
        string question = ServerQuestion().Replace(" FORMAT TabSeparated", "", StringComparison.Ordinal);
        Assert.Equal(RecordedSettings.ClickHouse26_9, Encoding.UTF8.GetString(OracleProcess.Query(question, "TabSeparated")));
    }

    /// <summary>
    /// ClickHouse 26.9 on an import cut after two of its three blocks (the blocks a failed INSERT leaves, as RowBinary
    /// from this client), then sent again whole: with the same token exactly once; with a new token the two blocks twice.
    /// </summary>
    [OracleFact]
    public async Task A_retry_with_the_same_token_finishes_a_cut_import_exactly_once()
    {
        string directory = Directory.CreateTempSubdirectory("dedup-token-").FullName;
        try
        {
            const int block = 100_000;
            string cut = Path.Combine(directory, "cut.bin");
            string whole = Path.Combine(directory, "whole.bin");
            await File.WriteAllBytesAsync(cut, Tables.RowBinaryOf(Rows(2 * block)));
            await File.WriteAllBytesAsync(whole, Tables.RowBinaryOf(Rows(3 * block)));

            Assert.Equal("300000\t300000", Import(whole, "one", (whole, "one")));
            Assert.Equal("300000\t300000", Import(cut, "import-1", (whole, "import-1")));
            Assert.Equal("500000\t300000", Import(cut, "import-1", (whole, "import-2")));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }

        // A table that deduplicates, blocks of 100,000 rows, one INSERT per file with its token; then count and distinct ids.
        static string Import(string first, string firstToken, params (string File, string Token)[] then)
        {
            var sql = new StringBuilder("SET max_insert_block_size = 100000; SET min_insert_block_size_rows = 100000; SET max_block_size = 100000; "
                + "CREATE TABLE t (id UInt32, name String, code FixedString(4)) ENGINE = MergeTree ORDER BY id SETTINGS non_replicated_deduplication_window = 1000; ");
            foreach ((string file, string token) in then.Prepend((first, firstToken)))
            {
                sql.Append(CultureInfo.InvariantCulture, $"INSERT INTO t FROM INFILE '{file}' SETTINGS insert_deduplication_token = '{token}' FORMAT RowBinary; ");
            }
            sql.Append("SELECT count(), uniqExact(id) FROM t SETTINGS max_threads = 1");
            return Encoding.UTF8.GetString(OracleProcess.Query(sql.ToString(), "TabSeparated")).Trim();
        }
    }

    /// <summary>The client's question, as it asks it (the literal names of the settings).</summary>
    private static string ServerQuestion()
        => "SELECT name, value FROM system.settings WHERE name IN ('insert_deduplication_token', 'max_insert_block_size', 'max_insert_block_size_rows', "
            + "'max_insert_block_size_bytes', 'min_insert_block_size_rows', 'min_insert_block_size_bytes', 'input_format_max_block_size_bytes', "
            + "'async_insert', 'wait_for_async_insert', 'async_insert_deduplicate') FORMAT TabSeparated";

    private static IEnumerable<EventRow> Rows(int count) => Enumerable.Range(0, count).Select(i => EventRow.Numbered((uint)i));

    private static IEnumerable<EventRow> FailAfter(IEnumerable<EventRow> rows)
    {
        foreach (EventRow row in rows)
        {
            yield return row;
        }
        throw new InvalidOperationException("the rows failed");
    }
}
