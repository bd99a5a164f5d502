using System.Buffers;
using System.IO.Compression;
using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>What the client puts on the wire, checked on the requests a fake server records.</summary>
public sealed class RequestTests
{
    /// <summary>Answers every request with an empty 200, and the schema probe as a table of <see cref="WebVisit"/>s would.</summary>
    private static FakeClickHouse EmptyOk() => new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<WebVisit>();

    private static byte[] RowBinaryOf<T>(IEnumerable<T> rows) where T : IClickHouseRow<T>
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows);
        return buffer.WrittenSpan.ToArray();
    }

    [Fact]
    public async Task Insert_streams_RowBinary_with_the_statement_in_the_URL_and_credentials_in_headers()
    {
        FakeClickHouse handler = EmptyOk();
        using ClickHouseClient client = FakeClickHouse.Client(handler, o =>
        {
            o.User = "alice";
            o.Password = "s3cret&x=1";
            o.Database = "analytics";
            o.WireFormat = ClickHouseWireFormat.RowBinary;
        });
        WebVisit[] rows = [WebVisit.Make(0), WebVisit.Make(1), WebVisit.Make(2)];

        ClickHouseInsertResult result = await client.InsertAsync("web_visits", WebVisit.Generate(3));

        RecordedRequest request = Assert.Single(handler.Requests);
        Assert.Equal(HttpMethod.Post, request.Message.Method);
        Assert.Equal("INSERT INTO `web_visits` (`day`, `page_url`, `country_id`, `browser_id`, `device_id`, `os_id`, `visits`) FORMAT RowBinary", request.Parameters["query"]);
        Assert.Equal("analytics", request.Parameters["database"]);
        Assert.Equal("alice", request.Header("X-ClickHouse-User"));
        Assert.Equal("s3cret&x=1", request.Header("X-ClickHouse-Key"));
        Assert.DoesNotContain("s3cret", request.Message.RequestUri!.ToString());
        Assert.DoesNotContain("alice", request.Message.RequestUri!.ToString());
        Assert.Null(request.DeclaredLength);
        // Without request compression the rows travel as zlib stored blocks: only the end mark makes the body complete.
        Assert.Equal("deflate", Assert.Single(request.Message.Content!.Headers.ContentEncoding));
        Assert.True(request.Body.Length > RowBinaryOf(rows).Length, "stored, not compressed");
        Assert.Equal(RowBinaryOf(rows), request.DecodedBody);
        Assert.Equal(new ClickHouseInsertResult(3, request.DecodedBody.Length), result);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(1_000)]
    [InlineData(60_000)]
    public async Task A_plain_body_of_any_size_is_a_zlib_stream_whose_checksum_holds(int rows)
    {
        FakeClickHouse handler = EmptyOk();
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => o.WireFormat = ClickHouseWireFormat.RowBinary);

        await client.InsertAsync("web_visits", WebVisit.Generate(rows));

        // zlib checks the Adler-32 at the end of the stream: a wrong one is an InvalidDataException here.
        Assert.Equal(RowBinaryOf(WebVisit.Generate(rows)), Assert.Single(handler.Requests).DecodedBody);
    }

    [Fact]
    public async Task Insert_options_name_the_database_in_the_statement_and_carry_settings_and_query_id()
    {
        FakeClickHouse handler = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<DefaultedRow>();
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => o.Settings["max_threads"] = "2");
        var options = new ClickHouseInsertOptions { Database = "we`ird", QueryId = "insert-1", Format = RowBinaryFormat.RowBinaryWithDefaults };
        options.Settings["async_insert"] = "1";
        options.Settings["max_threads"] = "8";

        await client.InsertAsync("t`; DROP TABLE x; --", new[] { new DefaultedRow(1, null) }, options);

        RecordedRequest request = Assert.Single(handler.Requests);
        Assert.Equal("INSERT INTO `we\\`ird`.`t\\`; DROP TABLE x; --` (`id`, `label`) FORMAT RowBinaryWithDefaults", request.Parameters["query"]);
        Assert.Equal("we`ird", request.Parameters["database"]);
        Assert.Equal("insert-1", request.Parameters["query_id"]);
        Assert.Equal("1", request.Parameters["async_insert"]);
        Assert.Equal("8", request.Parameters["max_threads"]);
        Assert.Equal(1, request.Message.RequestUri!.Query.Split("max_threads").Length - 1);
    }

    [Fact]
    public async Task Gzip_request_compression_compresses_the_rows_and_says_so()
    {
        FakeClickHouse handler = EmptyOk();
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => (o.RequestCompression, o.WireFormat) = (ClickHouseCompression.GZip, ClickHouseWireFormat.RowBinary));

        ClickHouseInsertResult result = await client.InsertAsync("web_visits", WebVisit.Generate(10_000));

        RecordedRequest request = Assert.Single(handler.Requests);
        Assert.Equal("gzip", Assert.Single(request.Message.Content!.Headers.ContentEncoding));
        using var gzip = new GZipStream(new MemoryStream(request.Body), CompressionMode.Decompress);
        var plain = new MemoryStream();
        gzip.CopyTo(plain);
        Assert.Equal(RowBinaryOf(WebVisit.Generate(10_000)), plain.ToArray());
        Assert.Equal(plain.Length, result.Bytes);
        Assert.True(request.Body.Length < plain.Length / 2, $"{request.Body.Length} compressed bytes for {plain.Length}");
    }

    [Theory]
    [InlineData(ClickHouseCompression.GZip, "gzip")]
    [InlineData(ClickHouseCompression.Deflate, "deflate")]
    [InlineData(ClickHouseCompression.Brotli, "br")]
    [InlineData(ClickHouseCompression.Zstd, "zstd")]
    [InlineData(ClickHouseCompression.Lz4, "lz4")]
    public async Task Every_request_compression_decodes_to_the_rows(ClickHouseCompression compression, string coding)
    {
        FakeClickHouse handler = EmptyOk();
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => (o.RequestCompression, o.WireFormat) = (compression, ClickHouseWireFormat.RowBinary));

        await client.InsertAsync("web_visits", WebVisit.Generate(1000));

        RecordedRequest request = Assert.Single(handler.Requests);
        Assert.Equal(coding, Assert.Single(request.Message.Content!.Headers.ContentEncoding));
        using Stream decoder = coding switch
        {
            "gzip" => new GZipStream(new MemoryStream(request.Body), CompressionMode.Decompress),
            "deflate" => new ZLibStream(new MemoryStream(request.Body), CompressionMode.Decompress),
            "zstd" => new ZstdSharp.DecompressionStream(new MemoryStream(request.Body)),
            "lz4" => K4os.Compression.LZ4.Streams.LZ4Stream.Decode(new MemoryStream(request.Body)),
            _ => new BrotliStream(new MemoryStream(request.Body), CompressionMode.Decompress),
        };
        var plain = new MemoryStream();
        decoder.CopyTo(plain);
        Assert.Equal(RowBinaryOf(WebVisit.Generate(1000)), plain.ToArray());
    }

    [Fact]
    public async Task Rows_from_an_async_sequence_are_streamed_and_counted()
    {
        FakeClickHouse handler = EmptyOk();
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => o.WireFormat = ClickHouseWireFormat.RowBinary);

        ClickHouseInsertResult result = await client.InsertAsync("web_visits", GenerateAsync(2500));

        RecordedRequest request = Assert.Single(handler.Requests);
        Assert.Equal(RowBinaryOf(WebVisit.Generate(2500)), request.DecodedBody);
        Assert.Equal(new ClickHouseInsertResult(2500, request.DecodedBody.Length), result);

        static async IAsyncEnumerable<WebVisit> GenerateAsync(int count)
        {
            for (int i = 0; i < count; i++)
            {
                if (i % 500 == 0)
                {
                    await Task.Yield();
                }
                yield return WebVisit.Make(i);
            }
        }
    }

    [Fact]
    public async Task Response_compression_asks_for_it_and_decodes_what_comes_back()
    {
        byte[] data = Bodies.NumberRows(1000);
        var handler = new FakeClickHouse(_ => FakeClickHouse.OkGzip(data, 100));
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => o.ResponseCompression = ClickHouseCompression.GZip);

        List<NumberRow> rows = await client.QueryListAsync<NumberRow>("SELECT 1", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary });

        RecordedRequest request = Assert.Single(handler.Requests);
        Assert.Equal("gzip", request.Header("Accept-Encoding"));
        Assert.Equal("1", request.Parameters["enable_http_compression"]);
        Assert.Equal(1000, rows.Count);
        Assert.Equal(new NumberRow(999, 0), rows[^1]);
    }

    [Fact]
    public async Task Queries_go_in_the_body_with_a_FORMAT_clause_of_their_own()
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Bodies.NumberRows(2)));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        await client.QueryListAsync<NumberRow>("SELECT number, 0 AS thrown FROM numbers(2) -- two rows;\n ; ", new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary });

        RecordedRequest request = Assert.Single(handler.Requests);
        Assert.Equal("SELECT number, 0 AS thrown FROM numbers(2) -- two rows\nFORMAT RowBinary", request.BodyText);
        Assert.False(request.Parameters.ContainsKey("query"));
    }

    [Fact]
    public async Task Typed_reads_fall_back_to_RowBinary_once_when_the_server_lacks_RowBinaryWithNamesAndTypes()
    {
        var handler = new FakeClickHouse(request => request.BodyText.EndsWith("FORMAT RowBinaryWithNamesAndTypes", StringComparison.Ordinal)
            ? FakeClickHouse.Error(HttpStatusCode.NotFound, "Code: 73, e.displayText() = DB::Exception: Unknown format RowBinaryWithNamesAndTypes, e.what() = DB::Exception\n")
            : FakeClickHouse.Ok(Bodies.NumberRows(3)));
        using ClickHouseClient client = FakeClickHouse.Client(handler, o => o.WireFormat = ClickHouseWireFormat.RowBinary);

        List<NumberRow> first = await client.QueryListAsync<NumberRow>("SELECT 1");
        List<NumberRow> second = await client.QueryListAsync<NumberRow>("SELECT 2");

        Assert.Equal(3, first.Count);
        Assert.Equal(3, second.Count);
        Assert.Equal(
            ["SELECT 1\nFORMAT RowBinaryWithNamesAndTypes", "SELECT 1\nFORMAT RowBinary", "SELECT 2\nFORMAT RowBinary"],
            handler.Requests.Select(r => r.BodyText));
    }

    [Fact]
    public async Task Parameters_travel_as_param_URL_parameters_in_ClickHouse_text_form()
    {
        FakeClickHouse handler = EmptyOk();
        using ClickHouseClient client = FakeClickHouse.Client(handler);
        var options = new ClickHouseQueryOptions();
        foreach ((string name, object? value, _) in ParameterCases.All)
        {
            options.Parameters[name] = value;
        }

        await client.ExecuteAsync("SELECT {s:String}", options);

        Dictionary<string, string> sent = Assert.Single(handler.Requests).Parameters;
        foreach ((string name, _, string expected) in ParameterCases.All)
        {
            Assert.Equal(expected, sent["param_" + name]);
        }
    }

    [Fact]
    public async Task A_parameter_value_that_cannot_be_sent_is_a_clear_error_before_anything_is_sent()
    {
        FakeClickHouse handler = EmptyOk();
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var error = await Assert.ThrowsAsync<ArgumentException>(
            () => client.QueryListAsync<NumberRow>("SELECT {b:String}", new Dictionary<string, object?> { ["b"] = new byte[] { 1 } }));

        Assert.Contains("Query parameter 'b'", error.Message);
        Assert.Empty(handler.Requests);
    }

    [Fact]
    public async Task The_client_does_not_dispose_an_HttpClient_it_was_given()
    {
        FakeClickHouse handler = EmptyOk();
        using var http = new HttpClient(handler);
        var client = new ClickHouseClient(http, new ClickHouseClientOptions { Endpoint = new Uri("http://fake-clickhouse:8123") });
        await client.ExecuteAsync("SELECT 1");

        client.Dispose();

        using HttpResponseMessage response = await http.GetAsync("http://fake-clickhouse:8123/ping");
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Fact]
    public void Options_from_the_environment_read_every_CLICKHOUSE_variable_and_a_list_of_endpoints()
    {
        string[] names = ["CLICKHOUSE_URL", "CLICKHOUSE_USER", "CLICKHOUSE_PASSWORD", "CLICKHOUSE_DATABASE"];
        Dictionary<string, string?> saved = names.ToDictionary(name => name, Environment.GetEnvironmentVariable);
        try
        {
            Environment.SetEnvironmentVariable("CLICKHOUSE_URL", " http://a.example:8123 , https://b.example:8443/proxy ");
            Environment.SetEnvironmentVariable("CLICKHOUSE_USER", "writer");
            Environment.SetEnvironmentVariable("CLICKHOUSE_PASSWORD", "s3cret");
            Environment.SetEnvironmentVariable("CLICKHOUSE_DATABASE", "analytics");
            ClickHouseClientOptions several = ClickHouseClientOptions.FromEnvironment();

            Assert.Equal([new Uri("http://a.example:8123/"), new Uri("https://b.example:8443/proxy")], several.Endpoints);
            Assert.Equal(new Uri("http://a.example:8123/"), several.Endpoint);
            Assert.Equal(("writer", "s3cret", "analytics"), (several.User, several.Password, several.Database));
            Assert.Same(ClickHouseOptionsSource.Environment, several.Source);

            Environment.SetEnvironmentVariable("CLICKHOUSE_URL", "http://one.example:8123");
            Environment.SetEnvironmentVariable("CLICKHOUSE_PASSWORD", "");
            ClickHouseClientOptions one = ClickHouseClientOptions.FromEnvironment();
            Assert.Equal(new Uri("http://one.example:8123/"), one.Endpoint);
            Assert.Empty(one.Endpoints);
            Assert.Null(one.Password);

            Environment.SetEnvironmentVariable("CLICKHOUSE_URL", null);
            Assert.Equal(ClickHouseClientOptions.DefaultEndpoint, ClickHouseClientOptions.FromEnvironment().Endpoint);

            Environment.SetEnvironmentVariable("CLICKHOUSE_URL", "http://ok.example:8123,ftp://bad.example");
            Assert.Contains("CLICKHOUSE_URL", Assert.Throws<ArgumentException>(ClickHouseClientOptions.FromEnvironment).Message, StringComparison.Ordinal);
        }
        finally
        {
            foreach ((string name, string? value) in saved)
            {
                Environment.SetEnvironmentVariable(name, value);
            }
        }
    }

    [Fact]
    public void A_client_with_several_endpoints_sends_queries_to_the_first_and_lists_them_all()
    {
        var options = new ClickHouseClientOptions { Endpoints = { new Uri("http://a.example:8123/"), new Uri("http://b.example:8123/") } };
        using var client = new ClickHouseClient(options);

        Assert.Equal(new Uri("http://a.example:8123/"), client.Endpoint);
        Assert.Equal(options.Endpoints, client.Endpoints);
        Assert.Throws<ArgumentException>(() => new ClickHouseClient(new ClickHouseClientOptions { Endpoints = { new Uri("ftp://x.example/") } }));
    }
}
