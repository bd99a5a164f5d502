using System;
using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace ClickHouse.RowBinary;

/// <summary>
/// The instruments of routing requests over several endpoints, on the <c>ClickHouse.RowBinary</c> meter: endpoints going
/// down and coming back, requests moved to another endpoint, and cancelled queries stopped with <c>KILL QUERY</c>.
/// </summary>
internal static class RoutingTelemetry
{
    public static readonly Counter<long> EndpointsDown = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.endpoints.down", "{endpoint}", "Times an endpoint was marked down after a connection to it failed, by server.address and server.port.");

    public static readonly Counter<long> EndpointsUp = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.endpoints.up", "{endpoint}", "Times an endpoint that was down answered again (a /ping probe or a request), by server.address and server.port.");

    public static readonly UpDownCounter<long> EndpointsUnavailable = ClickHouseDiagnostics.Meter.CreateUpDownCounter<long>(
        "clickhouse.client.endpoints.unavailable", "{endpoint}", "Endpoints down now, by server.address and server.port.");

    public static readonly Counter<long> Failovers = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.failovers", "{request}",
        "Requests moved to another endpoint after the attempt on this one (server.address, server.port) failed, by db.operation.name and error.type.");

    public static readonly Counter<long> Kills = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.queries.killed", "{query}",
        "Queries cancelled or abandoned by their caller that the client asked the server to stop (KILL QUERY), by outcome: sent, failed, skipped.");

    public static void EndpointDown(EndpointPool.Endpoint endpoint, Exception failure)
    {
        TagList tags = endpoint.Tags;
        tags.Add("error.type", RequestTelemetry.ErrorType(failure));
        EndpointsDown.Add(1, tags);
        EndpointsUnavailable.Add(1, endpoint.Tags);
    }

    public static void EndpointUp(EndpointPool.Endpoint endpoint)
    {
        EndpointsUp.Add(1, endpoint.Tags);
        EndpointsUnavailable.Add(-1, endpoint.Tags);
    }

    public static void Failover(EndpointPool.Endpoint from, string operation, Exception failure)
    {
        TagList tags = from.Tags;
        tags.Add("db.operation.name", operation);
        tags.Add("error.type", RequestTelemetry.ErrorType(failure));
        Failovers.Add(1, tags);
        Activity.Current?.AddEvent(new ActivityEvent("clickhouse.failover", tags: new ActivityTagsCollection(tags)));
    }

    public static void Kill(Uri endpoint, string outcome)
        => Kills.Add(1, new TagList { { "server.address", endpoint.Host }, { "server.port", endpoint.Port }, { "outcome", outcome } });
}
