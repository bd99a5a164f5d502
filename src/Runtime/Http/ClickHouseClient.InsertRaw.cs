using System;
using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
#if NET10_0_OR_GREATER
using System.IO.Pipelines;
#endif

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Streams a body in any ClickHouse input format (CSV, TabSeparated, JSONEachRow, Parquet, Native, ...) into
    /// <paramref name="table"/> as <c>INSERT INTO `table` FORMAT {format}</c>: read from <paramref name="body"/> as the
    /// request goes out (never held whole), compressed as <see cref="ClickHouseClientOptions.RequestCompression"/> says,
    /// with the server's errors as <see cref="ClickHouseServerException"/> and the same telemetry as typed inserts.
    /// </summary>
    /// <param name="table">The table name, quoted as one identifier (use <see cref="ClickHouseInsertOptions.Database"/> for another database).</param>
    /// <param name="format">The input format's name, e.g. <c>CSVWithNames</c>; letters, digits and underscores.</param>
    /// <param name="body">The data, read to its end; not disposed.</param>
    /// <param name="options">Database, settings, query id, progress and deduplication token (<see cref="ClickHouseInsertOptions.Format"/> does not apply).</param>
    /// <param name="cancellationToken">Stops sending and aborts the request.</param>
    /// <returns>The bytes sent (before compression) and the rows the server reports having written (its
    /// <c>X-ClickHouse-Summary</c> header, ClickHouse 20.x and later), or -1 rows where it does not say.</returns>
    public async Task<ClickHouseInsertResult> InsertRawAsync(string table, string format, Stream body, ClickHouseInsertOptions? options = null,
        CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(table);
        ArgumentNullException.ThrowIfNull(body);
        CheckFormatName(format);
        string sql = $"INSERT INTO {ClickHouseIdentifier.QuoteTable(options?.Database, table)} FORMAT {format}";
        CheckDeduplicationToken(options);
        string queryId = options?.QueryId ?? NewQueryId();
        RequestScope? scope = RequestScope.Of(options);
        long start = body.CanSeek ? body.Position : 0;
        var failover = new InsertFailover(mayResendBody: body.CanSeek);
        RawInsertContent? content = null;
        return await RouteAsync("INSERT", queryId, async endpoint =>
            {
                (IDictionary<string, string>? settings, string? token) = await WithDeduplicationTokenAsync(endpoint.Uri, options, cancellationToken).ConfigureAwait(false);
                failover.Sending(withToken: token is not null);
                if (failover.Resending)
                {
                    body.Position = start;
                }
                content = new RawInsertContent(body, _requestCompression, options?.Progress);
                using HttpRequestMessage request = CreateRequest(endpoint.Uri, sql, content, options?.Database, queryId, settings, parameters: null, scope);
                var telemetry = new RequestTelemetry("INSERT", table, options?.Database ?? _database, endpoint.Uri, queryId);
                HttpResponseMessage response = await SendAsync(request, queryId, telemetry, cancellationToken).ConfigureAwait(false);
                await using ClickHouseResponseStream answer = await OpenBodyAsync(response, queryId, telemetry, cancellationToken).ConfigureAwait(false);
                long rows = WrittenRows(answer.ResponseHeader("X-ClickHouse-Summary")) ?? -1;
                telemetry.Sent(Math.Max(rows, 0), content.BytesWritten);
                // The answer to an INSERT is empty, unless the server failed after the status line: read it to the end to know.
                await answer.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
                return new ClickHouseInsertResult(rows, content.BytesWritten);
            },
            // A stream that cannot seek is read once: unless nothing of it was read, it goes nowhere else.
            failure => (content is null or { BytesWritten: 0 } || body.CanSeek) && failover.MayMove(failure),
            killOnAbandon: false, cancellationToken).ConfigureAwait(false);
    }

#if NET10_0_OR_GREATER
    /// <inheritdoc cref="InsertRawAsync(string, string, Stream, ClickHouseInsertOptions?, CancellationToken)"/>
    /// <param name="table">The table name, quoted as one identifier.</param>
    /// <param name="format">The input format's name, e.g. <c>Parquet</c>.</param>
    /// <param name="body">The data, read until the writer completes; completed as read when done.</param>
    /// <param name="options">Database, settings, query id and progress.</param>
    /// <param name="cancellationToken">Stops sending and aborts the request.</param>
    public async Task<ClickHouseInsertResult> InsertRawAsync(string table, string format, PipeReader body, ClickHouseInsertOptions? options = null,
        CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(body);
        await using Stream stream = body.AsStream();
        return await InsertRawAsync(table, format, stream, options, cancellationToken).ConfigureAwait(false);
    }
#endif

    /// <summary>A format name goes into the statement, so it may only be a name.</summary>
    private static void CheckFormatName(string format)
    {
        ArgumentException.ThrowIfNullOrEmpty(format);
        foreach (char c in format)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c != '_')
            {
                throw new ArgumentException($"'{format}' is not a ClickHouse format name (letters, digits and underscores, e.g. CSVWithNames).", nameof(format));
            }
        }
    }
}
