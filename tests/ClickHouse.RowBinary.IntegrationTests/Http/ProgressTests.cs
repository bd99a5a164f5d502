using ClickHouse.RowBinary.IntegrationTests.Batching;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>Progress of long work, as the client reports it.</summary>
public sealed class ProgressTests
{
    private sealed class Recorded<T> : IProgress<T>
    {
        public List<T> Reports { get; } = [];

        public void Report(T value)
        {
            lock (Reports)
            {
                Reports.Add(value);
            }
        }
    }

    public static TheoryData<string> Sources => ["array", "enumerable", "async"];

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task An_insert_reports_rows_and_bytes_sent_as_it_goes_and_the_totals_at_the_end(string source)
    {
        FakeClickHouse server = new FakeClickHouse(_ => FakeClickHouse.Ok([])).Describing<EventRow>();
        // RowBinary, reported every chunk; Native reports once a block (NativeWireTests).
        using ClickHouseClient client = FakeClickHouse.Client(server, o => o.WireFormat = ClickHouseWireFormat.RowBinary);
        EventRow[] rows = [.. Enumerable.Range(0, 50_000).Select(i => EventRow.Numbered((uint)i))];
        var progress = new Recorded<ClickHouseInsertProgress>();
        var options = new ClickHouseInsertOptions { Progress = progress };

        ClickHouseInsertResult result = source switch
        {
            "array" => await client.InsertAsync("events", rows, options),
            "enumerable" => await client.InsertAsync("events", rows.Select(r => r), options),
            _ => await client.InsertAsync("events", rows.ToAsyncEnumerable(), options),
        };

        Assert.True(progress.Reports.Count > 3, $"{progress.Reports.Count} reports for {result.Bytes:N0} bytes");
        Assert.Equal(new ClickHouseInsertProgress(rows.Length, result.Bytes), progress.Reports[^1]);
        Assert.Equal(result.Bytes, server.Requests.Single().DecodedBody.Length);
        for (int i = 1; i < progress.Reports.Count; i++)
        {
            Assert.True(progress.Reports[i].Rows > progress.Reports[i - 1].Rows || progress.Reports[i].Bytes > progress.Reports[i - 1].Bytes);
            Assert.True(progress.Reports[i].Rows >= progress.Reports[i - 1].Rows && progress.Reports[i].Bytes >= progress.Reports[i - 1].Bytes);
        }
        // Every report but the last is a whole chunk of whole rows: its bytes are exactly those rows' bytes.
        var expected = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(expected, rows.Take((int)progress.Reports[0].Rows));
        Assert.Equal(expected.WrittenCount, progress.Reports[0].Bytes);
    }
}

/// <summary>Progress of queries: the server's own progress at the start, bytes as they arrive, rows at the end.</summary>
public sealed class QueryProgressTests
{
    private sealed class Recorded : IProgress<ClickHouseQueryProgress>
    {
        public List<ClickHouseQueryProgress> Reports { get; } = [];

        public void Report(ClickHouseQueryProgress value) => Reports.Add(value);
    }

    [Fact]
    public async Task A_query_reports_the_servers_progress_bytes_as_they_arrive_and_the_rows_at_the_end()
    {
        var body = new System.Buffers.ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(body, Enumerable.Range(0, 200_000).Select(i => EventRow.Numbered((uint)i)));
        byte[] rows = body.WrittenSpan.ToArray();
        FakeClickHouse server = new(request =>
        {
            HttpResponseMessage response = FakeClickHouse.Ok(rows, chunkSize: 64 * 1024);
            response.Headers.Add("X-ClickHouse-Progress", """{"read_rows":"1000","read_bytes":"8000","written_rows":"0","total_rows_to_read":"200000"}""");
            response.Headers.Add("X-ClickHouse-Progress", """{"read_rows":"150000","read_bytes":"1200000","written_rows":"0","total_rows_to_read":"200000"}""");
            return response;
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        var progress = new Recorded();

        List<EventRow> read = await client.QueryListAsync<EventRow>("SELECT id, name, code FROM events",
            new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary, Progress = progress });

        Assert.Equal(200_000, read.Count);
        Assert.Equal("1", server.Requests.Single().Parameters["send_progress_in_http_headers"]);
        var serverProgress = new ClickHouseServerProgress(150_000, 1_200_000, 200_000);
        Assert.Equal(new ClickHouseQueryProgress(0, 0, serverProgress), progress.Reports[0]);
        Assert.Equal(new ClickHouseQueryProgress(200_000, rows.Length, serverProgress), progress.Reports[^1]);
        long[] bytes = [.. progress.Reports.Select(r => r.Bytes)];
        Assert.True(bytes.Length >= 2 + rows.Length / (1024 * 1024), $"{bytes.Length} reports for {rows.Length:N0} bytes");
        Assert.Equal(bytes.Order(), bytes);
    }

    [Fact]
    public void A_progress_header_that_does_not_parse_is_no_progress()
    {
        Assert.Null(QueryProgressHeader("not json"));
        Assert.Equal(new ClickHouseServerProgress(5, 40, 0), QueryProgressHeader("""{"read_rows":"5","read_bytes":"40"}"""));
    }

    private static ClickHouseServerProgress? QueryProgressHeader(string header)
    {
        FakeClickHouse server = new(_ =>
        {
            HttpResponseMessage response = FakeClickHouse.Ok([]);
            response.Headers.TryAddWithoutValidation("X-ClickHouse-Progress", header);
            return response;
        });
        using ClickHouseClient client = FakeClickHouse.Client(server);
        var progress = new Recorded();
        client.QueryTextAsync("SELECT 1", new ClickHouseQueryOptions { Progress = progress }).GetAwaiter().GetResult();
        return progress.Reports[0].Server;
    }
}
