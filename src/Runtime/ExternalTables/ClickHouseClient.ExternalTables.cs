using System;
using System.IO;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>The body of a query: its SQL as text, or a multipart form with the options' external tables.</summary>
    private static HttpContent CreateQueryContent(string sql, ClickHouseQueryOptions? options)
    {
        if (options?.ExternalTables is { Count: > 0 } tables)
        {
            return new ExternalTablesContent(sql, tables);
        }
        var content = new ByteArrayContent(Encoding.UTF8.GetBytes(sql));
        content.Headers.ContentType = new MediaTypeHeaderValue("text/plain") { CharSet = "UTF-8" };
        return content;
    }

    /// <summary>
    /// Whether <paramref name="endpoint"/> may be asked for RowBinaryWithNamesAndTypes: not where it said it does not
    /// know the format. The options' external tables may not be enumerable twice, and an old server refuses the format
    /// only after it has read them all; so before the first such query to an endpoint not known yet, a query of no rows
    /// asks it (once per endpoint: a cluster being upgraded mixes old and new servers).
    /// </summary>
    private async Task<bool> KnowsNamesAndTypesAsync(EndpointPool.Endpoint endpoint, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
    {
        if (endpoint.NamesAndTypes is { } known)
        {
            return known;
        }
        if (options?.ExternalTables is not { Count: > 0 } tables)
        {
            return true;
        }
        ExternalTablesContent.CheckNames(tables);
        string probe = WithFormat("SELECT 1 WHERE 0", RowBinaryFormat.RowBinaryWithNamesAndTypes);
        string queryId = NewQueryId();
        using HttpRequestMessage request = CreateRequest(endpoint.Uri, null, CreateQueryContent(probe, null), null, queryId, null, null);
        var telemetry = new RequestTelemetry("SELECT", null, _database, endpoint.Uri, queryId);
        telemetry.FallsBackOn(IsNamesAndTypesUnknown, nameof(RowBinaryFormat.RowBinary));
        try
        {
            HttpResponseMessage response = await SendAsync(request, queryId, telemetry, cancellationToken).ConfigureAwait(false);
            await using ClickHouseResponseStream body = await OpenBodyAsync(response, queryId, telemetry, cancellationToken).ConfigureAwait(false);
            await body.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
            endpoint.NamesAndTypes = true;
        }
        catch (ClickHouseServerException e) when (IsNamesAndTypesUnknown(e))
        {
            endpoint.NamesAndTypes = false;
        }
        return endpoint.NamesAndTypes == true;
    }

    /// <summary>The endpoint a query was routed to said it does not know RowBinaryWithNamesAndTypes: the query is asked again in RowBinary.</summary>
    private sealed class NamesAndTypesUnknownException() : Exception("The endpoint does not know FORMAT RowBinaryWithNamesAndTypes.");
}
