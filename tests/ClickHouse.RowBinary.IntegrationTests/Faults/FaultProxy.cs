using System.Net;
using System.Net.Sockets;
using System.Text;

namespace ClickHouse.RowBinary.IntegrationTests.Faults;

/// <summary>
/// A loopback TCP proxy between a client and a real server that injects real faults: it can refuse connections
/// (its port closed), cut a request part way through its bytes, cut the answer to an INSERT after the server
/// committed it (the server has answered; the client never hears), delay answers, or answer in the server's stead
/// (<see cref="Answer"/>: an error status as a server going down sends it). It records the request line
/// of every request it saw. Bounded: it stops by itself after <see cref="Lifetime"/>.
/// </summary>
internal sealed class FaultProxy : IAsyncDisposable
{
    public static readonly TimeSpan Lifetime = TimeSpan.FromMinutes(3);

    private readonly IPEndPoint _target;
    private readonly CancellationTokenSource _stop = new(Lifetime);
    private readonly List<Task> _connections = [];
    private readonly List<CancellationTokenSource> _open = [];
    private readonly Random _random;
    private TcpListener? _listener;
    private Task _accepting = Task.CompletedTask;

    public FaultProxy(Uri server, int seed)
    {
        _target = new IPEndPoint(IPAddress.Parse(server.Host == "localhost" ? "127.0.0.1" : server.Host), server.Port);
        _random = new Random(seed);
        // Not an ephemeral port: refusing stops listening, and no client connection may take the port meanwhile.
        _listener = LocalPorts.Listening();
        Port = ((IPEndPoint)_listener.LocalEndpoint).Port;
        _accepting = AcceptAsync(_listener);
    }

    public int Port { get; }

    public Uri Endpoint => new($"http://127.0.0.1:{Port}/");

    /// <summary>The chance that a connection's request bytes are cut (at a random point in its first few KB).</summary>
    public double CutRequestChance { get; set; }

    /// <summary>The chance that the answer to an INSERT is dropped and the connection closed once the server answered.</summary>
    public double CutResponseChance { get; set; }

    /// <summary>Every connection's answers are cut (the connection reset) once this many of their bytes went through.</summary>
    public long CutResponsesAfterBytes { get; set; } = long.MaxValue;

    /// <summary>
    /// Every connection's answer is cut (the connection reset) once this many bytes of its body went through, counted
    /// from the blank line that ends its head (chunk framing included): 0 cuts right after the headers.
    /// </summary>
    public long CutResponsesAfterBodyBytes { get; set; } = long.MaxValue;

    /// <summary>How long every answer from the server is held back.</summary>
    public TimeSpan ResponseDelay { get; set; }

    /// <summary>
    /// When set, the proxy answers every connection's first request itself with these bytes (a whole HTTP response) and
    /// closes it, never reaching the server: as a server going down answers (ClickHouse 18.16 sends 500 with an empty
    /// body while it shuts down), or a load balancer with no server behind it.
    /// </summary>
    public string? Answer { get; set; }

    /// <summary>Requests answered by the proxy itself (<see cref="Answer"/>).</summary>
    public int Answered { get; private set; }

    /// <summary>Request lines seen (<c>POST /?query=... HTTP/1.1</c>, URL-encoded as sent), in order.</summary>
    public List<string> RequestLines { get; } = [];

    public int CutRequests { get; private set; }

    public int CutResponses { get; private set; }

