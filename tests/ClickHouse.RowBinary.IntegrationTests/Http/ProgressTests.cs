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
        FakeClickHouse server = new(_ => FakeClickHouse.Ok([]));
        using ClickHouseClient client = FakeClickHouse.Client(server);
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
        Assert.Equal(result.Bytes, server.Requests.Single().Body.Length);
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
