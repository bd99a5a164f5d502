using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// A batch inserter shut down (its <see cref="ClickHouseBatchInserterOptions.ShutdownTimeout"/> passed, or the token of
/// <see cref="ClickHouseBatchInserter{T}.ShutdownAsync"/> was cancelled) before the server acknowledged the INSERT
/// carrying the caller's rows. <see cref="MayHaveBeenInserted"/> says whether that INSERT had been sent: if so, its rows
/// may or may not be in the table; if not, they are not.
/// </summary>
public sealed class ClickHouseInsertUnacknowledgedException : Exception
{
    internal ClickHouseInsertUnacknowledgedException(string table, int batchRows, bool mayHaveBeenInserted, Exception? lastFailure)
        : base(Describe(table, batchRows, mayHaveBeenInserted, lastFailure), lastFailure)
    {
        Table = table;
        MayHaveBeenInserted = mayHaveBeenInserted;
    }

    /// <summary>The inserter's table.</summary>
    public string Table { get; }

    /// <summary>
    /// True when the INSERT had been sent, so that the rows may or may not be in the table (a deduplication token lets the
    /// same rows be sent again safely into a table that deduplicates); false when it never reached the server.
    /// </summary>
    public bool MayHaveBeenInserted { get; }

    private static string Describe(string table, int batchRows, bool mayHaveBeenInserted, Exception? lastFailure)
    {
        string outcome = mayHaveBeenInserted
            ? "it had been sent, so the rows may or may not be in the table"
            : "it was never sent, so the rows were not inserted";
        string last = lastFailure is null ? "" : $" The last attempt: {lastFailure.Message}";
        return $"The batch inserter for '{table}' shut down before the server acknowledged the INSERT carrying these rows (a batch of {batchRows:N0}): {outcome}.{last}";
    }
}
