using System.IO.Compression;
using System.Net;
using System.Text;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// An HttpMessageHandler that answers like a ClickHouse server would, with crafted bodies: no server needed to test
/// what the client sends and how it reads what comes back. It records every request (with its body read).
/// </summary>
internal sealed class FakeClickHouse : HttpMessageHandler
{
    private readonly Func<RecordedRequest, Task<HttpResponseMessage>> _respond;

    public FakeClickHouse(Func<RecordedRequest, HttpResponseMessage> respond) => _respond = request => Task.FromResult(respond(request));

    /// <summary>A fake whose answers may wait (for a test to let them go) or fail like a transport.</summary>
    public FakeClickHouse(Func<RecordedRequest, Task<HttpResponseMessage>> respond) => _respond = respond;

    public List<RecordedRequest> Requests { get; } = [];

    /// <summary>The client's table-schema probes, answered by the fake itself once <see cref="Describing{T}"/> was called.</summary>
    public List<RecordedRequest> Probes { get; } = [];

    private byte[]? _tableDescription;

    /// <summary>
    /// Answers the client's table-schema probe (kept in <see cref="Probes"/>, not <see cref="Requests"/>) as a server whose
    /// table has <typeparamref name="T"/>'s columns would; with <paramref name="checksHeader"/>, as a server that checks
    /// RowBinaryWithNamesAndTypes headers (21.12 and later).
    /// </summary>
    public FakeClickHouse Describing<T>(bool checksHeader = false)
        where T : IClickHouseRow<T>
        => Describing(Rows.TableColumns.Of<T>(), checksHeader);

    /// <summary>Answers the client's table-schema probe as a server whose table has these columns would.</summary>
    public FakeClickHouse Describing(IEnumerable<(string Name, string Type)> columns, bool checksHeader = false)
    {
        _tableDescription = ReplayServer.TableSchemaAnswer.Bytes(columns, checksHeader);
        return this;
    }

    public static ClickHouseClient Client(FakeClickHouse handler, Action<ClickHouseClientOptions>? configure = null)
    {
        var options = new ClickHouseClientOptions { Endpoint = new Uri("http://fake-clickhouse:8123/") };
        configure?.Invoke(options);
        return new ClickHouseClient(new HttpClient(handler), options);
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        // Asked before the body is read: reading buffers it, and then the length is known.
        long? declaredLength = request.Content?.Headers.ContentLength;
        byte[] body = request.Content is null ? [] : await request.Content.ReadAsByteArrayAsync(cancellationToken);
        var recorded = new RecordedRequest(request, body, declaredLength);
        if (_tableDescription is not null && ReplayServer.TableSchemaAnswer.IsProbe(recorded.BodyText))
        {
            lock (Probes)
            {
                Probes.Add(recorded);
            }
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent(_tableDescription), RequestMessage = request };
        }
        lock (Requests)
        {
            Requests.Add(recorded);
        }
        // A cancelled request ends at once, as over a real connection, whatever the answer is waiting for.
        HttpResponseMessage response = await _respond(recorded).WaitAsync(cancellationToken);
        response.RequestMessage = request;
        return response;
    }

    /// <summary>A 200 response whose body arrives in chunks of the given size and then ends, or breaks off like a broken chunked framing.</summary>
    public static HttpResponseMessage Ok(byte[] body, int chunkSize = 8192, bool breakAtEnd = false, string? exceptionTag = null)
    {
        var response = new HttpResponseMessage(HttpStatusCode.OK) { Content = new StreamContent(new ScriptedStream(body, chunkSize, breakAtEnd)) };
        if (exceptionTag is not null)
        {
            response.Headers.Add("X-ClickHouse-Exception-Tag", exceptionTag);
        }
        return response;
    }

    /// <summary><paramref name="body"/> gzip-compressed, with <c>Content-Encoding: gzip</c>, in chunks of <paramref name="chunkSize"/> compressed bytes.</summary>
    public static HttpResponseMessage OkGzip(byte[] body, int chunkSize)
    {
        var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(body);
        }
        HttpResponseMessage response = Ok(compressed.ToArray(), chunkSize);
        response.Content.Headers.ContentEncoding.Add("gzip");
        return response;
    }

    public static HttpResponseMessage Error(HttpStatusCode status, string text, int? headerCode = null)
    {
        var response = new HttpResponseMessage(status) { Content = new StringContent(text, Encoding.UTF8, "text/plain") };
        if (headerCode is int code)
        {
            response.Headers.Add("X-ClickHouse-Exception-Code", code.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }
        return response;
    }
}

/// <param name="DeclaredLength">The Content-Length the client declared; null for a streamed (chunked) body.</param>
internal sealed record RecordedRequest(HttpRequestMessage Message, byte[] Body, long? DeclaredLength)
{
    public string BodyText => Encoding.UTF8.GetString(Body);

    /// <summary>The body decoded by its Content-Encoding, as the server reads it (INSERT bodies always travel compressed).</summary>
    public byte[] DecodedBody => ReplayServer.BodyDecoder.Decode(Body, Message.Content?.Headers.ContentEncoding.LastOrDefault() ?? "");

    /// <summary>The URL parameters, decoded.</summary>
    public Dictionary<string, string> Parameters
        => Message.RequestUri!.Query.TrimStart('?').Split('&', StringSplitOptions.RemoveEmptyEntries)
            .Select(pair => pair.Split('=', 2))
            .ToDictionary(kv => Uri.UnescapeDataString(kv[0]), kv => kv.Length > 1 ? Uri.UnescapeDataString(kv[1]) : "");

    public string? Header(string name) => Message.Headers.TryGetValues(name, out IEnumerable<string>? values) ? string.Join(",", values) : null;
}

/// <summary>Returns a body in fixed-size chunks; at its end either reports the end or throws as HttpClient does on a broken chunked body.</summary>
internal sealed class ScriptedStream(byte[] body, int chunkSize, bool breakAtEnd) : Stream
{
    private int _position;

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => _position; set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        if (_position == body.Length)
        {
            if (breakAtEnd)
            {
                throw new HttpIOException(HttpRequestError.ResponseEnded, "The response ended prematurely.");
            }
            return 0;
        }
        int count = Math.Min(Math.Min(chunkSize, buffer.Length), body.Length - _position);
        body.AsSpan(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(Read(buffer.Span));
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
