using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// The endpoints a batch inserter sends to, taken in turn. One that could not be reached rests for a while (1 s,
/// doubling with each further failure, at most 30 s) and is skipped while others are available; when none is,
/// the one that rested longest is tried.
/// </summary>
internal sealed class EndpointPool
{
    private static readonly TimeSpan FirstRest = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan LongestRest = TimeSpan.FromSeconds(30);

    private readonly Endpoint[] _endpoints;
    private readonly TimeProvider _time;
    private readonly object _gate = new();
    private int _next;

    public EndpointPool(IReadOnlyList<Uri> endpoints, TimeProvider time)
    {
        _endpoints = new Endpoint[endpoints.Count];
        for (int i = 0; i < endpoints.Count; i++)
        {
            _endpoints[i] = new Endpoint(endpoints[i]);
        }
        _time = time;
    }

    public sealed class Endpoint(Uri uri)
    {
        public Uri Uri { get; } = uri;

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
        lock (_gate)
        {
            endpoint.Failures = 0;
            endpoint.RestsUntil = 0;
        }
    }

    public void Unreachable(Endpoint endpoint)
    {
        lock (_gate)
        {
            endpoint.Failures++;
            double seconds = Math.Min(LongestRest.TotalSeconds, FirstRest.TotalSeconds * Math.Pow(2, Math.Min(endpoint.Failures - 1, 16)));
            endpoint.RestsUntil = _time.GetTimestamp() + (long)(seconds * _time.TimestampFrequency);
        }
    }
}
