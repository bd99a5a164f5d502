using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>
/// A streaming <c>InsertAsync</c> that fails part way (the caller cancels, the rows throw, a value cannot be written,
/// the time runs out) against the real server, with the client's body plain, gzip and deflate: less than one server block
/// commits nothing, whatever the server received before the failure. So does <c>InsertRawAsync</c> whose stream or pipe
/// fails, or which is cancelled, before its end.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class FailedInsertTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    /// <summary>Where the rows fail: far past the first 128 KiB chunk the client sends, far below one server block.</summary>
    private const int FailAt = 200_000;

    /// <summary>Plain (sent as zlib stored blocks), and the codings every server reads.</summary>
    public static TheoryData<ClickHouseCompression> Compressions => new() { ClickHouseCompression.None, ClickHouseCompression.GZip, ClickHouseCompression.Deflate };

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task A_cancelled_insert_commits_nothing(ClickHouseCompression compression)
    {
        using var cancellation = new CancellationTokenSource();
        await AssertCommitsNothingAsync<OperationCanceledException>(compression, "cancelled",
            (client, table, options) => client.InsertAsync(table, RowsAsync(atFailure: () => cancellation.Cancel()), options, cancellation.Token));
    }

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task An_insert_whose_rows_throw_commits_nothing(ClickHouseCompression compression)
        => await AssertCommitsNothingAsync<ProducerFailedException>(compression, "rows_throw",
            (client, table, options) => client.InsertAsync(table, Rows(atFailure: () => throw new ProducerFailedException()), options));

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task An_insert_whose_async_rows_throw_commits_nothing(ClickHouseCompression compression)
        => await AssertCommitsNothingAsync<ProducerFailedException>(compression, "async_rows_throw",
            (client, table, options) => client.InsertAsync(table, RowsAsync(atFailure: () => throw new ProducerFailedException()), options));

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task An_insert_with_a_value_that_cannot_be_written_commits_nothing(ClickHouseCompression compression)
    {
        RowBinaryException error = await AssertCommitsNothingAsync<RowBinaryException>(compression, "bad_value",
            (client, table, options) => client.InsertAsync(table, Rows(atFailure: null, unwritableAtFailure: true), options));
        Assert.Equal("code", error.Column);
        Assert.Equal(FailAt, error.Row);
    }

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task An_insert_that_times_out_while_sending_commits_nothing(ClickHouseCompression compression)
    {
        TimeoutException error = await AssertCommitsNothingAsync<TimeoutException>(compression, "timeout",
            (client, table, options) => client.InsertAsync(table, RowsAsync(atFailure: null, stallAtFailure: TimeSpan.FromSeconds(30)), options),
            configure: o => o.Timeout = TimeSpan.FromSeconds(2));
        Assert.Contains("ClickHouseClientOptions.Timeout", error.Message, StringComparison.Ordinal);
    }

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task A_raw_insert_whose_stream_fails_commits_nothing(ClickHouseCompression compression)
        => await AssertCommitsNothingAsync<ProducerFailedException>(compression, "raw_stream_throws",
            (client, table, options) => client.InsertRawAsync(table, "RowBinary", new FailingAtEndStream(RawBody.Value), options), raw: true);

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task A_raw_insert_from_a_pipe_whose_writer_fails_commits_nothing(ClickHouseCompression compression)
        => await AssertCommitsNothingAsync<ProducerFailedException>(compression, "raw_pipe_fails",
            async (client, table, options) =>
            {
                var pipe = new Pipe();
                Task writing = Task.Run(async () =>
                {
                    await pipe.Writer.WriteAsync(RawBody.Value);
                    await pipe.Writer.CompleteAsync(new ProducerFailedException());
                });
                try
                {
                    await client.InsertRawAsync(table, "RowBinary", pipe.Reader, options);
                }
                finally
                {
                    await writing;
                }
            }, raw: true);

    [ServerTheory]
    [MemberData(nameof(Compressions))]
    public async Task A_cancelled_raw_insert_commits_nothing(ClickHouseCompression compression)
    {
        using var cancellation = new CancellationTokenSource();
        await AssertCommitsNothingAsync<OperationCanceledException>(compression, "raw_cancelled",
            (client, table, options) => client.InsertRawAsync(table, "RowBinary", new FailingAtEndStream(RawBody.Value, atEnd: cancellation.Cancel),
                options, cancellation.Token), raw: true);
    }

    /// <summary>The RowBinary of the first <see cref="FailAt"/> rows, in the table's column order, for the raw inserts.</summary>
    private static readonly Lazy<byte[]> RawBody = new(() => Tables.RowBinaryOf(Enumerable.Range(0, FailAt).Select(i => EventRow.Numbered((uint)i))));

    /// <summary>
    /// Runs the failing insert into a fresh table, checks the caller got <typeparamref name="TException"/> after rows had
    /// gone to the server, waits until the server has finished with the request, and counts the rows it kept.
    /// </summary>
    private async Task<TException> AssertCommitsNothingAsync<TException>(ClickHouseCompression compression, string name,
        Func<ClickHouseClient, string, ClickHouseInsertOptions, Task> insert, Action<ClickHouseClientOptions>? configure = null, bool raw = false)
        where TException : Exception
    {
        string table = $"failed_insert_{name}_{compression}".ToLowerInvariant();
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {Quoted(table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));
        using ClickHouseClient client = server.CreateClient(o =>
        {
            o.RequestCompression = compression;
            configure?.Invoke(o);
        });
        long rowsSentBeforeFailure = 0;
        long bytesSentBeforeFailure = 0;
        var options = new ClickHouseInsertOptions
        {
            QueryId = $"failed-insert-{Guid.NewGuid():N}",
            Progress = new SynchronousProgress(p =>
            {
                Interlocked.Exchange(ref rowsSentBeforeFailure, p.Rows);
                Interlocked.Exchange(ref bytesSentBeforeFailure, p.Bytes);
            }),
        };

        Exception thrown = await Assert.ThrowsAnyAsync<Exception>(() => insert(client, table, options));
        TException error = Assert.IsAssignableFrom<TException>(thrown);
        output.WriteLine($"{compression}: {rowsSentBeforeFailure:N0} rows, {bytesSentBeforeFailure:N0} bytes went to the network before: {error.GetType().Name}: {error.Message}");
        if (raw)
        {
            // A raw body's rows are not counted by the client: its bytes are, the rows of up to FailAt rows.
            Assert.InRange(Interlocked.Read(ref bytesSentBeforeFailure), 1, RawBody.Value.Length);
        }
        else
        {
            Assert.InRange(Interlocked.Read(ref rowsSentBeforeFailure), 1, FailAt);
        }

        await server.WaitUntilQueryEndsAsync(options.QueryId);
        Assert.Equal("0", (await server.Client.QueryTextAsync($"SELECT count() FROM {Quoted(table)}")).Trim());

        // The table takes a complete insert afterwards: the failure was the request's, not the table's (sent by the
        // fixture's client: this one's time limit may be short).
        ClickHouseInsertResult result = await server.Client.InsertAsync(table, Enumerable.Range(0, 1_000).Select(i => EventRow.Numbered((uint)i)));
        Assert.Equal(1_000, result.Rows);
        Assert.Equal("1000", (await server.Client.QueryTextAsync($"SELECT count() FROM {Quoted(table)}")).Trim());
        return error;
    }

    private static IEnumerable<EventRow> Rows(Action? atFailure, bool unwritableAtFailure = false)
    {
        for (uint id = 0; ; id++)
        {
            if (id == FailAt)
            {
                atFailure?.Invoke();
                if (unwritableAtFailure)
                {
                    yield return EventRow.Unwritable(id);
                }
            }
            if (id == 2 * FailAt)
            {
                yield break;
            }
            yield return EventRow.Numbered(id);
        }
    }

    private static async IAsyncEnumerable<EventRow> RowsAsync(Action? atFailure, TimeSpan stallAtFailure = default,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (uint id = 0; id < 2 * FailAt; id++)
        {
            if (id == FailAt)
            {
                atFailure?.Invoke();
                if (stallAtFailure > TimeSpan.Zero)
                {
                    await Task.Delay(stallAtFailure, cancellationToken);
                }
            }
            if (id % 10_000 == 0)
            {
                await Task.Yield();
            }
            yield return EventRow.Numbered(id);
        }
    }

    private string Quoted(string table) => ClickHouseIdentifier.QuoteTable(server.Database, table);

    private sealed class ProducerFailedException() : Exception("the producer of the rows failed");

    /// <summary>
    /// A caller's stream that fails where its data ends, as a file cut short or a broken upstream does: it throws, after
    /// <paramref name="atEnd"/> when given (and then, if that cancelled the request, it is the cancellation that counts).
    /// </summary>
    private sealed class FailingAtEndStream(byte[] data, Action? atEnd = null) : MemoryStream(data, writable: false)
    {
        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            int read = await base.ReadAsync(buffer, cancellationToken);
            if (read > 0)
            {
                return read;
            }
            atEnd?.Invoke();
            cancellationToken.ThrowIfCancellationRequested();
            throw new ProducerFailedException();
        }
    }

    /// <summary>Reports on the sending thread (System.Progress would post to the thread pool and arrive late).</summary>
    private sealed class SynchronousProgress(Action<ClickHouseInsertProgress> report) : IProgress<ClickHouseInsertProgress>
    {
        public void Report(ClickHouseInsertProgress value) => report(value);
    }
}
