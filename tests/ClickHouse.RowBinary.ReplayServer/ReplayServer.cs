using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>
/// A loopback HTTP/1.1 server that stands in for ClickHouse: it answers each request with what
/// <see cref="ReplayServer(Func{ReplayRequest, ReplayResponse})"/>'s handler returns (typically bytes recorded from
/// ClickHouse 26.9), swallows request bodies, and records every request. Raw sockets, keep-alive, chunked
/// responses in 1 MiB chunks as ClickHouse sends them, and the headers a 26.9 server sends, so that clients
/// pay the same HTTP costs as against a real server and nothing else.
/// </summary>
public sealed class ReplayServer : IAsyncDisposable
{
    /// <summary>How much of each request body <see cref="Requests"/> keeps.</summary>
    public const int MaxRecordedBody = 1024 * 1024;

    private const int ChunkSize = 1024 * 1024;

    /// <summary>The largest body sent in one write with its head and end.</summary>
    private const int CoalescedBodyLimit = 64 * 1024;

    private readonly Func<ReplayRequest, ReplayResponse> _handler;
    private readonly TcpListener _listener;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _acceptLoop;
    private readonly ConcurrentQueue<ReplayRequest> _requests = new();
    private readonly ConcurrentDictionary<Task, bool> _connections = new();
    private readonly ResponseEncoder _encoder = new();
    private long _queryCounter;

    /// <summary>Starts listening on a free loopback port.</summary>
    public ReplayServer(Func<ReplayRequest, ReplayResponse> handler)
    {
        ArgumentNullException.ThrowIfNull(handler);
        _handler = handler;
        _listener = new TcpListener(IPAddress.Loopback, 0);
        _listener.Start(backlog: 64);
        Url = new Uri($"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/");
        _acceptLoop = AcceptLoopAsync();
    }

    /// <summary>The server's base address, <c>http://127.0.0.1:PORT/</c>.</summary>
    public Uri Url { get; }

    /// <summary>Every request received so far, in arrival order.</summary>
    public IReadOnlyCollection<ReplayRequest> Requests => _requests;

    /// <summary>A failure of the server itself (not of a client), or null: a handler that threw, a request it
    /// could not parse.</summary>
    public Exception? Failure { get; private set; }

    /// <summary>Forgets the recorded requests.</summary>
    public void ClearRequests() => _requests.Clear();

