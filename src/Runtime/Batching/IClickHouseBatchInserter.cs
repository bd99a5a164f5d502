using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// What applications call on a <see cref="ClickHouseBatchInserter{T}"/>, so that tests can substitute it; see that class
/// for what each call promises. <see cref="IClickHouseClient.CreateBatchInserter{T}"/> returns it, and the dependency
/// injection companion registers it.
/// </summary>
/// <typeparam name="T">The row type.</typeparam>
public interface IClickHouseBatchInserter<T> : IAsyncDisposable where T : IClickHouseRow<T>
{
    /// <inheritdoc cref="ClickHouseBatchInserter{T}.Table"/>
    string Table { get; }

    /// <inheritdoc cref="ClickHouseBatchInserter{T}.PendingRows"/>
    long PendingRows { get; }

    /// <inheritdoc cref="ClickHouseBatchInserter{T}.InsertAsync(T, CancellationToken)"/>
    Task InsertAsync(T row, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseBatchInserter{T}.InsertAsync(IEnumerable{T}, CancellationToken)"/>
    Task InsertAsync(IEnumerable<T> rows, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="ClickHouseBatchInserter{T}.FlushAsync(CancellationToken)"/>
    Task FlushAsync(CancellationToken cancellationToken = default);
}
