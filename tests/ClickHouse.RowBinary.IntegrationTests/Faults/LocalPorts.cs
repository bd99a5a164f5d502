using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Sockets;

namespace ClickHouse.RowBinary.IntegrationTests.Faults;

/// <summary>
/// Loopback ports for servers the tests start. They are drawn below the range the system hands out to outgoing
/// connections (Linux: 32768 and up; Windows and macOS: 49152 and up), so that a port chosen now and bound later (or
/// bound again by a restarted server) is not taken meanwhile by one of the many client connections the tests make.
/// </summary>
internal static class LocalPorts
{
    private const int First = 10_000;
    private const int Last = 32_000;

    /// <summary>A loopback port nothing listens on now: connecting to it is refused, and a server may bind it.</summary>
    public static int Unused() => Unused(1)[0];

    /// <summary>A started listener on such a port, for a server that stops listening and listens again on the same port.</summary>
    public static TcpListener Listening()
    {
        while (true)
        {
            var listener = new TcpListener(IPAddress.Loopback, Random.Shared.Next(First, Last));
            try
            {
                listener.Start();
                return listener;
            }
            catch (SocketException)
            {
                listener.Dispose(); // taken: draw another
            }
        }
    }

    /// <summary><paramref name="count"/> different such ports: every probe is held until all are chosen.</summary>
    public static int[] Unused(int count)
    {
        var probes = new List<TcpListener>();
        try
        {
            while (probes.Count < count)
            {
                probes.Add(Listening());
            }
            return [.. probes.Select(probe => ((IPEndPoint)probe.LocalEndpoint).Port)];
        }
        finally
        {
            foreach (TcpListener probe in probes)
            {
                probe.Stop();
            }
        }
    }
}
