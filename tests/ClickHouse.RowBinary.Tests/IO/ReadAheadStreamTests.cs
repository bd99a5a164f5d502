namespace ClickHouse.RowBinary.Tests.IO;

/// <summary>
/// <see cref="ReadAheadStream"/>: the body read ahead on another thread arrives whole and in order, its failure at the
/// point where it happened, a cancelled read loses nothing, and disposing stops the reading ahead.
/// </summary>
public sealed class ReadAheadStreamTests
{
    private static byte[] Body(int length)
    {
        byte[] body = new byte[length];
        new Random(length).NextBytes(body);
        return body;
    }

    [Theory]
    [InlineData(7)]
    [InlineData(4096)]
    [InlineData(65_537)]
    [InlineData(1_000_000)]
    public async Task A_body_read_ahead_arrives_whole_and_in_order(int readSize)
    {
        byte[] body = Body(3 * 1024 * 1024 + 17);
        await using var stream = new ReadAheadStream(new TrickleStream(body, seed: readSize));

        byte[] received = await ReadAllAsync(stream, readSize, seed: readSize + 1);

        Assert.Equal(body, received);
        Assert.Equal(0, await stream.ReadAsync(new byte[10]));
    }

    [Theory]
    [InlineData(ReadAheadStream.DefaultChunks)]
    [InlineData(ReadAheadStream.NativeChunks)]
    public async Task Reads_ahead_as_many_chunks_as_it_is_given_and_no_more(int chunks)
    {
        // A reader that took one byte and then waits: the reading ahead fills every chunk it has, then stops.
        var inner = new MemoryStream(Body(8 * 1024 * 1024));
        await using var stream = new ReadAheadStream(inner, chunks);

        Assert.Equal(1, await stream.ReadAsync(new byte[1]));
        long read = await SettledPositionAsync(inner);

        Assert.Equal((long)chunks * ReadAheadStream.ChunkSize, read);
    }

    /// <summary>The position of a stream read on another thread, once it has stopped moving.</summary>
    private static async Task<long> SettledPositionAsync(Stream stream)
    {
        long last = -1;
        for (int wait = 0; wait < 200; wait++)
        {
            long position = stream.Position;
            if (position == last && position > 0)
            {
                return position;
            }
            last = position;
            await Task.Delay(50);
        }
        throw new TimeoutException($"The reading ahead did not settle: at {last} bytes after 10 s.");
    }

    [Fact]
    public async Task Synchronous_reads_after_asynchronous_ones_get_the_rest_in_order()
    {
        byte[] body = Body(2 * 1024 * 1024);
        await using var stream = new ReadAheadStream(new TrickleStream(body, seed: 3));
        byte[] received = new byte[body.Length];

        int position = await stream.ReadAsync(received.AsMemory(0, 5000));
        position += await stream.ReadAsync(received.AsMemory(position, 5000));
        int read;
        while ((read = stream.Read(received, position, Math.Min(3333, received.Length - position))) > 0)
        {
            position += read;
        }

        Assert.Equal(body.Length, position);
        Assert.Equal(body, received);
    }

    [Fact]
    public async Task A_failure_of_the_body_arrives_after_every_byte_read_before_it()
    {
        byte[] body = Body(2 * 1024 * 1024);
        const int breaksAfter = 1_500_000;
        await using var stream = new ReadAheadStream(new TrickleStream(body, seed: 4) { FailAt = breaksAfter });
        var received = new MemoryStream();
        byte[] buffer = new byte[40_000];

        var error = await Assert.ThrowsAsync<IOException>(async () =>
        {
            int read;
            while ((read = await stream.ReadAsync(buffer)) > 0)
            {
                received.Write(buffer, 0, read);
            }
        });

        Assert.Equal("The body broke off.", error.Message);
        Assert.Equal(body.AsSpan(0, breaksAfter).ToArray(), received.ToArray());
        Assert.Equal(0, await stream.ReadAsync(buffer));
    }

