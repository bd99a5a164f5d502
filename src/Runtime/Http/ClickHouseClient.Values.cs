using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Runs a query and returns the one column of its first row as <typeparamref name="T"/>: <c>SELECT count() ...</c>,
    /// <c>SELECT max(ts) ...</c>, <c>EXISTS TABLE t</c> (as <c>bool</c>). The result's header is checked first: one
    /// column, of a type whose every value <typeparamref name="T"/> holds (see docs/queries.md); the request stops
    /// after the first row.
    /// </summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    /// <exception cref="RowBinarySchemaMismatchException">The result has more or fewer than one column, or its type does not fit
    /// <typeparamref name="T"/>; the message names the column, the expected and the actual type.</exception>
    /// <exception cref="InvalidOperationException">The result has no rows.</exception>
    public Task<T> QueryScalarAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, CancellationToken cancellationToken = default)
        => QueryScalarAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryScalarAsync{T}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<T> QueryScalarAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryScalarAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryScalarAsync{T}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public async Task<T> QueryScalarAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
    {
        (int count, T value) = await WholeResultAsync(sql, options,
            () => TakeAsync(ResultRows<T, ValueRowDecoder<T>>(sql, options, cancellationToken), 1, cancellationToken), cancellationToken).ConfigureAwait(false);
        return count > 0
            ? value
            : throw new InvalidOperationException(
                $"The query returned no rows, so there is no {CSharpTypeNames.Of(typeof(T))} to read: QueryScalarAsync reads the first row's one column. " +
                "For a result that may be empty, use QueryValuesAsync (a list of each row's value).");
    }

    /// <summary>
    /// Runs a query of one column and returns every row's value as <typeparamref name="T"/>, e.g. the names of
    /// <c>SHOW TABLES</c>. The header is checked as for <see cref="QueryScalarAsync{T}(string, CancellationToken)"/>.
    /// </summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<T>> QueryValuesAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, CancellationToken cancellationToken = default)
        => QueryValuesAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryValuesAsync{T}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<T>> QueryValuesAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryValuesAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryValuesAsync{T}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<T>> QueryValuesAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultListAsync<T, ValueRowDecoder<T>>(sql, options, cancellationToken);

    /// <summary>The rows of a result read without a row type, streamed: its header is read (or described) before the first row.</summary>
    private RowBinaryRows<T, TDecoder> ResultRows<T, TDecoder>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
        where TDecoder : struct, IRowDecoder<T>
        => StreamRows<T, TDecoder>(sql, options,
            async token =>
            {
                (ClickHouseResponseStream body, RowBinaryFormat format, TDecoder decoder) = await OpenResultAsync<T, TDecoder>(sql, options, token).ConfigureAwait(false);
                return (body, format, decoder);
            },
            cancellationToken);

    /// <summary>Every row of a result read without a row type, in a list.</summary>
    private async Task<List<T>> ResultListAsync<T, TDecoder>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
        where TDecoder : struct, IRowDecoder<T>
    {
        return await WholeResultAsync(sql, options, async () =>
            {
                (ClickHouseResponseStream body, RowBinaryFormat format, TDecoder decoder) = await OpenResultAsync<T, TDecoder>(sql, options, cancellationToken).ConfigureAwait(false);
                return await ReadListAsync<T, TDecoder>(body, format, decoder, cancellationToken).ConfigureAwait(false);
            },
            cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The first row and how many rows there are, counting to at most <paramref name="limit"/>: the request stops (the
    /// enumerator's disposal aborts it) once that many rows have been read.
    /// </summary>
    private static async Task<(int Count, T First)> TakeAsync<T>(IAsyncEnumerable<T> rows, int limit, CancellationToken cancellationToken)
    {
        IAsyncEnumerator<T> enumerator = rows.GetAsyncEnumerator(cancellationToken);
        await using (enumerator.ConfigureAwait(false))
        {
            if (!await enumerator.MoveNextAsync().ConfigureAwait(false))
            {
                return (0, default!);
            }
            T first = enumerator.Current;
            int count = 1;
            while (count < limit && await enumerator.MoveNextAsync().ConfigureAwait(false))
            {
                count++;
            }
            return (count, first);
        }
    }
}
