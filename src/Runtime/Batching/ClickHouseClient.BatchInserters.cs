using System;

namespace ClickHouse.RowBinary;

// The part of the client that makes batch inserters lives with them, so that requests know nothing of batching.
public sealed partial class ClickHouseClient
{
    /// <summary>Creates a batch inserter over this client, which must outlive it; see <see cref="ClickHouseBatchInserter{T}"/>.</summary>
    /// <param name="table">The table name, quoted as one identifier (use <see cref="ClickHouseBatchInserterOptions.Database"/> for another database).</param>
    /// <param name="options">When batches are sent and how they are retried; the defaults when null.</param>
    /// <exception cref="InvalidOperationException">This client is a session (<see cref="CreateSession"/>): a batch inserter
    /// sends several INSERTs at once and moves them between endpoints, which a session (one server, one request at a time)
    /// cannot take.</exception>
    public ClickHouseBatchInserter<T> CreateBatchInserter<T>(string table, ClickHouseBatchInserterOptions? options = null)
        where T : IClickHouseRow<T>
    {
        if (_session is not null)
        {
            throw new InvalidOperationException(
                $"This client is the session {_session.Id}: create the batch inserter from the client, not the session. A batch inserter sends "
                + "several INSERTs at once over every endpoint, and ClickHouse refuses concurrent requests of one session (code 373).");
        }
        return new(this, table, options ?? new ClickHouseBatchInserterOptions());
    }

    IClickHouseBatchInserter<T> IClickHouseClient.CreateBatchInserter<T>(string table, ClickHouseBatchInserterOptions? options) => CreateBatchInserter<T>(table, options);
}
