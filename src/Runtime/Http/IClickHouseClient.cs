using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// What applications call on a <see cref="ClickHouseClient"/>: queries, statements, inserts, batch inserters and
/// sessions, so that tests can substitute the client (a fake, or a mocking library's). Implement the members that take
/// options; the shorter overloads pass their parameters on to those. The dependency injection companion registers the
/// client as this interface too.
/// </summary>
public interface IClickHouseClient : IDisposable
{
    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<T> QueryAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<T> QueryAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<T> QueryAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<T>> QueryListAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<T>> QueryListAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryListAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<T>> QueryListAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryListAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryFirstAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QueryFirstAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.QueryFirstAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QueryFirstAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryFirstAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QueryFirstAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryFirstOrDefaultAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T?> QueryFirstOrDefaultAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.QueryFirstOrDefaultAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T?> QueryFirstOrDefaultAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstOrDefaultAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryFirstOrDefaultAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T?> QueryFirstOrDefaultAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QueryFirstOrDefaultAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QuerySingleAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QuerySingleAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.QuerySingleAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QuerySingleAsync<T>(string sql, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QuerySingleAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QuerySingleAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QuerySingleAsync<T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => QuerySingleAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryScalarAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QueryScalarAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryScalarAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QueryScalarAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, CancellationToken cancellationToken = default)
        => QueryScalarAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryScalarAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<T> QueryScalarAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryScalarAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryValuesAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<T>> QueryValuesAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryValuesAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<T>> QueryValuesAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, CancellationToken cancellationToken = default)
        => QueryValuesAsync<T>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryValuesAsync{T}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<T>> QueryValuesAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryValuesAsync<T>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5,T6}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5, T6)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5,T6}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5, T6)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5,T6}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5, T6)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5,T6}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5, T6)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5,T6}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5, T6)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5,T6}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5, T6)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5,T6,T7}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5, T6, T7)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5,T6,T7}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5, T6, T7)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6, T7>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryListAsync{T1,T2,T3,T4,T5,T6,T7}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<List<(T1, T2, T3, T4, T5, T6, T7)>> QueryListAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryListAsync<T1, T2, T3, T4, T5, T6, T7>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5,T6,T7}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5, T6, T7)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5,T6,T7}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5, T6, T7)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6, T7>(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryAsync{T1,T2,T3,T4,T5,T6,T7}(string, ClickHouseQueryOptions?, CancellationToken)"/>
    IAsyncEnumerable<(T1, T2, T3, T4, T5, T6, T7)> QueryAsync<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7>(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => QueryAsync<T1, T2, T3, T4, T5, T6, T7>(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.ExecuteReaderAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<ClickHouseDataReader> ExecuteReaderAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.ExecuteReaderAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<ClickHouseDataReader> ExecuteReaderAsync(string sql, CancellationToken cancellationToken = default)
        => ExecuteReaderAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.ExecuteReaderAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<ClickHouseDataReader> ExecuteReaderAsync(string sql, IReadOnlyDictionary<string, object?> parameters, CancellationToken cancellationToken = default)
        => ExecuteReaderAsync(sql, ClickHouseQueryOptions.WithParameters(parameters), cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.ExecuteAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task ExecuteAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.ExecuteAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task ExecuteAsync(string sql, CancellationToken cancellationToken = default)
        => ExecuteAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryTextAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<string> QueryTextAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryTextAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<string> QueryTextAsync(string sql, CancellationToken cancellationToken = default)
        => QueryTextAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.QueryStreamAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<Stream> QueryStreamAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.QueryStreamAsync(string, ClickHouseQueryOptions?, CancellationToken)"/>
    Task<Stream> QueryStreamAsync(string sql, CancellationToken cancellationToken = default)
        => QueryStreamAsync(sql, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.GetServerVersionAsync(CancellationToken)"/>
    Task<string> GetServerVersionAsync(CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.InsertAsync{T}(string, IEnumerable{T}, ClickHouseInsertOptions?, CancellationToken)"/>
    Task<ClickHouseInsertResult> InsertAsync<T>(string table, IEnumerable<T> rows, ClickHouseInsertOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.InsertAsync{T}(string, IEnumerable{T}, ClickHouseInsertOptions?, CancellationToken)"/>
    Task<ClickHouseInsertResult> InsertAsync<T>(string table, IEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => InsertAsync(table, rows, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.InsertAsync{T}(string, IAsyncEnumerable{T}, ClickHouseInsertOptions?, CancellationToken)"/>
    Task<ClickHouseInsertResult> InsertAsync<T>(string table, IAsyncEnumerable<T> rows, ClickHouseInsertOptions? options, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.InsertAsync{T}(string, IAsyncEnumerable{T}, ClickHouseInsertOptions?, CancellationToken)"/>
    Task<ClickHouseInsertResult> InsertAsync<T>(string table, IAsyncEnumerable<T> rows, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>
        => InsertAsync(table, rows, options: null, cancellationToken);

    /// <inheritdoc cref="ClickHouseClient.InsertRawAsync(string, string, Stream, ClickHouseInsertOptions?, CancellationToken)"/>
    Task<ClickHouseInsertResult> InsertRawAsync(string table, string format, Stream body, ClickHouseInsertOptions? options = null, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseClient.CreateTableAsync{T}(string, ClickHouseTableOptions?, CancellationToken)"/>
    Task CreateTableAsync<T>(string table, ClickHouseTableOptions? options = null, CancellationToken cancellationToken = default)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.CreateBatchInserter{T}(string, ClickHouseBatchInserterOptions?)"/>
    IClickHouseBatchInserter<T> CreateBatchInserter<T>(string table, ClickHouseBatchInserterOptions? options = null)
        where T : IClickHouseRow<T>;

    /// <inheritdoc cref="ClickHouseClient.CreateSession(ClickHouseSessionOptions?)"/>
    IClickHouseClient CreateSession(ClickHouseSessionOptions? options = null);
}
