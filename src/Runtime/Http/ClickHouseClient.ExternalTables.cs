using System.IO;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>Set once a server has answered a query in RowBinaryWithNamesAndTypes.</summary>
    private volatile bool _namesAndTypesConfirmed;

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
    /// Whether the server may be asked for RowBinaryWithNamesAndTypes with the options' external tables. Their rows may
    /// not be enumerable twice, and an old server refuses the format only after it has read them all; so before the
    /// first query with external tables, a query of no rows asks (once per client).
    /// </summary>
    private async Task<bool> MayAskNamesAndTypesWithAsync(ClickHouseQueryOptions? options, CancellationToken cancellationToken)
    {
        if (options?.ExternalTables is not { Count: > 0 } tables || _namesAndTypesConfirmed)
        {
            return true;
        }
        ExternalTablesContent.CheckNames(tables);
        if (await TrySendWithNamesAndTypesAsync("SELECT 1 WHERE 0", null, cancellationToken).ConfigureAwait(false) is not { } probe)
        {
            return false;
        }
        await using (probe.ConfigureAwait(false))
        {
            await probe.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
        }
        _namesAndTypesConfirmed = true;
        return true;
    }
}
