using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// What framing an INSERT body costs. In memory: <c>web_visits</c> rows streamed by <c>RowBinarySerializer.WriteAsync</c>
/// into a stream that only counts bytes, plain (the baseline), inside the BCL's gzip and zlib stored blocks, and inside
/// gzip at its fastest level (real compression, for scale). Through HttpClient, with an in-process handler that reads
/// the body into the same counting stream (no sockets): the rows as a plain streamed body, as <c>InsertAsync</c> sent
/// them before it framed every body, against <c>InsertAsync</c> itself (zlib stored blocks of its own, with an Adler-32).
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class InsertFramingBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private WebVisit[] _rows = [];
    private readonly ByteCountingStream _sink = new();
    private HttpClient _http = null!;
    private ClickHouseClient _client = null!;

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(1_000_000);

    [GlobalSetup]
    public void Setup()
    {
        _rows = WebVisitDataSet.Get(Rows).Rows;
        _http = new HttpClient(new DrainingHandler(_sink));
        _client = new ClickHouseClient(new HttpClient(new DrainingHandler(_sink)), new ClickHouseClientOptions { Endpoint = new Uri("http://in-process:8123/") });
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _http.Dispose();
        _client.Dispose();
    }

    [Benchmark(Baseline = true)]
    public async Task<long> Plain()
    {
        _sink.Reset();
        await RowBinarySerializer.WriteAsync<WebVisit>(_sink, _rows).ConfigureAwait(false);
        return _sink.Count;
    }

    [Benchmark]
    public Task<long> GZipStored() => FramedAsync(sink => new GZipStream(sink, CompressionLevel.NoCompression, leaveOpen: true));

    [Benchmark]
    public Task<long> ZLibStored() => FramedAsync(sink => new ZLibStream(sink, CompressionLevel.NoCompression, leaveOpen: true));

    [Benchmark]
    public Task<long> GZipFastest() => FramedAsync(sink => new GZipStream(sink, CompressionLevel.Fastest, leaveOpen: true));

    [Benchmark]
    public async Task<long> Http_PlainBody()
    {
        _sink.Reset();
        using var request = new HttpRequestMessage(HttpMethod.Post, "http://in-process:8123/") { Content = new PlainRowsContent(_rows) };
        using HttpResponseMessage response = await _http.SendAsync(request).ConfigureAwait(false);
        return _sink.Count;
    }

    /// <summary>The BCL's zlib stored blocks, streamed: it writes to the request every 8 KiB.</summary>
    [Benchmark]
    public async Task<long> Http_ZLibStoredBody()
    {
        _sink.Reset();
        using var request = new HttpRequestMessage(HttpMethod.Post, "http://in-process:8123/") { Content = new PlainRowsContent(_rows, zlib: true) };
        using HttpResponseMessage response = await _http.SendAsync(request).ConfigureAwait(false);
        return _sink.Count;
    }

    private static readonly ClickHouseInsertOptions s_unchecked = new() { CheckSchema = false, WireFormat = ClickHouseWireFormat.RowBinary };

    [Benchmark]
    public async Task<long> Http_InsertAsync()
    {
        _sink.Reset();
        // The in-process sink answers no schema probe; the check's cost is measured by the peer insert suite.
        await _client.InsertAsync("web_visits", _rows, s_unchecked).ConfigureAwait(false);
        return _sink.Count;
    }

    private async Task<long> FramedAsync(Func<Stream, Stream> frame)
    {
        _sink.Reset();
        Stream framed = frame(_sink);
        await using (framed.ConfigureAwait(false))
        {
            await RowBinarySerializer.WriteAsync<WebVisit>(framed, _rows).ConfigureAwait(false);
        }
        return _sink.Count;
    }

    public WorkloadSize DescribeWorkload() => new(Rows, WebVisitDataSet.RowBinarySize(Rows));

    /// <summary>Each body decodes to the same RowBinary bytes as the plain one.</summary>
    public void Verify()
    {
        Setup();
        try
        {
            byte[] expected = WebVisitDataSet.Get(Rows).RowBinary;
            Check.SameBytes(nameof(GZipStored), expected, Decode(Capture(GZipStored), s => new GZipStream(s, CompressionMode.Decompress)));
            Check.SameBytes(nameof(ZLibStored), expected, Decode(Capture(ZLibStored), s => new ZLibStream(s, CompressionMode.Decompress)));
            Check.SameBytes(nameof(GZipFastest), expected, Decode(Capture(GZipFastest), s => new GZipStream(s, CompressionMode.Decompress)));
            Check.SameBytes(nameof(Http_PlainBody), expected, Capture(Http_PlainBody));
            Check.SameBytes(nameof(Http_ZLibStoredBody), expected, Decode(Capture(Http_ZLibStoredBody), s => new ZLibStream(s, CompressionMode.Decompress)));
            // The client's own Adler-32 is checked by zlib here.
            Check.SameBytes(nameof(Http_InsertAsync), expected, Decode(Capture(Http_InsertAsync), s => new ZLibStream(s, CompressionMode.Decompress)));
        }
        finally
        {
            Cleanup();
        }
    }

    private byte[] Capture(Func<Task<long>> benchmark)
    {
        _sink.Keep = new MemoryStream();
        benchmark().GetAwaiter().GetResult();
        byte[] captured = _sink.Keep.ToArray();
        _sink.Keep = null;
        return captured;
    }

    private static byte[] Decode(byte[] framed, Func<Stream, Stream> decoder)
    {
        using Stream decoded = decoder(new MemoryStream(framed));
        var output = new MemoryStream();
        decoded.CopyTo(output);
        return output.ToArray();
    }

    /// <summary>Takes writes and keeps only their count (or, while verifying, a copy): the body's cost without the network's.</summary>
    private sealed class ByteCountingStream : Stream
    {
        public long Count { get; private set; }

        public MemoryStream? Keep { get; set; }

        public void Reset() => Count = 0;

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => Count;

        public override long Position { get => Count; set => throw new NotSupportedException(); }

        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            Count += buffer.Length;
            Keep?.Write(buffer);
        }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Write(buffer.Span);
            return ValueTask.CompletedTask;
        }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }

    /// <summary>An HttpClient transport in the process: it reads each request body into the sink and answers 200, empty.</summary>
    private sealed class DrainingHandler(Stream sink) : HttpMessageHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            await request.Content!.CopyToAsync(sink, cancellationToken).ConfigureAwait(false);
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent([]), RequestMessage = request };
        }
    }

    /// <summary>The rows written into the request stream as they are (or in the BCL's zlib stored blocks), chunked.</summary>
    private sealed class PlainRowsContent(WebVisit[] rows, bool zlib = false) : HttpContent
    {
        protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            if (!zlib)
            {
                await RowBinarySerializer.WriteAsync<WebVisit>(stream, rows).ConfigureAwait(false);
                return;
            }
            var framed = new ZLibStream(stream, CompressionLevel.NoCompression, leaveOpen: true);
            await using (framed.ConfigureAwait(false))
            {
                await RowBinarySerializer.WriteAsync<WebVisit>(framed, rows).ConfigureAwait(false);
            }
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }
}
