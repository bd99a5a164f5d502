using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The health of a client's endpoints, shared by every request of the client, its sessions and its batch inserters.
/// Requests take endpoints by the <see cref="ClickHouseEndpointStrategy"/>, skipping those that are down. An endpoint is
/// marked down when a connection to it fails; while down, its <c>/ping</c> is probed after 1 s, doubling to 30 s, and it
/// is up again when the probe (or any request) gets an answer. When every endpoint is down, requests still go to the one
/// whose next probe is nearest: a request never fails for want of a healthy endpoint without having tried one.
/// </summary>
internal sealed class EndpointPool : IDisposable
{
    private static readonly TimeSpan FirstRest = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan LongestRest = TimeSpan.FromSeconds(30);
    private static readonly TimeSpan ProbeTimeout = TimeSpan.FromSeconds(5);

    private readonly Endpoint[] _endpoints;
    private readonly ClickHouseEndpointStrategy _strategy;
    private readonly Func<Uri, CancellationToken, Task<bool>> _ping;
    private readonly TimeProvider _time;
    private readonly CancellationTokenSource _disposed = new();
    private readonly object _gate = new();
    private int _next;

    /// <param name="endpoints">The servers, in the order the options name them.</param>
    /// <param name="strategy">How each request picks among those that are up.</param>
    /// <param name="ping">Asks an endpoint's <c>/ping</c>; true when it answered.</param>
    /// <param name="time">The clock of the probes.</param>
    public EndpointPool(IReadOnlyList<Uri> endpoints, ClickHouseEndpointStrategy strategy, Func<Uri, CancellationToken, Task<bool>> ping, TimeProvider time)
    {
        _endpoints = new Endpoint[endpoints.Count];
        for (int i = 0; i < endpoints.Count; i++)
        {
            _endpoints[i] = new Endpoint(endpoints[i]);
        }
        _strategy = strategy;
        _ping = ping;
        _time = time;
    }

    /// <summary>One server of the pool and its health.</summary>
    public sealed class Endpoint(Uri uri)
    {
        public Uri Uri { get; } = uri;

        internal TagList Tags { get; } = new() { { "server.address", uri.Host }, { "server.port", uri.Port } };

        internal int Failures { get; set; }

        internal bool Down => Failures > 0;

        /// <summary>
        /// Whether the server knows <c>FORMAT RowBinaryWithNamesAndTypes</c> (ClickHouse 19.x and later): null until it
        /// said. Per endpoint, since a cluster being upgraded mixes servers that do with servers that do not.
        /// </summary>
        internal bool? NamesAndTypes
        {
            get => Volatile.Read(ref _namesAndTypes) switch { 1 => true, 2 => false, _ => null };
            set => Volatile.Write(ref _namesAndTypes, value switch { true => 1, false => 2, null => 0 });
        }

        private int _namesAndTypes;

        /// <summary>When the next probe of a down endpoint is due (a <see cref="TimeProvider"/> timestamp).</summary>
        internal long ProbeAt { get; set; }

        internal ITimer? Probe { get; set; }
    }

    public int Count => _endpoints.Length;

    public Endpoint First => _endpoints[0];

    /// <summary>Every endpoint said it does not know RowBinaryWithNamesAndTypes (ClickHouse before 19.x).</summary>
    public bool NoneKnowsNamesAndTypes
    {
        get
        {
            foreach (Endpoint endpoint in _endpoints)
            {
                if (endpoint.NamesAndTypes != false)
                {
                    return false;
                }
            }
            return true;
        }
    }

    /// <summary>
    /// The endpoint for the next request, other than those in <paramref name="tried"/>: an up one by the strategy, or when
    /// every untried one is down, the one whose probe is nearest. Null when every endpoint was tried.
    /// </summary>
    public Endpoint? Pick(IReadOnlyCollection<Endpoint>? tried = null)
    {
        lock (_gate)
        {
            int start = _strategy switch
            {
                ClickHouseEndpointStrategy.InOrder => 0,
                ClickHouseEndpointStrategy.Random => System.Random.Shared.Next(_endpoints.Length),
                _ => _next,
            };
            Endpoint? nearest = null;
            for (int i = 0; i < _endpoints.Length; i++)
            {
                Endpoint candidate = _endpoints[(start + i) % _endpoints.Length];
                if (tried is not null && Contains(tried, candidate))
                {
                    continue;
                }
                if (!candidate.Down)
                {
                    if (_strategy == ClickHouseEndpointStrategy.RoundRobin)
                    {
                        _next = (Array.IndexOf(_endpoints, candidate) + 1) % _endpoints.Length;
                    }
                    return candidate;
                }
                if (nearest is null || candidate.ProbeAt < nearest.ProbeAt)
                {
                    nearest = candidate;
                }
            }
            return nearest;
        }
    }

