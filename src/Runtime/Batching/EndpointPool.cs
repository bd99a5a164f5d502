using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace ClickHouse.RowBinary;

/// <summary>
/// The endpoints a batch inserter sends to, taken in turn. One that could not be reached rests for a while (1 s,
/// doubling with each further failure, at most 30 s) and is skipped while others are available; when none is,
/// the one that rested longest is tried. An endpoint is down from the failure that makes it rest until it is reached
/// again: <c>clickhouse.inserter.endpoints.unreachable</c> counts it once for that stretch.
/// </summary>
internal sealed class EndpointPool
{
    public static readonly UpDownCounter<long> Unreachables = ClickHouseDiagnostics.Meter.CreateUpDownCounter<long>(
        "clickhouse.inserter.endpoints.unreachable", "{endpoint}",
        "Endpoints a batch inserter could not reach and has not reached since, by server.address and server.port.");

    private static readonly TimeSpan FirstRest = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan LongestRest = TimeSpan.FromSeconds(30);

    private readonly Endpoint[] _endpoints;
    private readonly TimeProvider _time;
    private readonly object _gate = new();
    private int _next;

    /// <param name="endpoints">The servers, in the order they are taken.</param>
    /// <param name="time">The clock of the rests.</param>
    /// <param name="tags">The inserter's tags, to which each endpoint's measurements add its address and port.</param>
    public EndpointPool(IReadOnlyList<Uri> endpoints, TimeProvider time, TagList tags)
    {
        _endpoints = new Endpoint[endpoints.Count];
        for (int i = 0; i < endpoints.Count; i++)
        {
            TagList endpointTags = tags;
            endpointTags.Add("server.address", endpoints[i].Host);
            endpointTags.Add("server.port", endpoints[i].Port);
            _endpoints[i] = new Endpoint(endpoints[i], endpointTags);
        }
        _time = time;
    }

    public sealed class Endpoint(Uri uri, TagList tags)
    {
        public Uri Uri { get; } = uri;

        internal TagList Tags { get; } = tags;

        internal int Failures { get; set; }

        internal long RestsUntil { get; set; }
    }

    /// <summary>The next endpoint to send to, other than <paramref name="avoid"/> when another can be had.</summary>
    public Endpoint Pick(Endpoint? avoid)
    {
        lock (_gate)
        {
            long now = _time.GetTimestamp();
            Endpoint? earliest = null;
            for (int i = 0; i < _endpoints.Length; i++)
            {
                Endpoint candidate = _endpoints[(_next + i) % _endpoints.Length];
                if (candidate == avoid && _endpoints.Length > 1)
                {
                    continue;
                }
                if (candidate.RestsUntil <= now)
                {
                    _next = (Array.IndexOf(_endpoints, candidate) + 1) % _endpoints.Length;
                    return candidate;
                }
                if (earliest is null || candidate.RestsUntil < earliest.RestsUntil)
                {
                    earliest = candidate;
                }
            }
            return earliest ?? _endpoints[0];
        }
    }

    /// <summary>Whether an endpoint other than <paramref name="endpoint"/> is not resting.</summary>
    public bool AnotherIsAvailable(Endpoint endpoint)
    {
        lock (_gate)
        {
            long now = _time.GetTimestamp();
            foreach (Endpoint candidate in _endpoints)
            {
                if (candidate != endpoint && candidate.RestsUntil <= now)
                {
                    return true;
                }
            }
            return false;
        }
    }

    public void Succeeded(Endpoint endpoint)
    {
        bool back;
        lock (_gate)
        {
            back = endpoint.Failures > 0;
            endpoint.Failures = 0;
            endpoint.RestsUntil = 0;
        }
        if (back)
        {
            Unreachables.SafeAdd(-1, endpoint.Tags);
        }
    }

    public void Unreachable(Endpoint endpoint)
    {
        bool down;
        lock (_gate)
        {
            down = endpoint.Failures++ == 0;
            double seconds = Math.Min(LongestRest.TotalSeconds, FirstRest.TotalSeconds * Math.Pow(2, Math.Min(endpoint.Failures - 1, 16)));
            endpoint.RestsUntil = _time.GetTimestamp() + (long)(seconds * _time.TimestampFrequency);
        }
        if (down)
        {
            Unreachables.SafeAdd(1, endpoint.Tags);
        }
    }
}
