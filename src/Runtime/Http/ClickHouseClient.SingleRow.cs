using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>Runs a SELECT and returns its first row; the request stops after it. See <see cref="QueryAsync{T}(string, CancellationToken)"/>.</summary>
    /// <exception cref="InvalidOperationException">The result has no rows.</exception>
    public Task<T> QueryFirstAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryFirstAsync{T}(string, CancellationToken)"/>
    public Task<T> QueryFirstAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryFirstAsync{T}(string, CancellationToken)"/>
    public async Task<T> QueryFirstAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        (int count, T row) = await FirstRowsAsync<T>(sql, options, 1, cancellationToken).ConfigureAwait(false);
        return count > 0
            ? row
            : throw new InvalidOperationException($"The query returned no rows; QueryFirstAsync<{T.Schema.RowTypeName}> needs one. QueryFirstOrDefaultAsync returns null (default) instead.");
    }

    /// <summary>Runs a SELECT and returns its first row, or default (null for a class) when it has none; the request stops after the row.</summary>
    public Task<T?> QueryFirstOrDefaultAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstOrDefaultAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryFirstOrDefaultAsync{T}(string, CancellationToken)"/>
    public Task<T?> QueryFirstOrDefaultAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstOrDefaultAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryFirstOrDefaultAsync{T}(string, CancellationToken)"/>
    public async Task<T?> QueryFirstOrDefaultAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => (await FirstRowsAsync<T>(sql, options, 1, cancellationToken).ConfigureAwait(false)).First;

    /// <summary>
    /// Runs a SELECT that must return exactly one row and returns it; the request stops once a second row shows there
    /// is more than one.
    /// </summary>
    /// <exception cref="InvalidOperationException">The result has no rows, or more than one.</exception>
    public Task<T> QuerySingleAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QuerySingleAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QuerySingleAsync{T}(string, CancellationToken)"/>
    public Task<T> QuerySingleAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QuerySingleAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QuerySingleAsync{T}(string, CancellationToken)"/>
    public async Task<T> QuerySingleAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
    {
        (int count, T row) = await FirstRowsAsync<T>(sql, options, 2, cancellationToken).ConfigureAwait(false);
        return count switch
        {
            1 => row,
            0 => throw new InvalidOperationException($"The query returned no rows; QuerySingleAsync<{T.Schema.RowTypeName}> needs exactly one."),
            _ => throw new InvalidOperationException(
                $"The query returned more than one row; QuerySingleAsync<{T.Schema.RowTypeName}> needs exactly one. Narrow the query (WHERE, LIMIT 1), or use QueryFirstAsync."),
        };
    }

    /// <summary>
    /// The first row and how many there are, up to <paramref name="limit"/>; a body that breaks off before then is read
    /// again whole on another endpoint (<see cref="WholeResultAsync"/>): the caller gets the row only at the end.
    /// </summary>
    private Task<(int Count, T First)> FirstRowsAsync<T>(string sql, ClickHouseQueryOptions? options, int limit, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
        => WholeResultAsync(sql, options, () => TakeAsync(QueryAsync<T>(sql, options, cancellationToken), limit, cancellationToken), cancellationToken);
}