    [Fact]
    public async Task A_cancelled_read_loses_no_byte()
    {
        byte[] body = Body(1024 * 1024);
        var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        const int stallAt = 600_000;
        await using var stream = new ReadAheadStream(new TrickleStream(body, seed: 5) { StallAt = stallAt, Stall = gate.Task });
        byte[] received = new byte[body.Length];
        int position = 0;
        while (position < stallAt)
        {
            position += await stream.ReadAsync(received.AsMemory(position, Math.Min(10_000, stallAt - position)));
        }

        using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(100));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => Assert.Fail($"read {await stream.ReadAsync(received.AsMemory(position), cancel.Token)} bytes"));
        gate.SetResult();
        byte[] rest = await ReadAllAsync(stream, 10_000, seed: 6);

        Assert.Equal(body.AsSpan(stallAt).ToArray(), rest);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Disposing_stops_a_reading_ahead_that_waits_on_the_body_and_disposes_the_body(bool asynchronously)
    {
        byte[] body = Body(1024 * 1024);
        var inner = new TrickleStream(body, seed: asynchronously ? 7 : 8) { StallAt = 300_000, Stall = new TaskCompletionSource().Task };
        var stream = new ReadAheadStream(inner);
        byte[] buffer = new byte[10_000];
        for (int read = 0; read < 250_000;)
        {
            read += await stream.ReadAsync(buffer);
        }
        await inner.Stalled.Task.WaitAsync(TimeSpan.FromSeconds(10));

        Task disposing = asynchronously ? stream.DisposeAsync().AsTask() : Task.Run(stream.Dispose);

        Assert.Same(disposing, await Task.WhenAny(disposing, Task.Delay(TimeSpan.FromSeconds(10))));
        await disposing;
        Assert.True(inner.Disposed);
        Assert.True(inner.ReadCancelled);
        Assert.Throws<ObjectDisposedException>(() => stream.Read(buffer));
    }

    private static async Task<byte[]> ReadAllAsync(Stream stream, int readSize, int seed)
    {
        var random = new Random(seed);
        var received = new MemoryStream();
        byte[] buffer = new byte[readSize];
        int read;
        while ((read = await stream.ReadAsync(buffer.AsMemory(0, random.Next(1, readSize + 1)))) > 0)
        {
            received.Write(buffer, 0, read);
        }
        return received.ToArray();
    }

    /// <summary>
    /// A body that arrives in pieces of random size, some of them asynchronously; it can break off (<see cref="FailAt"/>)
    /// or wait (<see cref="StallAt"/>, until <see cref="Stall"/> completes or the read is cancelled).
    /// </summary>
    private sealed class TrickleStream(byte[] body, int seed) : Stream
    {
        private readonly Random _random = new(seed);
        private int _position;

        public int FailAt { get; init; } = -1;

        public int StallAt { get; init; } = -1;

        public Task Stall { get; init; } = Task.CompletedTask;

        public bool Disposed { get; private set; }

        public bool ReadCancelled { get; private set; }

        /// <summary>Completes when a read starts waiting at <see cref="StallAt"/>.</summary>
        public TaskCompletionSource Stalled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => _position; set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            ObjectDisposedException.ThrowIf(Disposed, this);
            if (_position == StallAt && !Stall.IsCompleted)
            {
                Stalled.TrySetResult();
                try
                {
                    await Stall.WaitAsync(cancellationToken);
                }
                catch (OperationCanceledException)
                {
                    ReadCancelled = true;
                    throw;
                }
            }
            if (_random.Next(4) == 0)
            {
                await Task.Yield();
            }
            if (_position == FailAt)
            {
                throw new IOException("The body broke off.");
            }
            int end = body.Length;
            foreach (int mark in new[] { FailAt, StallAt })
            {
                if (mark > _position)
                {
                    end = Math.Min(end, mark);
                }
            }
            int count = Math.Min(Math.Min(buffer.Length, _random.Next(1, 200_000)), end - _position);
            body.AsSpan(_position, count).CopyTo(buffer.Span);
            _position += count;
            return count;
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
            => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            base.Dispose(disposing);
        }

        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
