using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

// Rows as value tuples, without a row type: QueryListAsync<string, ulong>(sql) gives a List<(string, ulong)>, which a
// List<(string Page, ulong Views)> takes as it is. Columns are matched by position; the header is checked first.
public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Runs a query and reads every row into a list of value tuples, column i into element i: the header is checked
    /// first (as many columns as elements, each of a type its element holds; see docs/queries.md).
    /// </summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    /// <exception cref="RowBinarySchemaMismatchException">The column count differs from the tuple's, or a column's type does not fit
    /// its element; the message names the column, the expected and the actual type.</exception>
    public Task<List<(T1, T2)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultListAsync<(T1, T2), TupleRowDecoder<T1, T2>>(sql, options, cancellationToken);

    /// <summary>
    /// Runs a query and streams its rows as value tuples as they arrive, column i into element i; see
    /// <see cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>. Disposing the enumerator, or cancelling, aborts the request;
    /// as for <see cref="QueryAsync{T}(string, CancellationToken)"/>, the arguments are checked by this call.
    /// </summary>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultRows<(T1, T2), TupleRowDecoder<T1, T2>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    public Task<List<(T1, T2, T3)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultListAsync<(T1, T2, T3), TupleRowDecoder<T1, T2, T3>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    public IAsyncEnumerable<(T1, T2, T3)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultRows<(T1, T2, T3), TupleRowDecoder<T1, T2, T3>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    public Task<List<(T1, T2, T3, T4)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultListAsync<(T1, T2, T3, T4), TupleRowDecoder<T1, T2, T3, T4>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    public IAsyncEnumerable<(T1, T2, T3, T4)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultRows<(T1, T2, T3, T4), TupleRowDecoder<T1, T2, T3, T4>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    public Task<List<(T1, T2, T3, T4, T5)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4, T5)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4, T5)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultListAsync<(T1, T2, T3, T4, T5), TupleRowDecoder<T1, T2, T3, T4, T5>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultRows<(T1, T2, T3, T4, T5), TupleRowDecoder<T1, T2, T3, T4, T5>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    public Task<List<(T1, T2, T3, T4, T5, T6)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4, T5, T6)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4, T5, T6)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultListAsync<(T1, T2, T3, T4, T5, T6), TupleRowDecoder<T1, T2, T3, T4, T5, T6>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultRows<(T1, T2, T3, T4, T5, T6), TupleRowDecoder<T1, T2, T3, T4, T5, T6>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    public Task<List<(T1, T2, T3, T4, T5, T6, T7)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6, T7>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4, T5, T6, T7)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6, T7>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryListAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public Task<List<(T1, T2, T3, T4, T5, T6, T7)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultListAsync<(T1, T2, T3, T4, T5, T6, T7), TupleRowDecoder<T1, T2, T3, T4, T5, T6, T7>>(sql, options, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6, T7)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6, T7>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause, naming parameters as <c>{name:Type}</c>.</param>
    /// <param name="parameters">Values for the <c>{name:Type}</c> parameters in <paramref name="sql"/>.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6, T7)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6, T7>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="QueryAsync{T1, T2}(string, CancellationToken)"/>
    /// <param name="sql">The query, without a FORMAT clause; server-side parameters as <c>{name:Type}</c>.</param>
    /// <param name="options">Parameters, settings, database and query id of this query.</param>
    /// <param name="cancellationToken">Aborts the request.</param>
    public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6, T7)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        => ResultRows<(T1, T2, T3, T4, T5, T6, T7), TupleRowDecoder<T1, T2, T3, T4, T5, T6, T7>>(sql, options, cancellationToken);
}