    private async Task AcceptLoopAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket socket;
            try
            {
                socket = await _listener.AcceptSocketAsync(_stop.Token).ConfigureAwait(false);
            }
            catch (Exception) when (_stop.IsCancellationRequested)
            {
                return;
            }
            socket.NoDelay = true;
            Task connection = ServeAsync(socket);
            _connections[connection] = true;
            _ = connection.ContinueWith(t => _connections.TryRemove(t, out _), TaskScheduler.Default);
        }
    }

    private async Task ServeAsync(Socket socket)
    {
        using var stream = new NetworkStream(socket, ownsSocket: true);
        var input = new RequestReader(stream);
        try
        {
            while (!_stop.IsCancellationRequested)
            {
                ReplayRequest? request = await input.ReadRequestAsync(_stop.Token).ConfigureAwait(false);
                if (request is null)
                {
                    return;
                }
                _requests.Enqueue(request);
                ReplayResponse response;
                try
                {
                    response = _handler(request);
                }
#pragma warning disable CA1031 // The handler is the test's code: its failure becomes a 500 and is kept for the test to see.
                catch (Exception e)
#pragma warning restore CA1031
                {
                    Failure ??= e;
                    response = ReplayResponse.Error(1001, "replay handler failed: " + e.Message);
                }
                await WriteResponseAsync(stream, request, response).ConfigureAwait(false);
            }
        }
        catch (Exception e) when (e is IOException or SocketException or OperationCanceledException or ObjectDisposedException)
        {
            // The client went away, or the server stops: a connection ends either way.
        }
        catch (InvalidDataException e)
        {
            Failure ??= e;
        }
    }

    private async Task WriteResponseAsync(NetworkStream stream, ReplayRequest request, ReplayResponse response)
    {
        string? encoding = response.StatusCode == 200 ? ResponseEncoder.Choose(request) : null;
        byte[] body = encoding is null ? response.Body : _encoder.Encode(response.Body, encoding);
        string queryId = request.Parameters.TryGetValue("query_id", out string? id)
            ? id
            : "replay-" + Interlocked.Increment(ref _queryCounter).ToString(CultureInfo.InvariantCulture);
        var head = new StringBuilder(512);
        head.Append(CultureInfo.InvariantCulture, $"HTTP/1.1 {response.StatusCode} {(response.StatusCode == 200 ? "OK" : "Error")}\r\n");
        head.Append("Date: ").Append(DateTime.UtcNow.ToString("R", CultureInfo.InvariantCulture)).Append("\r\n");
        head.Append("Connection: Keep-Alive\r\n");
        head.Append("Content-Type: ").Append(response.Format is null ? "text/plain; charset=UTF-8" : "application/octet-stream").Append("\r\n");
        head.Append("X-ClickHouse-Server-Display-Name: replay\r\n");
        head.Append("X-ClickHouse-Query-Id: ").Append(queryId).Append("\r\n");
        head.Append("X-ClickHouse-Timezone: UTC\r\n");
        if (response.Format is not null)
        {
            head.Append("X-ClickHouse-Format: ").Append(response.Format).Append("\r\n");
        }
        head.Append("X-ClickHouse-Exception-Tag: replaytag0000001\r\n");
        head.Append("X-ClickHouse-Summary: {\"read_rows\":\"0\",\"read_bytes\":\"0\",\"written_rows\":\"0\",\"written_bytes\":\"0\",\"total_rows_to_read\":\"0\",\"result_rows\":\"0\",\"result_bytes\":\"0\",\"elapsed_ns\":\"1\"}\r\n");
        if (encoding is not null)
        {
            head.Append("Content-Encoding: ").Append(encoding).Append("\r\n");
        }
        foreach (KeyValuePair<string, string> header in response.Headers)
        {
            head.Append(header.Key).Append(": ").Append(header.Value).Append("\r\n");
        }
        head.Append("Transfer-Encoding: chunked\r\n\r\n");
        // A small answer goes in one write, as a server's usually arrives: a client that has read its first row finds
        // the rest already in, however busy the machine (tests of what a client does with an answer that has ended).
        using MemoryStream? whole = body.Length <= CoalescedBodyLimit ? new MemoryStream() : null;
        Stream target = whole is null ? stream : whole;
        await target.WriteAsync(Encoding.ASCII.GetBytes(head.ToString())).ConfigureAwait(false);
        for (int offset = 0; offset < body.Length; offset += ChunkSize)
        {
            int length = Math.Min(ChunkSize, body.Length - offset);
            await target.WriteAsync(Encoding.ASCII.GetBytes(length.ToString("X", CultureInfo.InvariantCulture) + "\r\n")).ConfigureAwait(false);
            await target.WriteAsync(body.AsMemory(offset, length)).ConfigureAwait(false);
            await target.WriteAsync("\r\n"u8.ToArray()).ConfigureAwait(false);
        }
        await target.WriteAsync("0\r\n\r\n"u8.ToArray()).ConfigureAwait(false);
        if (whole is not null)
        {
            await stream.WriteAsync(whole.GetBuffer().AsMemory(0, (int)whole.Length)).ConfigureAwait(false);
        }
    }

    /// <summary>Stops listening and waits for open connections to end.</summary>
    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync().ConfigureAwait(false);
        _listener.Stop();
        await _acceptLoop.ConfigureAwait(false);
        foreach (Task connection in _connections.Keys)
        {
            await connection.ConfigureAwait(false);
        }
        _stop.Dispose();
    }
}
