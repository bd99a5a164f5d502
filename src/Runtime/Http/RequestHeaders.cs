using System;
using System.Collections.Generic;
using System.Net.Http;

namespace ClickHouse.RowBinary;

/// <summary>The custom HTTP headers of the client's options and of one request.</summary>
internal static class RequestHeaders
{
    /// <summary>Headers the client sets itself: credentials and the description of the body.</summary>
    private static readonly HashSet<string> Reserved = new(StringComparer.OrdinalIgnoreCase)
    {
        "X-ClickHouse-User", "X-ClickHouse-Key", "Authorization", "Content-Type", "Content-Encoding", "Content-Length", "Accept-Encoding",
        "Transfer-Encoding", "Host",
    };

    public static void CheckNames(IEnumerable<string> names, string option)
    {
        foreach (string name in names)
        {
            if (Reserved.Contains(name))
            {
                throw new ArgumentException(
                    $"{option} names the header {name}, which the client sets itself: credentials go in ClickHouseClientOptions.User, Password or AccessToken, " +
                    "compression in RequestCompression and ResponseCompression.");
            }
        }
    }

    /// <summary>The client's headers, then the request's (which replace a client header of the same name).</summary>
    public static void Add(HttpRequestMessage request, KeyValuePair<string, string>[] client, IDictionary<string, string>? own)
    {
        foreach (KeyValuePair<string, string> header in client)
        {
            if (own is null || !own.ContainsKey(header.Key))
            {
                request.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }
        }
        if (own is { Count: > 0 })
        {
            CheckNames(own.Keys, "The request's Headers");
            foreach (KeyValuePair<string, string> header in own)
            {
                request.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }
        }
    }
}