    /// <summary>
    /// Closes the port, so that connecting is refused, or opens it again on the same port. With
    /// <paramref name="dropOpenConnections"/>, connections already open are cut too, as when the server behind stops.
    /// </summary>
    public void SetRefusing(bool refusing, bool dropOpenConnections = false)
    {
        lock (_connections)
        {
            if (refusing && dropOpenConnections)
            {
                foreach (CancellationTokenSource open in _open)
                {
                    open.Cancel();
                }
            }
            if (refusing && _listener is not null)
            {
                _listener.Stop();
                _listener = null;
            }
            else if (!refusing && _listener is null)
            {
                _listener = new TcpListener(IPAddress.Loopback, Port);
                _listener.Start();
                _accepting = AcceptAsync(_listener);
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        SetRefusing(true);
        Task[] connections;
        lock (_connections)
        {
            connections = [.. _connections];
        }
        await Task.WhenAll(connections.Append(_accepting).Select(t => t.ContinueWith(_ => { }, TaskScheduler.Default)));
        _stop.Dispose();
    }

    private async Task AcceptAsync(TcpListener listener)
    {
        while (!_stop.IsCancellationRequested)
        {
            TcpClient client;
            try
            {
                client = await listener.AcceptTcpClientAsync(_stop.Token);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException or OperationCanceledException or InvalidOperationException)
            {
                return;
            }
            lock (_connections)
            {
                _connections.Add(RelayAsync(client));
            }
        }
    }

    private async Task RelayAsync(TcpClient client)
    {
        using (client)
        using (var server = new TcpClient())
        using (var connection = CancellationTokenSource.CreateLinkedTokenSource(_stop.Token))
        {
            lock (_connections)
            {
                _open.Add(connection);
            }
            try
            {
                if (Answer is { } answer)
                {
                    await AnswerAsync(client, answer, connection);
                }
                else
                {
                    await RelayToServerAsync(client, server, connection);
                }
            }
            catch (Exception e) when (e is SocketException or IOException or OperationCanceledException or ObjectDisposedException)
            {
                // The connection ends; the client sees a closed or reset connection, as on a real network.
            }
            client.Client.LingerState = new LingerOption(true, 0); // close with RST: an abrupt cut, not a polite end
            lock (_connections)
            {
                _open.Remove(connection);
            }
        }
    }

    private async Task RelayToServerAsync(TcpClient client, TcpClient server, CancellationTokenSource connection)
    {
        await server.ConnectAsync(_target, connection.Token);
        long cutAfter;
        lock (_random)
        {
            cutAfter = _random.NextDouble() < CutRequestChance ? _random.Next(1, 4096) : long.MaxValue;
        }
        var state = new ConnectionState();
        Task up = CopyRequestsAsync(client.GetStream(), server.GetStream(), cutAfter, state, connection);
        Task down = CopyResponsesAsync(server.GetStream(), client.GetStream(), state, connection);
        await Task.WhenAny(up, down);
        await connection.CancelAsync();
        await Task.WhenAll(up.ContinueWith(_ => { }, TaskScheduler.Default), down.ContinueWith(_ => { }, TaskScheduler.Default));
    }

    /// <summary>Reads what the client sent first (a request's head, and a small body with it), answers, and closes politely.</summary>
    private async Task AnswerAsync(TcpClient client, string answer, CancellationTokenSource connection)
    {
        NetworkStream stream = client.GetStream();
        byte[] buffer = new byte[16 * 1024];
        int read = await stream.ReadAsync(buffer, connection.Token);
        if (read == 0)
        {
            return;
        }
        Record(buffer.AsSpan(0, read), new StringBuilder(), new ConnectionState());
        await stream.WriteAsync(Encoding.ASCII.GetBytes(answer), connection.Token);
        lock (_random)
        {
            Answered++;
        }
        // The answer says "Connection: close": the client ends the connection; what else it sends is read and dropped.
        client.Client.Shutdown(SocketShutdown.Send);
        using var drain = CancellationTokenSource.CreateLinkedTokenSource(connection.Token);
        drain.CancelAfter(TimeSpan.FromSeconds(2));
        while (await stream.ReadAsync(buffer, drain.Token) > 0)
        {
        }
    }

    private sealed class ConnectionState
    {
        public volatile bool InsertAwaitingAnswer;
    }

    private async Task CopyRequestsAsync(NetworkStream from, NetworkStream to, long cutAfter, ConnectionState state, CancellationTokenSource connection)
    {
        byte[] buffer = new byte[16 * 1024];
        long forwarded = 0;
        var head = new StringBuilder();
        while (true)
        {
            int read = await from.ReadAsync(buffer, connection.Token);
            if (read == 0)
            {
                return;
            }
            Record(buffer.AsSpan(0, read), head, state);
            if (forwarded + read > cutAfter)
            {
                await to.WriteAsync(buffer.AsMemory(0, (int)(cutAfter - forwarded)), connection.Token);
                lock (_random)
                {
                    CutRequests++;
                }
                return;
            }
            await to.WriteAsync(buffer.AsMemory(0, read), connection.Token);
            forwarded += read;
        }
    }

    private async Task CopyResponsesAsync(NetworkStream from, NetworkStream to, ConnectionState state, CancellationTokenSource connection)
    {
        byte[] buffer = new byte[16 * 1024];
        long relayed = 0;
        long bodyCutAt = long.MaxValue;
        bool headEnded = false;
        uint lastFour = 0;
        while (true)
        {
            int read = await from.ReadAsync(buffer, connection.Token);
            if (read == 0)
            {
                return;
            }
            for (int i = 0; !headEnded && CutResponsesAfterBodyBytes != long.MaxValue && i < read; i++)
            {
                lastFour = (lastFour << 8) | buffer[i];
                if (lastFour == 0x0D0A0D0A)
                {
                    headEnded = true;
                    bodyCutAt = relayed + i + 1 + CutResponsesAfterBodyBytes;
                }
            }
            long cutAt = Math.Min(CutResponsesAfterBytes, bodyCutAt);
            if (relayed + read > cutAt)
            {
                await to.WriteAsync(buffer.AsMemory(0, (int)(cutAt - relayed)), connection.Token);
                lock (_random)
                {
                    CutResponses++;
                }
                return;
            }
            relayed += read;
            if (state.InsertAwaitingAnswer)
            {
                state.InsertAwaitingAnswer = false;
                bool cut;
                lock (_random)
                {
                    cut = _random.NextDouble() < CutResponseChance;
                    if (cut)
                    {
                        CutResponses++;
                    }
                }
                if (cut)
                {
                    return; // the server answered, so it committed; the client never hears it
                }
            }
            if (ResponseDelay > TimeSpan.Zero)
            {
                await Task.Delay(ResponseDelay, connection.Token);
            }
            await to.WriteAsync(buffer.AsMemory(0, read), connection.Token);
        }
    }

    /// <summary>Picks request lines out of the client's bytes (bodies are gzip: "POST /" inside one is vanishingly rare).</summary>
    private void Record(ReadOnlySpan<byte> bytes, StringBuilder pending, ConnectionState state)
    {
        pending.Append(Encoding.Latin1.GetString(bytes));
        string text = pending.ToString();
        int consumed = 0;
        while (true)
        {
            int start = text.IndexOf("POST /", consumed, StringComparison.Ordinal);
            if (start < 0)
            {
                break;
            }
            int end = text.IndexOf("\r\n", start, StringComparison.Ordinal);
            if (end < 0)
            {
                consumed = start;
                break;
            }
            string line = text[start..end];
            lock (RequestLines)
            {
                RequestLines.Add(line);
            }
            if (line.Contains("query=INSERT", StringComparison.Ordinal))
            {
                state.InsertAwaitingAnswer = true;
            }
            consumed = end;
        }
        pending.Clear();
        // Keep a tail that may hold the start of a request line cut by the read.
        pending.Append(text.AsSpan(Math.Max(consumed, text.Length - 8192)));
    }
}
