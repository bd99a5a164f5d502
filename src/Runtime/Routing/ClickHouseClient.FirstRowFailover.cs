using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// The failover of one streamed read of <paramref name="sql"/> (an enumeration of rows, a data reader); null where the
    /// query may not run again elsewhere (see <see cref="MayRunAgain"/>).
    /// </summary>
    private FirstRowFailover? FirstRowFailoverFor(string sql, ClickHouseQueryOptions? options)
        => MayRunAgain(sql, options) ? new FirstRowFailover(this, RequestTelemetry.OperationOf(StatementStart(sql))) : null;

    /// <summary>
    /// A streamed read while none of its rows has reached the caller: when its body breaks off (the connection lost, no
    /// error text from the server), the body is dropped with everything parsed from it, and the query is sent again to
    /// an endpoint whose body has not broken off, once per endpoint. Once a row was handed out, a break is the caller's
    /// error: no row is ever delivered twice. Each enumeration (or reader) has its own.
    /// </summary>
    /// <remarks>
    /// The query id of the new attempt is the caller's <see cref="ClickHouseQueryOptions.QueryId"/> when there is one,
    /// else a new one: two endpoints may reach one server (a load balancer, proxies), which refuses an id that is still
    /// running. The dropped attempt's request ends as failed (its span, its duration) and reports no more progress; the
    /// new attempt's progress starts from its own first report.
    /// </remarks>
    internal sealed class FirstRowFailover
    {
        private readonly ClickHouseClient _client;
        private readonly string _operation;
        private readonly WholeResultRoute _route;

        public FirstRowFailover(ClickHouseClient client, string operation)
        {
            _client = client;
            _operation = operation;
            // Within a whole result's read (QueryScalarAsync over a stream), its route: an endpoint broken for one is broken for both.
            _route = CurrentWholeResult.Value ?? new WholeResultRoute();
        }

        /// <summary>Sends the query by <paramref name="open"/>, its requests kept away from the endpoints whose body broke off.</summary>
        public async Task<TBody> OpenAsync<TBody>(Func<CancellationToken, Task<TBody>> open, CancellationToken cancellationToken)
        {
            WholeResultRoute? outer = CurrentWholeResult.Value;
            CurrentWholeResult.Value = _route;
            try
            {
                return await open(cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                CurrentWholeResult.Value = outer;
            }
        }

        /// <summary>
        /// Runs <paramref name="read"/> (the first rows, or the header; false at the end of the result) until it succeeds
        /// on a body not known to have broken off, or fails in a way that does not start again. Before each new attempt
        /// <paramref name="startAgain"/> drops the broken body, with all parsed from it (and may open the next).
        /// </summary>
        /// <param name="read">The step; it opens the body itself when there is none.</param>
        /// <param name="body">The body the step read from, to check for a known break; null not to check.</param>
        /// <param name="startAgain">Drops the broken body, told why.</param>
        /// <param name="cancellationToken">The caller's: once cancelled, nothing starts again.</param>
        public async ValueTask<bool> ReadFirstAsync(Func<ValueTask<bool>> read, Func<ClickHouseResponseStream?> body, Func<Exception, ValueTask> startAgain,
            CancellationToken cancellationToken)
        {
            Exception? broken = null;
            while (true)
            {
                try
                {
                    if (broken is not null)
                    {
                        await startAgain(broken).ConfigureAwait(false);
                        broken = null;
                    }
                    bool more = await read().ConfigureAwait(false);
                    if (!more || body() is not { } stream || KnownBreak(stream) is not { } known || !StartsAgain(known, cancellationToken))
                    {
                        return more;
                    }
                    broken = known;
                }
                catch (Exception e) when (StartsAgain(e, cancellationToken))
                {
                    broken = e;
                }
            }
        }

        /// <summary>
        /// The break of a body already known to have broken off. Checked before the first row is handed out: a body
        /// releases what arrived before its break (on servers without an exception tag it holds 256 KiB back until
        /// then), and rows parsed from it are better read again whole than delivered and then failed.
        /// </summary>
        private static Exception? KnownBreak(ClickHouseResponseStream body)
            => body.Failure is { } failure && IsTransportFailure(failure) ? failure : null;

        /// <summary>
        /// Whether the read starts again elsewhere after <paramref name="failure"/>, no row having been handed out: a
        /// transport failure (not a server's error, a timeout or the caller's cancellation) of a body an endpoint answered,
        /// with another endpoint left. Then that endpoint is avoided from now on and the failover counted.
        /// </summary>
        private bool StartsAgain(Exception failure, CancellationToken cancellationToken)
        {
            if (cancellationToken.IsCancellationRequested || !IsTransportFailure(failure) || _route.Answered is not { } endpoint)
            {
                return false;
            }
            _route.BrokeOff.Add(endpoint);
            _route.Answered = null;
            if (_client._pool.Pick(_route.BrokeOff) is null)
            {
                return false;
            }
            RoutingTelemetry.Failover(endpoint, _operation, failure);
            return true;
        }
    }
}
