using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// What framing an INSERT body costs: <c>web_visits</c> rows streamed by <c>RowBinarySerializer.WriteAsync</c> into a
/// stream that only counts bytes, plain (the baseline: what <c>InsertAsync</c> sent before it framed every body),
/// inside gzip stored blocks (what it sends without request compression: a copy and a CRC-32), inside zlib stored
/// blocks (the cheaper checksum, Adler-32, of the <c>deflate</c> coding), and inside gzip at its fastest level (what
/// real compression costs, for scale).
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class InsertFramingBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private WebVisit[] _rows = [];
    private readonly ByteCountingStream _sink = new();

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts() => BenchmarkScale.RowCounts(1_000_000);

    [GlobalSetup]
    public void Setup() => _rows = WebVisitDataSet.Get(Rows).Rows;

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

    /// <summary>Each framed body decodes to the same RowBinary bytes as the plain one.</summary>
    public void Verify()
    {
        Setup();
        byte[] expected = WebVisitDataSet.Get(Rows).RowBinary;
        Check.SameBytes(nameof(Plain), expected, Write(s => s));
        Check.SameBytes(nameof(GZipStored), expected, Decode(Write(s => new GZipStream(s, CompressionLevel.NoCompression, leaveOpen: true)), s => new GZipStream(s, CompressionMode.Decompress)));
        Check.SameBytes(nameof(ZLibStored), expected, Decode(Write(s => new ZLibStream(s, CompressionLevel.NoCompression, leaveOpen: true)), s => new ZLibStream(s, CompressionMode.Decompress)));
        Check.SameBytes(nameof(GZipFastest), expected, Decode(Write(s => new GZipStream(s, CompressionLevel.Fastest, leaveOpen: true)), s => new GZipStream(s, CompressionMode.Decompress)));
    }

    private byte[] Write(Func<Stream, Stream> frame)
    {
        var output = new MemoryStream();
        Stream framed = frame(output);
        RowBinarySerializer.WriteAsync<WebVisit>(framed, _rows).GetAwaiter().GetResult();
        if (!ReferenceEquals(framed, output))
        {
            framed.Dispose();
        }
        return output.ToArray();
    }

    private static byte[] Decode(byte[] framed, Func<Stream, Stream> decoder)
    {
        using Stream decoded = decoder(new MemoryStream(framed));
        var output = new MemoryStream();
        decoded.CopyTo(output);
        return output.ToArray();
    }

    /// <summary>Takes writes and keeps only their count: the body's cost without the network's.</summary>
    private sealed class ByteCountingStream : Stream
    {
        public long Count { get; private set; }

        public void Reset() => Count = 0;

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => Count;

        public override long Position { get => Count; set => throw new NotSupportedException(); }

        public override void Write(byte[] buffer, int offset, int count) => Count += count;

        public override void Write(ReadOnlySpan<byte> buffer) => Count += buffer.Length;

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Count += buffer.Length;
            return ValueTask.CompletedTask;
        }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }
}
