using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// An <c>InsertAsync</c> failed after the server may have committed some of its rows: the server commits an INSERT body
/// block by block as it parses it (<c>max_insert_block_size</c> rows), and this one failed after at least one whole
/// block had been sent, or after the whole body had been sent and before the answer came. A failure that cannot have left
/// anything in the table (less than one block sent, the body never completed) is thrown as it is instead.
/// <see cref="Exception.InnerException"/> is the failure; the message says what may have stayed and how to finish the
/// import exactly once (see <see cref="ClickHouseInsertOptions.DeduplicationToken"/>).
/// </summary>
public sealed class ClickHousePartialInsertException : Exception
{
    internal ClickHousePartialInsertException(string table, long rowsSent, InsertBlockSize blocks, long mayHaveCommittedRows, bool wholeBodySent,
        string? deduplicationToken, bool? serverHasDeduplicationToken, Exception innerException)
        : base(Describe(table, rowsSent, blocks, mayHaveCommittedRows, wholeBodySent, deduplicationToken, serverHasDeduplicationToken, innerException), innerException)
    {
        Table = table;
        RowsSent = rowsSent;
        BlockRows = blocks.Rows;
        MayHaveCommittedRows = mayHaveCommittedRows;
        WholeBodySent = wholeBodySent;
        DeduplicationToken = deduplicationToken;
    }

    /// <summary>The table of the INSERT.</summary>
    public string Table { get; }

    /// <summary>The rows that went towards the server before the failure: no more than these can be in the table.</summary>
    public long RowsSent { get; }

    /// <summary>
    /// The rows of a block the server commits as a whole: its <c>max_insert_block_size</c> as far as the client knows; for a
    /// Native INSERT, the rows at which it commits the blocks it has gathered (<c>min_insert_block_size_rows</c>).
    /// </summary>
    public long BlockRows { get; }

    /// <summary>At most how many of the rows the server may have committed (whole blocks, or every row when <see cref="WholeBodySent"/>).</summary>
    public long MayHaveCommittedRows { get; }

    /// <summary>True when the failure came after the whole body had been sent: the server may have committed all of it.</summary>
    public bool WholeBodySent { get; }

    /// <summary>The <c>insert_deduplication_token</c> the INSERT carried, or null when it carried none.</summary>
    public string? DeduplicationToken { get; }

    private static string Describe(string table, long rowsSent, InsertBlockSize blocks, long mayHaveCommittedRows, bool wholeBodySent,
        string? token, bool? serverHasToken, Exception failure)
    {
        string what = (wholeBodySent, blocks.BytesMayCut) switch
        {
            (false, _) when blocks.Native => $"The INSERT into {table} failed after {rowsSent:N0} rows had been sent in Native blocks: the server commits the blocks it has received together once they hold {blocks.Rows:N0} rows (min_insert_block_size_rows) or {blocks.NativeMinBytes:N0} bytes (min_insert_block_size_bytes), so up to {mayHaveCommittedRows:N0} rows may be in the table.",
            (true, _) => $"The INSERT into {table} failed after its whole body ({rowsSent:N0} rows) had been sent: the server may have committed all of it, some of its blocks, or nothing.",
            (false, false) => $"The INSERT into {table} failed after {rowsSent:N0} rows had been sent: the server commits each block of {blocks.Rows:N0} rows (max_insert_block_size) as it completes it, so up to {mayHaveCommittedRows:N0} rows may be in the table.",
            (false, true) => $"The INSERT into {table} failed after {rowsSent:N0} rows had been sent: the server commits each block as it completes it, and its settings let a block end by bytes before {blocks.Rows:N0} rows, so any of them may be in the table.",
        };
        string remedy = (token, serverHasToken) switch
        {
            ({ }, _) => $" Sending the same rows again, in the same order, with the same settings and the same DeduplicationToken ('{token}'), inserts exactly the blocks that are missing on a table that deduplicates (Replicated*, or MergeTree with non_replicated_deduplication_window).",
            (null, false) => " This server has no insert_deduplication_token (ClickHouse 22.2 and later, where ClickHouseInsertOptions.DeduplicationToken makes a retry safe): remove what landed before sending the rows again.",
            _ => " To make a retry safe, send the rows with ClickHouseInsertOptions.DeduplicationToken (ClickHouse 22.2 and later) into a table that deduplicates (Replicated*, or MergeTree with non_replicated_deduplication_window); otherwise remove what landed before sending them again.",
        };
        return $"{what}{remedy} See docs/insert-atomicity.md. The failure: {failure.Message}";
    }
}