    /// <summary>The next endpoint to send to, other than <paramref name="avoid"/> when another can be had.</summary>
    public Endpoint Pick(Endpoint? avoid) => (avoid is null ? null : Pick([avoid])) ?? Pick()!;

    /// <summary>Whether an endpoint other than <paramref name="endpoint"/> is up.</summary>
    public bool AnotherIsAvailable(Endpoint endpoint)
    {
        lock (_gate)
        {
            foreach (Endpoint candidate in _endpoints)
            {
                if (candidate != endpoint && !candidate.Down)
                {
                    return true;
                }
            }
            return false;
        }
    }

    /// <summary>A request got an answer from the endpoint (success or a server error): it is up.</summary>
    public void Reached(Endpoint endpoint)
    {
        ITimer? probe;
        lock (_gate)
        {
            if (!endpoint.Down)
            {
                return;
            }
            endpoint.Failures = 0;
            probe = endpoint.Probe;
            endpoint.Probe = null;
        }
        probe?.Dispose();
        RoutingTelemetry.EndpointUp(endpoint);
    }

    /// <summary>A connection to the endpoint failed: it is down until a probe or a request reaches it.</summary>
    public void Unreachable(Endpoint endpoint, Exception failure)
    {
        bool down;
        lock (_gate)
        {
            down = !endpoint.Down;
            endpoint.Failures++;
            if (down && !_disposed.IsCancellationRequested)
            {
                ScheduleProbeLocked(endpoint);
            }
        }
        if (down)
        {
            RoutingTelemetry.EndpointDown(endpoint, failure);
        }
    }

    private void ScheduleProbeLocked(Endpoint endpoint)
    {
        double seconds = Math.Min(LongestRest.TotalSeconds, FirstRest.TotalSeconds * Math.Pow(2, Math.Min(endpoint.Failures - 1, 16)));
        TimeSpan rest = TimeSpan.FromSeconds(seconds);
        endpoint.ProbeAt = _time.GetTimestamp() + (long)(seconds * _time.TimestampFrequency);
        endpoint.Probe?.Dispose();
        // The probe belongs to the pool, not to the request that found the endpoint down: it must not carry that request's span.
        using (ExecutionContext.SuppressFlow())
        {
            endpoint.Probe = _time.CreateTimer(static state => _ = ((ProbeState)state!).Pool.ProbeAsync(((ProbeState)state!).Endpoint),
                new ProbeState(this, endpoint), rest, Timeout.InfiniteTimeSpan);
        }
    }

    private async Task ProbeAsync(Endpoint endpoint)
    {
        bool answered;
        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(_disposed.Token);
            timeout.CancelAfter(ProbeTimeout);
            answered = await _ping(endpoint.Uri, timeout.Token).ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Unreachable, too slow, or the client was disposed: the endpoint stays down.
            answered = false;
        }
        if (answered)
        {
            Reached(endpoint);
            return;
        }
        lock (_gate)
        {
            if (endpoint.Down && !_disposed.IsCancellationRequested)
            {
                endpoint.Failures++;
                ScheduleProbeLocked(endpoint);
            }
        }
    }

    private static bool Contains(IReadOnlyCollection<Endpoint> endpoints, Endpoint endpoint)
    {
        foreach (Endpoint one in endpoints)
        {
            if (one == endpoint)
            {
                return true;
            }
        }
        return false;
    }

    /// <summary>Stops the probes.</summary>
    public void Dispose()
    {
        lock (_gate)
        {
            if (_disposed.IsCancellationRequested)
            {
                return;
            }
            _disposed.Cancel();
            foreach (Endpoint endpoint in _endpoints)
            {
                endpoint.Probe?.Dispose();
                endpoint.Probe = null;
            }
        }
    }

    private sealed record ProbeState(EndpointPool Pool, Endpoint Endpoint);
}
