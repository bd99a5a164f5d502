using System;
using System.Net;

namespace ClickHouse.RowBinary;

/// <summary>
/// An error the ClickHouse server reported: before the result (a non-200 status) or in the middle of a result
/// that had already started streaming with status 200.
/// </summary>
public sealed class ClickHouseServerException : Exception
{
    public ClickHouseServerException(int code, string serverMessage, HttpStatusCode statusCode, string? queryId, Exception? innerException = null)
        : this(code, serverMessage, statusCode, queryId, ClickHouseOptionsSource.Code, innerException)
    {
    }

    /// <summary>An error whose hints name the settings as <paramref name="source"/> names them.</summary>
    internal ClickHouseServerException(int code, string serverMessage, HttpStatusCode statusCode, string? queryId, ClickHouseOptionsSource source,
        Exception? innerException = null)
        : base(Describe(code, serverMessage, statusCode, queryId, source), innerException)
    {
        Code = code;
        ServerMessage = serverMessage;
        StatusCode = statusCode;
        QueryId = queryId;
    }

    /// <summary>ClickHouse's error code, e.g. 395 (FUNCTION_THROW_IF_VALUE_IS_NON_ZERO); 0 when the server sent none.</summary>
    public int Code { get; }

    /// <summary>The error text exactly as the server sent it, trimmed.</summary>
    public string ServerMessage { get; }

    /// <summary>The response status; <see cref="HttpStatusCode.OK"/> when the error arrived after data had started streaming.</summary>
    public HttpStatusCode StatusCode { get; }

    /// <summary>The query id, when known.</summary>
    public string? QueryId { get; }

    /// <summary>
    /// An error status that carries no ClickHouse error (no code in its header or its text): not the server's verdict on
    /// the statement but the endpoint failing as it answered: a proxy or load balancer in front of the server (502, 503,
    /// 504, 429), or a server going down (ClickHouse 18.16 answers 500 with an empty body while it shuts down).
    /// </summary>
    internal bool IsEndpointFailure
        => Code == 0 && StatusCode is HttpStatusCode.InternalServerError or HttpStatusCode.BadGateway or HttpStatusCode.ServiceUnavailable
            or HttpStatusCode.GatewayTimeout or HttpStatusCode.TooManyRequests;

    /// <summary>True when the server refused the credentials: an unknown user, a wrong password or a denied address.</summary>
    public bool IsAuthenticationFailure
        => Code is ClickHouseErrorCodes.UnknownUser or ClickHouseErrorCodes.WrongPassword or ClickHouseErrorCodes.RequiredPassword
            or ClickHouseErrorCodes.IpAddressNotAllowed or ClickHouseErrorCodes.AuthenticationFailed;

    private static string Describe(int code, string serverMessage, HttpStatusCode statusCode, string? queryId, ClickHouseOptionsSource source)
    {
        string what = code switch
        {
            ClickHouseErrorCodes.UnknownUser or ClickHouseErrorCodes.WrongPassword or ClickHouseErrorCodes.RequiredPassword
                or ClickHouseErrorCodes.IpAddressNotAllowed or ClickHouseErrorCodes.AuthenticationFailed
                => $"ClickHouse authentication failed (check the user and password: {source.Name(nameof(ClickHouseClientOptions.User), nameof(ClickHouseClientOptions.Password))})",
            _ when statusCode == HttpStatusCode.OK => $"ClickHouse error {code} in the middle of the result, after data had started streaming",
            0 => $"HTTP {(int)statusCode} without a ClickHouse error (from a proxy in front of the server, or a server going down)",
            _ => $"ClickHouse error {code} (HTTP {(int)statusCode})",
        };
        string query = queryId is null ? "" : $" [query id {queryId}]";
        string hint = code == ClickHouseErrorCodes.UnknownSetting && serverMessage.Contains("param_", StringComparison.Ordinal)
            ? " Query parameters ({name:Type}) need ClickHouse 19.11 or later."
            : code == ClickHouseErrorCodes.UnknownCompressionMethod && serverMessage.Contains("Content-Encoding", StringComparison.Ordinal)
                ? $" This server cannot decode the request body's compression: set {source.Name(nameof(ClickHouseClientOptions.RequestCompression))} to one it has (GZip is understood by every version; Zstd and Lz4 need a newer server)."
                : "";
        return $"{what}{query}: {serverMessage}{hint}";
    }
}
