using System;
using System.Linq;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>What the smoke run proves about the replay server: it answered both clients and nothing failed.</summary>
public static class PeerChecks
{
    /// <summary>The User-Agent of the benchmarks' own raw HTTP reads, which are neither client.</summary>
    public const string FloorUserAgent = "PeerBenchmarkFloor";

    public static void ServerAnsweredBoth(ReplayServer.ReplayServer server)
    {
        ArgumentNullException.ThrowIfNull(server);
        Check.That(server.Failure is null, $"The replay server failed: {server.Failure}");
        int driver = server.Requests.Count(r => r.Header("User-Agent")?.Contains("ClickHouse.Driver", StringComparison.Ordinal) == true);
        // Our client sends no User-Agent of its own.
        int ours = server.Requests.Count(r => r.Header("User-Agent") is null);
        Check.That(driver > 0, "The replay server got no request from ClickHouse.Driver.");
        Check.That(ours > 0, "The replay server got no request from our client.");
    }
}
