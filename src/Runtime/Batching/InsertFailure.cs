using System;
using System.IO;
using System.Net.Http;

namespace ClickHouse.RowBinary;

/// <summary>What a failed attempt to send a batch means for the next one.</summary>
internal enum InsertFailure
{
    /// <summary>Sending again cannot help (unknown table, a type mismatch, authentication, syntax): fail the batch.</summary>
    Permanent,

    /// <summary>Sending again later may succeed (a reset connection, a timeout, an overloaded server).</summary>
    Transient,

    /// <summary>The server could not be reached: nothing was sent, and another endpoint may take the batch at once.</summary>
    Unreachable,
}

internal static class InsertFailures
{
    public static InsertFailure Classify(Exception exception) => exception switch
    {
        ClickHouseServerException server when ClickHouseErrorCodes.IsTransient(server.Code) => InsertFailure.Transient,
        // A proxy or load balancer in front of the server answered, or a server going down, not ClickHouse's verdict.
        ClickHouseServerException { IsEndpointFailure: true } => InsertFailure.Transient,
        ClickHouseServerException => InsertFailure.Permanent,
        HttpRequestException { HttpRequestError: HttpRequestError.ConnectionError or HttpRequestError.NameResolutionError } => InsertFailure.Unreachable,
        HttpRequestException or IOException or TimeoutException => InsertFailure.Transient,
        // HttpClient.Timeout of a caller's HttpClient: a time limit, not a cancellation.
        OperationCanceledException { InnerException: TimeoutException } => InsertFailure.Transient,
        _ => InsertFailure.Permanent,
    };
}
