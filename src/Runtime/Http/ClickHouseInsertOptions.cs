using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>Options of one <see cref="ClickHouseClient"/> INSERT; they add to and override the client's.</summary>
public sealed class ClickHouseInsertOptions
{
    /// <summary>The database of the table; the client's <see cref="ClickHouseClientOptions.Database"/> when null.</summary>
    public string? Database { get; set; }

    /// <summary>ClickHouse settings for this INSERT, e.g. <c>async_insert</c> = <c>1</c>.</summary>
    public IDictionary<string, string> Settings { get; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary>
    /// An <c>insert_deduplication_token</c> for this INSERT, to make a large import exactly once. ClickHouse commits an
    /// INSERT body block by block (<c>max_insert_block_size</c> rows), numbering the blocks of a token; when an import
    /// fails part way (<see cref="ClickHousePartialInsertException"/>), sending the same rows again, in the same order,
    /// with the same settings and the same token, inserts exactly the blocks that are missing into a table that
    /// deduplicates (Replicated*, or MergeTree with <c>non_replicated_deduplication_window</c>). Sent where the server
    /// has the setting (ClickHouse 22.2 and later; asked once per endpoint in <c>system.settings</c>), not sent where it
    /// lacks it or cannot be asked. See docs/insert-atomicity.md.
    /// </summary>
    public string? DeduplicationToken { get; set; }

    /// <summary>The query id (<c>query_id</c>); the client makes one when null.</summary>
    public string? QueryId { get; set; }

    /// <summary>Roles to act with for this INSERT (the <c>role</c> URL parameter), instead of the client's <see cref="ClickHouseClientOptions.Roles"/>.</summary>
    public IList<string> Roles { get; } = new List<string>();

    /// <summary>HTTP headers for this request, added to (and overriding) the client's <see cref="ClickHouseClientOptions.Headers"/>.</summary>
    public IDictionary<string, string> Headers { get; } = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// <see cref="RowBinaryFormat.RowBinary"/> (the default) or <see cref="RowBinaryFormat.RowBinaryWithDefaults"/>, which lets
    /// columns marked <see cref="ClickHouseColumnAttribute.UseServerDefault"/> take the table's default.
    /// </summary>
    public RowBinaryFormat Format { get; set; } = RowBinaryFormat.RowBinary;

    /// <summary>
    /// The format the rows are sent in; the client's <see cref="ClickHouseClientOptions.WireFormat"/> when null, and Native
    /// when that is null too (except rows with JSON or Dynamic columns: see the client's option).
    /// <see cref="RowBinaryFormat.RowBinaryWithDefaults"/> inserts always go as RowBinary (Native has no per-value
    /// defaults), and asking for Native with them is an error.
    /// </summary>
    public ClickHouseWireFormat? WireFormat { get; set; }

    /// <summary>
    /// Check the row type against the table before sending a row (default true): the client asks the server for the
    /// table's columns once (one small query per server, database and table, cached by the client), and an INSERT whose
    /// row type does not fit throws <see cref="RowBinarySchemaMismatchException"/> without sending anything. Where the
    /// server can check too (ClickHouse 21.12 and later), the rows go as RowBinaryWithNamesAndTypes with the table's own
    /// type names, so that a table altered since is refused before its first row. Turn it off for a table whose columns
    /// the user may not see.
    /// </summary>
    public bool CheckSchema { get; set; } = true;

    /// <summary>
    /// Told the rows and bytes sent so far each time a chunk of the body (about 128 KiB) goes to the network (in Native,
    /// each time a block of <see cref="NativeSerializer.BlockRows"/> rows has gone), and once at the end. <see cref="System.Progress{T}"/> reports on the caller's synchronization context.
    /// </summary>
    public IProgress<ClickHouseInsertProgress>? Progress { get; set; }
}
