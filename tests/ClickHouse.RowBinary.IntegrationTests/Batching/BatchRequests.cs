using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Http;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>What a batch inserter sent, read back from the requests a fake or recording server got.</summary>
internal static class BatchRequests
{
    public static bool IsInsert(RecordedRequest request)
        => request.Parameters.TryGetValue("query", out string? query) && query.StartsWith("INSERT INTO", StringComparison.Ordinal);

    public static string? Parameter(RecordedRequest request, string name) => request.Parameters.GetValueOrDefault(name);

    /// <summary>
    /// The rows of an INSERT body (zlib stored blocks, as the inserter frames it without request compression), in the
    /// format its query names.
    /// </summary>
    public static List<EventRow> Rows(RecordedRequest request)
    {
        Assert.Equal("deflate", Assert.Single(request.Message.Content!.Headers.ContentEncoding));
        return request.Parameters["query"].EndsWith(" FORMAT Native", StringComparison.Ordinal)
            ? NativeSerializer.ReadList<EventRow>(request.DecodedBody)
            : RowBinarySerializer.ReadList<EventRow>(request.DecodedBody, RowBinaryFormat.RowBinary);
    }

    /// <summary>
    /// A fake server: answers the table-schema probe with <see cref="EventRow"/>'s columns, the question about its settings
    /// as 26.9 does, or as 18.16 (no deduplication token), every INSERT with <paramref name="insert"/>.
    /// </summary>
    public static FakeClickHouse Server(Func<RecordedRequest, HttpResponseMessage> insert, bool hasDeduplicationToken = true)
        => Server(request => Task.FromResult(insert(request)), hasDeduplicationToken);

    /// <inheritdoc cref="Server(Func{RecordedRequest, HttpResponseMessage}, bool)"/>
    public static FakeClickHouse Server(Func<RecordedRequest, Task<HttpResponseMessage>> insert, bool hasDeduplicationToken = true)
        => new FakeClickHouse(request => IsInsert(request)
            ? insert(request)
            : Task.FromResult(FakeClickHouse.Ok(System.Text.Encoding.UTF8.GetBytes(hasDeduplicationToken ? RecordedSettings.ClickHouse26_9 : RecordedSettings.ClickHouse18_16))))
            .Describing<EventRow>();

    /// <summary>A fake server that holds every INSERT until <paramref name="release"/> completes, then acknowledges it.</summary>
    public static FakeClickHouse AcknowledgingWhen(Task release)
        => Server(async _ =>
        {
            await release;
            return FakeClickHouse.Ok([]);
        });

    public static List<RecordedRequest> Inserts(FakeClickHouse server)
    {
        lock (server.Requests)
        {
            return server.Requests.Where(IsInsert).ToList();
        }
    }

    public static HttpResponseMessage Acknowledge(RecordedRequest _) => FakeClickHouse.Ok([]);

    public static HttpResponseMessage ServerError(int code, HttpStatusCode status = HttpStatusCode.InternalServerError)
        => FakeClickHouse.Error(status, $"Code: {code}. DB::Exception: error {code} from the fake server", code);
}
