using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>Counts the request body bytes a client sends (as they leave it, before the HTTP framing).</summary>
public sealed class RequestBytesCounter : DelegatingHandler
{
    private long _bytes;

    public RequestBytesCounter()
        : base(new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.None })
    {
    }

    public long Bytes => Interlocked.Read(ref _bytes);

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.Content is { } content)
        {
            request.Content = new Counted(content, this);
        }
        return base.SendAsync(request, cancellationToken);
    }

    private sealed class Counted : HttpContent
    {
        private readonly HttpContent _inner;
        private readonly RequestBytesCounter _counter;

        public Counted(HttpContent inner, RequestBytesCounter counter)
        {
            _inner = inner;
            _counter = counter;
            foreach (var header in inner.Headers)
            {
                Headers.TryAddWithoutValidation(header.Key, header.Value);
            }
        }

        protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            var counting = new CountingStream(stream);
            await _inner.CopyToAsync(counting, context).ConfigureAwait(false);
            Interlocked.Add(ref _counter._bytes, counting.Written);
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }

    private sealed class CountingStream(Stream inner) : Stream
    {
        public long Written { get; private set; }

        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => Written; set => throw new NotSupportedException(); }
        public override void Flush() => inner.Flush();
        public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count)
        {
            inner.Write(buffer, offset, count);
            Written += count;
        }

        public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await inner.WriteAsync(buffer, cancellationToken).ConfigureAwait(false);
            Written += buffer.Length;
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
            => WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
    }
}
