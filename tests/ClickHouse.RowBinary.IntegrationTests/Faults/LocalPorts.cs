using System.Net;
using System.Net.Sockets;

namespace ClickHouse.RowBinary.IntegrationTests.Faults;

internal static class LocalPorts
{
    /// <summary>A loopback port nothing listens on now: connecting to it is refused, and a server may bind it.</summary>
    public static int Unused()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
