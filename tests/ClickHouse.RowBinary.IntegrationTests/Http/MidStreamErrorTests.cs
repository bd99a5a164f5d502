using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// Server errors that arrive after the result started streaming (status 200 already sent), in the forms of three
/// server generations, through the public client over crafted bodies. No row may ever be made of error text.
/// </summary>
public sealed class MidStreamErrorTests
{
    private static readonly ClickHouseQueryOptions AsRowBinary = new() { Format = RowBinaryFormat.RowBinary };

    public static TheoryData<string, int> Generations()
    {
        var data = new TheoryData<string, int>();
        foreach (string generation in new[] { "gen1-18.x", "gen1", "gen2", "gen3" })
        {
            foreach (int chunk in new[] { 1, 7, 29, 4096, 65_537, 1 << 20 })
            {
                data.Add(generation, chunk);
            }
        }
        return data;
    }

    /// <summary>The data, then the error as the <paramref name="generation"/> of servers sends it, in chunks of <paramref name="chunk"/> bytes.</summary>
    internal static HttpResponseMessage Respond(string generation, byte[] data, int chunk) => generation switch
    {
        "gen1-18.x" => FakeClickHouse.Ok(Bodies.Concat(data, Bodies.Gen1Old), chunk),
        "gen1" => FakeClickHouse.Ok(Bodies.Concat(data, Bodies.Gen1), chunk),
        "gen2" => FakeClickHouse.Ok(Bodies.Concat(data, Bodies.Gen2), chunk, breakAtEnd: true),
        "gen3" => FakeClickHouse.Ok(Bodies.Concat(data, Bodies.Gen3()), chunk, breakAtEnd: true, exceptionTag: Bodies.Tag),
        _ => throw new ArgumentOutOfRangeException(nameof(generation)),
    };

