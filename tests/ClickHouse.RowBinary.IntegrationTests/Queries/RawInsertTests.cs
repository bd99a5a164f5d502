using System.IO.Pipelines;
using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Server;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>InsertRawAsync: bodies in any input format, against the server at hand and (Parquet, which 18.16 lacks) ClickHouse 26.9.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class RawInsertTests(ClickHouseServerFixture server)
{
    private async Task<string> CreateTableAsync(string name)
    {
        await server.Client.ExecuteAsync($"CREATE TABLE IF NOT EXISTS {name} (id UInt32, name String) ENGINE = Memory");
        await server.Client.ExecuteAsync($"TRUNCATE TABLE {name}");
        return name;
    }

    private async Task<List<(uint, string)>> RowsAsync(string table) => await server.Client.QueryListAsync<uint, string>($"SELECT id, name FROM {table} ORDER BY id");

    [ServerFact]
    public async Task Text_formats_stream_from_a_stream_or_a_pipe()
    {
        string table = await CreateTableAsync("raw_text");

        ClickHouseInsertResult csv = await server.Client.InsertRawAsync(table, "CSV", new MemoryStream("1,\"a, b\"\n2,c\n"u8.ToArray()));
        await server.Client.InsertRawAsync(table, "TabSeparated", new MemoryStream("3\ttab\\there\n"u8.ToArray()));
        await server.Client.InsertRawAsync(table, "JSONEachRow", new MemoryStream("{\"id\":4,\"name\":\"Zoë\"}\n"u8.ToArray()));
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync("5,piped\n"u8.ToArray());
        await pipe.Writer.CompleteAsync();
        await server.Client.InsertRawAsync(table, "CSV", pipe.Reader);

        Assert.Equal([(1u, "a, b"), (2u, "c"), (3u, "tab\there"), (4u, "Zoë"), (5u, "piped")], await RowsAsync(table));
        Assert.Equal("1,\"a, b\"\n2,c\n"u8.Length, csv.Bytes);
        Assert.Equal(server.Version.Major >= 20 ? 2 : -1, csv.Rows);
    }

    [ServerFact]
    public async Task A_large_body_streams_with_the_clients_compression_and_reports_progress()
    {
        string table = await CreateTableAsync("raw_large");
        var text = new StringBuilder();
        for (int i = 0; i < 200_000; i++)
        {
            text.Append(i).Append(",name-").Append(i).Append('\n');
        }
        byte[] body = Encoding.UTF8.GetBytes(text.ToString());
        using ClickHouseClient gzip = server.CreateClient(o => o.RequestCompression = ClickHouseCompression.GZip);
        var reports = new List<ClickHouseInsertProgress>();

        ClickHouseInsertResult result = await gzip.InsertRawAsync(table, "CSV", new MemoryStream(body),
            new ClickHouseInsertOptions { Progress = new SynchronousProgress<ClickHouseInsertProgress>(reports.Add) });

        Assert.Equal(body.Length, result.Bytes);
        Assert.Equal(200_000UL, await server.Client.QueryScalarAsync<ulong>($"SELECT count() FROM {table}"));
        Assert.True(reports.Count > 1, $"{reports.Count} progress reports");
        Assert.Equal(body.Length, reports[^1].Bytes);
    }

    [ServerFact]
    public async Task A_body_the_server_cannot_parse_is_its_error_and_a_format_name_cannot_carry_SQL()
    {
        string table = await CreateTableAsync("raw_bad");

        ClickHouseServerException error = await Assert.ThrowsAsync<ClickHouseServerException>(
            () => server.Client.InsertRawAsync(table, "CSV", new MemoryStream("not a number,x\n"u8.ToArray())));
        ArgumentException format = await Assert.ThrowsAsync<ArgumentException>(
            () => server.Client.InsertRawAsync(table, "CSV; DROP TABLE x", new MemoryStream([])));

        Assert.True(error.Code > 0, error.Message);
        Assert.Contains("not a ClickHouse format name", format.Message, StringComparison.Ordinal);
        Assert.Empty(await RowsAsync(table));
    }

    [ServerFact]
    public async Task Native_written_by_the_server_goes_back_in_as_it_was()
    {
        string table = await CreateTableAsync("raw_native");
        byte[] native;
        await using (Stream stream = await server.Client.QueryStreamAsync("SELECT toUInt32(number) AS id, concat('n', toString(number)) AS name FROM numbers(3) FORMAT Native"))
        {
            using var copy = new MemoryStream();
            await stream.CopyToAsync(copy);
            native = copy.ToArray();
        }

        await server.Client.InsertRawAsync(table, "Native", new MemoryStream(native));

        Assert.Equal([(0u, "n0"), (1u, "n1"), (2u, "n2")], await RowsAsync(table));
    }

    [OracleFact]
    public async Task Parquet_reaches_a_modern_server_byte_for_byte_compressed_with_zstd()
    {
        Compression.ClickHouseCompressionCodecs.Register();
        byte[] parquet = OracleProcess.Query("SELECT toUInt32(number) AS id, concat('p', toString(number)) AS name FROM numbers(3)", "Parquet");
        await using var replay = new ReplayServer.ReplayServer(_ => ReplayResponse.Empty);
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = replay.Url, RequestCompression = ClickHouseCompression.Zstd });

        ClickHouseInsertResult result = await client.InsertRawAsync("events", "Parquet", new MemoryStream(parquet), new ClickHouseInsertOptions { Database = "analytics" });

        ReplayRequest request = Assert.Single(replay.Requests);
        Assert.Equal("INSERT INTO `analytics`.`events` FORMAT Parquet", request.Query);
        Assert.Equal("zstd", request.Header("Content-Encoding"));
        byte[] sent = BodyDecoder.Decode(request.Body, "zstd");
        Assert.Equal(parquet, sent);
        Assert.Equal(["""{"id":0,"name":"p0"}""", """{"id":1,"name":"p1"}""", """{"id":2,"name":"p2"}"""], OracleProcess.Parse("id UInt32, name String", "Parquet", sent));
        Assert.Equal((0L, parquet.Length), (result.Rows, result.Bytes));
    }

    private sealed class SynchronousProgress<T>(Action<T> report) : IProgress<T>
    {
        public void Report(T value) => report(value);
    }
}
