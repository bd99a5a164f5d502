using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Runs a query and returns a reader of its rows as they stream in, with each column's name and ClickHouse type:
    /// any result, no row type needed (<see cref="ClickHouseDataReader"/>). The reader is returned once the columns are
    /// known; disposing it ends the request.
    /// </summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="cancellationToken">Aborts the request while it is being opened.</param>
    public Task<ClickHouseDataReader> ExecuteReaderAsync(string sql, CancellationToken cancellationToken = default)
        => ExecuteReaderAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ExecuteReaderAsync(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request while it is being opened.</param>
    public Task<ClickHouseDataReader> ExecuteReaderAsync(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => ExecuteReaderAsync(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ExecuteReaderAsync(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request while it is being opened.</param>
    public async Task<ClickHouseDataReader> ExecuteReaderAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(sql);
        var lifetime = new CancellationTokenSource();
        using (cancellationToken.Register(static state => ((CancellationTokenSource)state!).Cancel(), lifetime))
        {
            return await ClickHouseDataReader.OpenAsync(token => OpenDescribedResultAsync(sql, options, token), lifetime, FirstRowFailoverFor(sql, options))
                .ConfigureAwait(false);
        }
    }
}