    [Theory]
    [MemberData(nameof(Generations))]
    public async Task Every_row_before_the_error_then_the_server_error(string generation, int chunk)
    {
        const int rowCount = 50_000; // 450 KB: more than the held-back tail, so rows stream before the end
        var handler = new FakeClickHouse(_ => Respond(generation, Bodies.NumberRows(rowCount), chunk));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var rows = new List<NumberRow>();
        var error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach (NumberRow row in client.QueryAsync<NumberRow>("SELECT number, throwIf(number = 50000) AS thrown FROM numbers(100000)", AsRowBinary))
            {
                rows.Add(row);
            }
        });

        Assert.Equal(395, error.Code);
        Assert.Equal(HttpStatusCode.OK, error.StatusCode);
        Assert.StartsWith("Code: 395", error.ServerMessage);
        Assert.Contains("throwIf", error.ServerMessage);
        Assert.DoesNotContain("__exception__", error.ServerMessage);
        Assert.DoesNotContain(Bodies.Tag, error.ServerMessage);
        Assert.Contains("in the middle of the result", error.Message);
        Assert.Equal(rowCount, rows.Count);
        for (int i = 0; i < rows.Count; i++)
        {
            Assert.Equal(new NumberRow((ulong)i, 0), rows[i]);
        }
    }

    [Theory]
    [InlineData("gen1-18.x")]
    [InlineData("gen1")]
    [InlineData("gen2")]
    [InlineData("gen3")]
    public async Task The_raw_result_stream_returns_the_data_and_not_one_byte_of_error_text(string generation)
    {
        byte[] data = Bodies.NumberRows(1000);
        var handler = new FakeClickHouse(_ => Respond(generation, data, 333));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        await using Stream body = await client.QueryStreamAsync("SELECT 1 FORMAT RowBinary");
        var received = new MemoryStream();
        var error = await Assert.ThrowsAsync<ClickHouseServerException>(() => body.CopyToAsync(received));

        Assert.Equal(395, error.Code);
        Assert.Equal(data, received.ToArray());
    }

    [Theory]
    [InlineData("gen1-18.x")]
    [InlineData("gen1")]
    [InlineData("gen2")]
    [InlineData("gen3")]
    public async Task Error_text_that_would_parse_as_a_String_row_never_becomes_one(string generation)
    {
        // 'C' is 67: read as a String length, the error text would make a 67-byte row out of itself.
        byte[] data = Bodies.TextRows("alpha", "beta");
        var handler = new FakeClickHouse(_ => Respond(generation, data, 5));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var rows = new List<TextRow>();
        await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach (TextRow row in client.QueryAsync<TextRow>("SELECT text FROM t", AsRowBinary))
            {
                rows.Add(row);
            }
        });

        Assert.Equal([new TextRow("alpha"), new TextRow("beta")], rows);
    }

    [Fact]
    public async Task Data_that_merely_contains_error_like_text_is_data()
    {
        string[] texts =
        [
            "Code: 395, e.displayText() = DB::Exception: this is a stored value",
            "x",
            "Code: 395. DB::Exception: also stored",
            "\u0001",
            "__exception__\r\nCode: 1. DB::Exception: stored too",
            "end",
        ];
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Bodies.TextRows(texts), 3));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        List<TextRow> rows = await client.QueryListAsync<TextRow>("SELECT text FROM t", AsRowBinary);

        Assert.Equal(texts, rows.Select(row => row.Text));
    }

    [Fact]
    public async Task A_tag_frame_inside_binary_data_is_recognised_however_long_the_message()
    {
        // The message is longer than the held-back tail: only the tag makes it recognisable as it arrives.
        string message = "Code: 241. DB::Exception: Memory limit exceeded: " + new string('x', ClickHouseResponseStreamWindow + 10_000);
        byte[] data = Bodies.NumberRows(100_000);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Bodies.Concat(data, Bodies.Gen3(message)), 65536, breakAtEnd: true, exceptionTag: Bodies.Tag));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        int count = 0;
        var error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach (NumberRow row in client.QueryAsync<NumberRow>("SELECT 1", AsRowBinary))
            {
                Assert.Equal(new NumberRow((ulong)count, 0), row);
                count++;
            }
        });

        Assert.Equal(241, error.Code);
        Assert.Equal(100_000, count);
        Assert.StartsWith("Code: 241. DB::Exception: Memory limit exceeded: xxx", error.ServerMessage);
    }

    [Fact]
    public async Task A_tag_frame_cut_at_any_byte_between_two_large_reads_is_found_and_no_byte_of_it_reaches_the_reader()
    {
        // With a tag, a large read goes straight into the reader's buffer (not through the ring) and only the last few
        // dozen bytes are held back: wherever the end of a read cuts the frame, from the line break before it to its
        // message, the data before it arrives whole and the error follows.
        byte[] data = Bodies.Random(100_000, seed: 7);
        byte[] frame = System.Text.Encoding.UTF8.GetBytes(Bodies.Gen3());
        for (int cut = 0; cut <= 60; cut++)
        {
            var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Bodies.Concat(data, frame), data.Length + cut, breakAtEnd: true, exceptionTag: Bodies.Tag));
            using ClickHouseClient client = FakeClickHouse.Client(handler);
            await using Stream body = await client.QueryStreamAsync("SELECT 1 FORMAT RowBinary");

            var received = new MemoryStream();
            byte[] buffer = new byte[1 << 20];
            var error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
            {
                int read;
                while ((read = await body.ReadAsync(buffer)) > 0)
                {
                    received.Write(buffer, 0, read);
                }
            });

            Assert.Equal(395, error.Code);
            Assert.True(data.AsSpan().SequenceEqual(received.ToArray()), $"cut {cut}: {received.Length} bytes reached the reader, the data is {data.Length}");
        }
    }

    [Fact]
    public async Task A_tag_announced_but_never_used_changes_nothing()
    {
        byte[] data = Bodies.NumberRows(70_000);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(data, 10_000, exceptionTag: Bodies.Tag));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        List<NumberRow> rows = await client.QueryListAsync<NumberRow>("SELECT 1", AsRowBinary);

        Assert.Equal(70_000, rows.Count);
        Assert.Equal(new NumberRow(69_999, 0), rows[^1]);
    }

    public static TheoryData<string, int> LargeBodies()
    {
        var data = new TheoryData<string, int>();
        foreach (string generation in new[] { "gen1-18.x", "gen1", "gen2", "gen3" })
        {
            foreach (int chunk in new[] { 4096, 65_537, 1 << 20 })
            {
                data.Add(generation, chunk);
            }
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(LargeBodies))]
    public async Task A_large_body_read_ahead_gives_every_row_in_order_then_the_server_error(string generation, int chunk)
    {
        const int rowCount = 400_000; // 3.6 MB: in chunks of 1 MiB, read ahead on another thread past its first MiB (ReadAheadStream)
        var handler = new FakeClickHouse(_ => Respond(generation, Bodies.NumberRows(rowCount), chunk));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        int count = 0;
        var error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach (NumberRow row in client.QueryAsync<NumberRow>("SELECT number, throwIf(number = 400000) AS thrown FROM numbers(500000)", AsRowBinary))
            {
                Assert.Equal(new NumberRow((ulong)count, 0), row);
                count++;
            }
        });

        Assert.Equal(rowCount, count);
        Assert.Equal(395, error.Code);
        Assert.Contains("throwIf", error.ServerMessage);
    }

    [Fact]
    public async Task A_large_body_that_breaks_off_while_read_ahead_is_an_IO_error_after_its_last_byte()
    {
        byte[] data = Bodies.NumberRows(400_000);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(data, 1 << 20, breakAtEnd: true));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var error = await Assert.ThrowsAsync<IOException>(() => client.QueryListAsync<NumberRow>("SELECT 1", AsRowBinary));

        Assert.Contains("broke off after 3600000 bytes", error.Message);
        Assert.IsType<HttpIOException>(error.InnerException);
    }

    [Fact]
    public async Task A_body_that_breaks_off_without_error_text_is_an_IO_error_saying_so()
    {
        byte[] data = Bodies.NumberRows(10);
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(data, 4096, breakAtEnd: true));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var error = await Assert.ThrowsAsync<IOException>(() => client.QueryListAsync<NumberRow>("SELECT 1", AsRowBinary));

        Assert.Contains("broke off after 90 bytes", error.Message);
        Assert.IsType<HttpIOException>(error.InnerException);
    }

    [Fact]
    public async Task An_error_before_any_data_carries_status_code_and_text()
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Error(
            HttpStatusCode.NotFound, "Code: 60. DB::Exception: Table default.missing does not exist. (UNKNOWN_TABLE) (version 25.10.1.1)\n", headerCode: 60));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var error = await Assert.ThrowsAsync<ClickHouseServerException>(
            () => client.QueryListAsync<NumberRow>("SELECT * FROM missing", new ClickHouseQueryOptions { QueryId = "q-42" }));

        Assert.Equal(60, error.Code);
        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
        Assert.Equal("q-42", error.QueryId);
        Assert.Equal("Code: 60. DB::Exception: Table default.missing does not exist. (UNKNOWN_TABLE) (version 25.10.1.1)", error.ServerMessage);
        Assert.Contains("[query id q-42]", error.Message);
    }

    [Fact]
    public async Task An_error_code_is_read_from_the_text_when_the_server_sends_no_header()
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Error(
            HttpStatusCode.Unauthorized, "Code: 193, e.displayText() = DB::Exception: Wrong password for user tester, e.what() = DB::Exception\n"));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        var error = await Assert.ThrowsAsync<ClickHouseServerException>(() => client.ExecuteAsync("SELECT 1"));

        Assert.Equal(193, error.Code);
        Assert.True(error.IsAuthenticationFailure);
        Assert.Contains("authentication failed", error.Message);
    }

    private const int ClickHouseResponseStreamWindow = 256 * 1024;
}
