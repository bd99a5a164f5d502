using System;
using System.Text.RegularExpressions;

namespace ClickHouse.RowBinary;

/// <summary>
/// Credentials never travel in endpoint URLs (<c>http://user:password@host</c>): URLs are what logs, spans and error
/// messages show. A client refuses an endpoint with a user name or password in it, naming the option to change and
/// pointing to <see cref="ClickHouseClientOptions.User"/> and <see cref="ClickHouseClientOptions.Password"/>, and a
/// message that must quote a URL quotes it without them.
/// </summary>
internal static partial class EndpointUserInfo
{
    /// <summary>Throws when <paramref name="endpoint"/> (absolute) carries a user name or password.</summary>
    /// <param name="endpoint">An absolute endpoint URL.</param>
    /// <param name="source">Where the options came from, to name the setting there.</param>
    /// <param name="option">The option that named it: <c>Endpoint</c> or <c>Endpoints</c>.</param>
    public static void Refuse(Uri endpoint, ClickHouseOptionsSource source, string option)
    {
        if (endpoint.UserInfo.Length == 0)
        {
            return;
        }
        throw new ArgumentException(
            $"The endpoint '{Redacted(endpoint.OriginalString)}' of {source.Name(option)} has a user name or password in its URL. "
            + $"Take them out of the URL and set {source.Name(nameof(ClickHouseClientOptions.User), nameof(ClickHouseClientOptions.Password))} "
            + "instead: credentials travel only in headers, never in URLs, which logs, spans and error messages show.",
            "options");
    }

    /// <summary><paramref name="url"/> (one URL or a comma-separated list) with every user name and password replaced by <c>***</c>.</summary>
    public static string Redacted(string? url) => url is null ? "" : UserInfo().Replace(url, "://***@");

    [GeneratedRegex(@"://[^\s,]*@")]
    private static partial Regex UserInfo();
}
